import type { MarketSource } from '@bist/contracts';
import { formatIsoDate } from '@/lib/format';
import { useMarketSource } from '@/lib/use-market-source';
import { useTranslation } from '@/lib/use-translation';
import { cn } from '@/lib/utils';
import '@/features/predictions/i18n';

const selectModels = (source: MarketSource | null) => source?.models ?? null;

/**
 * What the served models learned from: 'Modellerin öğrendiği veri: gerçek BIST geçmişi, 29.11.2021–26.11.2026' or
 * '… simülasyon verisi' (so an accuracy measured on simulated prices says so). Nothing before the first training,
 * or when the server does not say.
 */
export function ModelsSourceLine({ className }: { className?: string }) {
  const { t } = useTranslation('predictions');
  const { data: models } = useMarketSource(selectModels);
  if (!models) return null;
  const words =
    models.source === 'real'
      ? t('modelsSource.real', {
          first: formatIsoDate(models.first_date),
          last: formatIsoDate(models.last_date),
        })
      : t('modelsSource.simulated');
  return (
    <p
      className={cn('text-xs text-muted-foreground tabular-nums', className)}
      data-testid="models-source"
      data-source={models.source}
    >
      {t('modelsSource.line', { source: words })}
    </p>
  );
}
