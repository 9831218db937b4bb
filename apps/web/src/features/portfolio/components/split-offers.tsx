import type { SplitOffer } from '@bist/contracts';
import { toast } from '@/components/ui/toaster';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { formatIsoDate, formatNumber } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useAcceptSplitOffer, useSplitOffers } from '@/features/portfolio/api/split-offers';
import '@/features/portfolio/i18n';

const ratioPart = (x: number) => formatNumber(x, Number.isInteger(x) ? 0 : 2);

/**
 * The splits the market data provider reported for stocks held the day before them, each offered for the ledger
 * ('Deftere ekle' records the split transaction of its extra shares; nothing changes without it). Decision 0052.
 */
export function SplitOffersList({
  offers,
  onAccept,
  pending,
}: {
  offers: readonly SplitOffer[];
  onAccept: (offer: SplitOffer) => void;
  /** The offer being recorded (its button waits). */
  pending: Pick<SplitOffer, 'symbol' | 'date'> | null;
}) {
  const { t } = useTranslation('portfolio');
  if (offers.length === 0) return null;
  return (
    <section
      aria-label={t('splitOffers.title')}
      className="space-y-2 rounded-lg border border-primary/40 bg-primary/5 px-4 py-3 text-sm"
      data-testid="split-offers"
    >
      <h2 className="font-semibold">{t('splitOffers.title')}</h2>
      <ul className="space-y-2">
        {offers.map((offer) => (
          <li
            key={`${offer.symbol}|${offer.date}`}
            className="flex flex-col items-start gap-2 sm:flex-row sm:items-center"
            data-testid="split-offer"
          >
            <span className="min-w-0 flex-1 text-muted-foreground">
              {t('splitOffers.text', {
                symbol: offer.symbol,
                date: formatIsoDate(offer.date),
                ratio: `${ratioPart(offer.numerator)}:${ratioPart(offer.denominator)}`,
                before: formatNumber(offer.shares_before),
                extra: formatNumber(offer.extra_shares),
              })}
            </span>
            <Button
              size="sm"
              disabled={pending !== null}
              onClick={() => onAccept(offer)}
              aria-label={t('splitOffers.acceptLabel', { symbol: offer.symbol })}
            >
              {pending?.symbol === offer.symbol && pending.date === offer.date
                ? t('splitOffers.accepting')
                : t('splitOffers.accept')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The split offers of the signed-in investor, read from the server and accepted into the ledger. */
export function SplitOffers() {
  const { t } = useTranslation('portfolio');
  const offers = useSplitOffers();
  const accept = useAcceptSplitOffer();
  return (
    <SplitOffersList
      offers={offers.data ?? []}
      pending={accept.isPending ? (accept.variables ?? null) : null}
      onAccept={(offer) =>
        accept.mutate(offer, {
          onSuccess: () => toast.success(t('splitOffers.accepted', { symbol: offer.symbol })),
          onError: (e) => toast.error(isApiError(e) ? e.displayMessage : t('common.failed')),
        })
      }
    />
  );
}
