import { useTranslation } from '@/lib/use-translation';
import type { AccuracyWithBaseline } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { percentTr, pointsTr } from '@/features/predictions/lib/accuracy-text';
import '@/features/predictions/i18n';

/**
 * 'İsabet %50,9 · piyasa yönü %52,5 · fark −1,6 puan': a hit rate is never shown without the market direction on the
 * same rows and the edge over it; with `interval`, the edge's day-clustered 95 % interval follows.
 */
export function AccuracyBaselineLine({
  detail,
  interval = false,
  className,
  testId = 'accuracy-baseline',
}: {
  detail: Pick<AccuracyWithBaseline, 'accuracy' | 'baseline' | 'edge_points' | 'edge_ci'>;
  interval?: boolean;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation('predictions');
  return (
    <p className={cn('text-xs text-muted-foreground tabular-nums', className)} data-testid={testId}>
      {t('baseline.line', {
        accuracy: percentTr(detail.accuracy),
        baseline: percentTr(detail.baseline),
        edge: pointsTr(detail.edge_points),
      })}
      {interval && detail.edge_ci ? (
        <span>
          {' '}
          {t('baseline.edgeCi', { low: pointsTr(detail.edge_ci.low), high: pointsTr(detail.edge_ci.high) })}
        </span>
      ) : null}
    </p>
  );
}

/** Marks a figure whose edge interval contains zero: not distinguishable from the market direction. */
export function IndistinguishableBadge({ className }: { className?: string }) {
  const { t } = useTranslation('predictions');
  return (
    <Badge
      variant="outline"
      className={cn('text-[11px] font-normal text-muted-foreground', className)}
      data-testid="indistinguishable"
    >
      {t('baseline.indistinguishable')}
    </Badge>
  );
}
