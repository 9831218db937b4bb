import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { ArrowRight, Brain } from 'lucide-react';
import { DASHBOARD_PREDICTION_CARDS } from '@bist/contracts/values';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDailySummary } from '@/features/predictions/api/get-daily-summary';
import { CallBadge, ConfidenceText } from './prediction-badges';
import '@/features/predictions/i18n';

/**
 * The Dashboard's AI prediction summary: shown only when the server has real top predictions (never the
 * sample), up to 6 entries with stock code, direction badge, confidence percent and algorithm. Shares the AI
 * Tahminler page's query, so both refresh together every 60 s.
 */
export function AiSummaryCard({ className }: { className?: string }) {
  const { t } = useTranslation('predictions');
  const { data } = useDailySummary();
  const top = data?.status === 'ok' ? data.top_predictions.slice(0, DASHBOARD_PREDICTION_CARDS) : [];
  if (top.length === 0) return null;
  return (
    <Card data-testid="ai-summary" className={className}>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Brain className="size-4 text-muted-foreground" aria-hidden="true" />
          <CardTitle className="text-base">{t('summary.title')}</CardTitle>
        </div>
        <Link
          to="/predictions"
          className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {t('summary.viewAll')}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {top.map((p) => (
            <li key={p.id} className="rounded-lg border p-3" data-testid="ai-summary-item">
              <div className="flex items-center justify-between gap-2">
                <Link
                  to={`/stocks/${p.stock_code}`}
                  className="rounded-sm font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {p.stock_code}
                </Link>
                <CallBadge call={p.call} />
              </div>
              <p className="mt-2 text-sm tabular-nums">
                {t('table.confidence')}: <ConfidenceText confidence={p.confidence} />
                <span className="text-muted-foreground"> · {t('horizon', { count: p.horizon_days })}</span>
              </p>
              <p
                className="truncate text-xs text-muted-foreground"
                title={`${p.algorithm} (${p.algorithm_name_en})`}
              >
                {p.algorithm}
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
