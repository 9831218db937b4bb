import { useTranslation } from '@/lib/use-translation';
import { Brain } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPrice } from '@/lib/format';
import { useStockPredictions } from '@/features/predictions/api/get-stock-predictions';
import { ConfidenceInfo } from './info-tooltip';
import { ModelsSourceLine } from './models-source-line';
import { CallBadge, ConfidenceText, MeasuredLevelText, RelativeReturnText } from './prediction-badges';
import { AlgorithmName, ProductionWindows } from './production-models';
import '@/features/predictions/i18n';

/**
 * The stock page's AI card: the production model's latest call for this stock per horizon, with its confidence, its
 * hit rate beside the market direction and the edge, and whether the stock is under the liquidity floor. Nothing is
 * shown when the request fails (a secondary panel); a plain line when there is no call.
 */
export function StockPredictionCard({ symbol }: { symbol: string }) {
  const { t } = useTranslation('predictions');
  const query = useStockPredictions(symbol);
  if (query.isError) return null;
  const data = query.data;
  return (
    <Card data-testid="stock-prediction">
      <CardHeader className="flex-row items-center gap-2">
        <Brain className="size-4 text-muted-foreground" aria-hidden="true" />
        <CardTitle className="text-base">{t('stock.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {!data ? (
          <Skeleton className="h-16 w-full" />
        ) : data.predictions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('stock.none')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {data.predictions.map(({ prediction: p, model, passes_liquidity_floor }) => (
              <li key={p.id} className="space-y-2 rounded-lg border p-3" data-testid="stock-prediction-item">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm font-medium">{t('stock.horizon', { count: p.horizon_days })}</span>
                  <CallBadge call={p.call} />
                </div>
                <p className="flex flex-wrap items-center gap-x-2 text-sm">
                  <span className="text-muted-foreground">{t('table.relativeReturn')}:</span>
                  <RelativeReturnText p={p} />
                </p>
                <p className="flex flex-wrap items-center gap-x-2 text-sm tabular-nums">
                  <span className="inline-flex items-center gap-1">
                    {t('table.confidence')}: <ConfidenceText confidence={p.confidence} />
                    <ConfidenceInfo />
                  </span>
                  {p.target_price !== null ? (
                    <span className="text-muted-foreground" data-role="target-price">
                      · {t('stock.target', { price: formatPrice(p.target_price) })}
                    </span>
                  ) : null}
                </p>
                <p className="text-xs">
                  {t('table.measured')}: <MeasuredLevelText level={p.measured_level} />
                </p>
                <p className="text-xs text-muted-foreground">
                  {t('production.title')}:{' '}
                  <AlgorithmName name={model.algorithm_name} english={model.algorithm_name_en} />
                </p>
                <ProductionWindows model={model} />
                {passes_liquidity_floor ? null : (
                  <p className="text-xs text-amber-700 dark:text-amber-400" data-testid="below-floor">
                    {t('stock.belowFloor')}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">{t('baseline.explanation')}</p>
        <ModelsSourceLine />
      </CardContent>
    </Card>
  );
}
