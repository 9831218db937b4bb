import type { MarketSource } from '@bist/contracts';
import { formatDateTime } from '@/features/market/lib/format-market';
import { isComputedIndex, marketSourceKind } from '@/lib/market-source';
import { useMarketSource } from '@/lib/use-market-source';
import { useTranslation } from '@/lib/use-translation';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

/** 'Yahoo Finance, 15 dk gecikmeli', 'simülasyon, gerçek piyasa değil' or 'bilinmiyor' (the server did not say). */
function useSourceWords(source: MarketSource | null | undefined): string {
  const { t } = useTranslation('market');
  const kind = marketSourceKind(source);
  if (kind !== 'real' || !source)
    return t(kind === 'simulated' ? 'source.lineSimulated' : 'source.lineUnknown');
  const provider = source.provider ?? '---';
  return source.delay_minutes === null
    ? t('source.lineRealNoDelay', { provider })
    : t('source.lineReal', { provider, delay: source.delay_minutes });
}

/**
 * 'Kaynak: Yahoo Finance, 15 dk gecikmeli · 27.11.2026 15:42:10': where a page's prices come from and the time of
 * the newest data, under the stock and index pages' headers. Nothing until the server has answered. `splitAdjusted`
 * (the stock page, whose chart shows stored history) adds '· geçmiş fiyatlar bölünmelere göre düzeltilmiş' when the
 * stored history is the real provider's, which the server keeps adjusted for splits (decision 0052); a simulated
 * history has no splits to adjust for, so nothing is claimed then.
 */
export function SourceLine({
  className,
  splitAdjusted = false,
}: {
  className?: string;
  splitAdjusted?: boolean;
}) {
  const { t } = useTranslation('market');
  const query = useMarketSource();
  const words = useSourceWords(query.data);
  if (query.isPending) return null;
  const adjusted = splitAdjusted && query.data?.history.source === 'real';
  return (
    <p
      className={cn('text-xs text-muted-foreground tabular-nums', className)}
      data-testid="source-line"
      data-source={marketSourceKind(query.data)}
    >
      {t('source.line', { source: words, time: formatDateTime(query.data?.as_of) })}
      {adjusted ? (
        <span data-testid="split-adjusted" title={t('source.splitAdjustedHint')}>
          {` · ${t('source.lineSplitAdjusted')}`}
        </span>
      ) : null}
    </p>
  );
}

/** Whether the product computes the index from its members (the rest are the provider's published levels). */
export function useComputedIndex(code: string | undefined): boolean {
  return useMarketSource((source) => (code ? isComputedIndex(source, code) : false)).data ?? false;
}

/**
 * 'BIST AI hesaplaması (üyelerden)' beside an index level the product computed from its members; `short` for tight
 * places (a grid card): 'Hesaplanan', with the full words for screen readers and on hover.
 */
export function ComputedIndexLabel({ short = false, className }: { short?: boolean; className?: string }) {
  const { t } = useTranslation('market');
  const full = t('source.computedIndex');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded border border-amber-500/40 bg-amber-500/10 px-1 text-[10px] leading-4 font-medium whitespace-nowrap text-amber-800 dark:text-amber-300',
        className,
      )}
      title={t('source.computedIndexHint')}
      data-testid="computed-index"
    >
      {short ? (
        <>
          <span aria-hidden="true">{t('source.computedShort')}</span>
          <span className="sr-only">{full}</span>
        </>
      ) : (
        full
      )}
    </span>
  );
}
