import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import type { PredictionCall } from '@bist/contracts/values';
import type { TopPrediction } from '@bist/contracts';
import { useTranslation } from '@/lib/use-translation';
import { Badge } from '@/components/ui/badge';
import { formatChange, formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';
import { callToneOf, isRelativeCall } from '@/features/predictions/lib/prediction-rules';
import '@/features/predictions/i18n';

/**
 * The call as the server decided it (predictionCallOf): 'Piyasadan iyi' / 'Piyasadan kötü' with 'XU100'e göre' for a
 * relative model, 'Yükseliş' / 'Düşüş' only for an absolute one — colour plus an arrow, never colour alone.
 */
export function CallBadge({ call, className }: { call: PredictionCall; className?: string }) {
  const { t } = useTranslation('predictions');
  const tone = callToneOf(call);
  const Icon = tone === 'up' ? TrendingUp : tone === 'down' ? TrendingDown : Minus;
  return (
    <span className={cn('inline-flex flex-col items-start gap-0.5', className)}>
      <Badge variant={tone} data-call={call} data-testid="call-badge">
        <Icon aria-hidden="true" />
        {t(`call.${call}`)}
      </Badge>
      {isRelativeCall(call) ? (
        <span className="text-xs text-muted-foreground">{t('call.versus')}</span>
      ) : null}
    </span>
  );
}

/** Confidence percent without colour levels (no unmeasured thresholds); '—' when the call has none. */
export function ConfidenceText({ confidence, className }: { confidence: number | null; className?: string }) {
  return (
    <span className={cn('font-medium tabular-nums', className)} data-role="confidence">
      {confidence === null ? '—' : formatPercent(confidence, 1)}
    </span>
  );
}

/** The measured level of a call's confidence: how often the calls of its reliability bin came true. */
export function MeasuredLevelText({ level }: { level: TopPrediction['measured_level'] }) {
  const { t } = useTranslation('predictions');
  if (!level) return <span className="text-muted-foreground">{t('measured.none')}</span>;
  return (
    <span className="tabular-nums" data-testid="measured-level">
      {t('measured.value', {
        rate: formatPercent(level.realised_percent, 1),
        low: formatPercent(level.low_percent, 0),
        high: formatPercent(level.high_percent, 0),
        count: level.count,
      })}
    </span>
  );
}

/** The expected return relative to the day's median, with its measured 80 % interval. */
export function RelativeReturnText({ p }: { p: TopPrediction }) {
  const { t } = useTranslation('predictions');
  if (p.relative_return === null) return <span className="text-muted-foreground">—</span>;
  const pct = (v: number) => formatChange(100 * v);
  return (
    <span className="inline-flex flex-col items-end tabular-nums" data-role="relative-return">
      <span>{pct(p.relative_return)}</span>
      {p.relative_interval ? (
        <span className="text-xs text-muted-foreground">
          {t('relative.interval', { low: pct(p.relative_interval.low), high: pct(p.relative_interval.high) })}
        </span>
      ) : null}
    </span>
  );
}

/** 'Örnek veri': marks every figure of the sample shown before the first predictions. */
export function ExampleBadge({ className }: { className?: string }) {
  const { t } = useTranslation('predictions');
  return (
    <Badge
      variant="outline"
      className={cn('border-amber-500/50 bg-amber-500/10 text-amber-800 dark:text-amber-300', className)}
      data-testid="example-badge"
    >
      {t('example.badge')}
    </Badge>
  );
}
