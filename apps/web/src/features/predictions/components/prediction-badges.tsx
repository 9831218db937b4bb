import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { useTranslation } from '@/lib/use-translation';
import { Badge } from '@/components/ui/badge';
import { formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';
import {
  confidenceColorClass,
  directionOf,
  predictionStatusOf,
} from '@/features/predictions/lib/prediction-rules';
import '@/features/predictions/i18n';

/** Up 'Yükseliş', down 'Düşüş', anything else 'Belirsiz' — colour plus an arrow, never colour alone. */
export function DirectionBadge({ prediction, className }: { prediction: unknown; className?: string }) {
  const { t } = useTranslation('predictions');
  const direction = directionOf(prediction);
  const Icon = direction === 'up' ? TrendingUp : direction === 'down' ? TrendingDown : Minus;
  return (
    <Badge
      variant={direction === 'up' ? 'up' : direction === 'down' ? 'down' : 'neutral'}
      className={className}
      data-direction={direction}
    >
      <Icon aria-hidden="true" />
      {t(`direction.${direction}`)}
    </Badge>
  );
}

/** 'Güçlü' at confidence ≥ 80, else 'Orta'. */
export function StatusBadge({ confidence }: { confidence: number }) {
  const { t } = useTranslation('predictions');
  const status = predictionStatusOf(confidence);
  return (
    <Badge
      variant={status === 'strong' ? 'up' : 'outline'}
      className={
        status === 'medium'
          ? 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-400'
          : undefined
      }
      data-status={status}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Confidence percent in green at ≥ 80 %, yellow at ≥ 60 %, else red. */
export function ConfidenceText({ confidence, className }: { confidence: number; className?: string }) {
  return (
    <span
      className={cn('font-medium tabular-nums', confidenceColorClass(confidence), className)}
      data-role="confidence"
    >
      {formatPercent(confidence, 1)}
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
