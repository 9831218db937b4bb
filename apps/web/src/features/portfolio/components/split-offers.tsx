import type { SplitOffer } from '@bist/contracts';
import { toast } from '@/components/ui/toaster';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { formatIsoDate, formatNumber } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import {
  useAcceptSplitOffer,
  useDismissSplitOffer,
  useSplitOffers,
} from '@/features/portfolio/api/split-offers';
import '@/features/portfolio/i18n';

const ratioPart = (x: number) => formatNumber(x, Number.isInteger(x) ? 0 : 2);

/** The offer being answered, and how (its button waits; the others are disabled meanwhile). */
export interface PendingSplitOffer {
  symbol: string;
  date: string;
  action: 'accept' | 'dismiss';
}

function OfferText({ offer }: { offer: SplitOffer }) {
  const { t } = useTranslation('portfolio');
  const date = formatIsoDate(offer.date);
  const before = formatNumber(offer.shares_before);
  if (offer.kind === 'split') {
    return (
      <>
        {t('splitOffers.text', {
          symbol: offer.symbol,
          date,
          ratio: `${ratioPart(offer.numerator)}:${ratioPart(offer.denominator)}`,
          before,
          extra: formatNumber(offer.extra_shares),
        })}
      </>
    );
  }
  // The provider's 1:10 (one new share for ten old ones) reads 'her 10 hisse 1 hisse oldu'.
  return (
    <>
      {t('splitOffers.reverseText', {
        symbol: offer.symbol,
        date,
        old: ratioPart(offer.denominator),
        new: ratioPart(offer.numerator),
        before,
        after: formatNumber(offer.shares_after),
        removed: formatNumber(offer.removed_shares),
      })}
      {offer.fraction_dropped > 0
        ? ` ${t('splitOffers.fraction', { fraction: formatNumber(offer.fraction_dropped, 2) })}`
        : null}
    </>
  );
}

/**
 * The splits and reverse splits the market data provider reported for stocks held the day before them, each offered
 * for the ledger ('Deftere ekle' records the split or reverse split transaction; nothing changes without it) or
 * declined ('Yoksay': not offered again). Decisions 0052 and 0062.
 */
export function SplitOffersList({
  offers,
  onAccept,
  onDismiss,
  pending,
}: {
  offers: readonly SplitOffer[];
  onAccept: (offer: SplitOffer) => void;
  onDismiss: (offer: SplitOffer) => void;
  pending: PendingSplitOffer | null;
}) {
  const { t } = useTranslation('portfolio');
  if (offers.length === 0) return null;
  const waiting = (offer: SplitOffer, action: PendingSplitOffer['action']) =>
    pending?.symbol === offer.symbol && pending.date === offer.date && pending.action === action;
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
              <OfferText offer={offer} />
            </span>
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={pending !== null}
                onClick={() => onAccept(offer)}
                aria-label={t(
                  offer.kind === 'split' ? 'splitOffers.acceptLabel' : 'splitOffers.reverseAcceptLabel',
                  { symbol: offer.symbol },
                )}
              >
                {waiting(offer, 'accept') ? t('splitOffers.accepting') : t('splitOffers.accept')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={pending !== null}
                onClick={() => onDismiss(offer)}
                aria-label={t('splitOffers.dismissLabel', { symbol: offer.symbol })}
              >
                {waiting(offer, 'dismiss') ? t('splitOffers.dismissing') : t('splitOffers.dismiss')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The split offers of the signed-in investor, read from the server, accepted into the ledger or dismissed. */
export function SplitOffers() {
  const { t } = useTranslation('portfolio');
  const offers = useSplitOffers();
  const accept = useAcceptSplitOffer();
  const dismiss = useDismissSplitOffer();
  const failed = (e: unknown) => toast.error(isApiError(e) ? e.displayMessage : t('common.failed'));
  const pending: PendingSplitOffer | null =
    accept.isPending && accept.variables
      ? { ...accept.variables, action: 'accept' }
      : dismiss.isPending && dismiss.variables
        ? { ...dismiss.variables, action: 'dismiss' }
        : null;
  return (
    <SplitOffersList
      offers={offers.data ?? []}
      pending={pending}
      onAccept={(offer) =>
        accept.mutate(offer, {
          onSuccess: () =>
            toast.success(
              t(offer.kind === 'split' ? 'splitOffers.accepted' : 'splitOffers.reverseAccepted', {
                symbol: offer.symbol,
              }),
            ),
          onError: failed,
        })
      }
      onDismiss={(offer) =>
        dismiss.mutate(offer, {
          onSuccess: () => toast.success(t('splitOffers.dismissed', { symbol: offer.symbol })),
          onError: failed,
        })
      }
    />
  );
}
