import type { AiPrediction } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { formatPrice } from '@/lib/format';
import { fractionPercent, signedPercent, when } from '@/features/admin-ai-analytics/lib/format';

const CALL_VARIANT = {
  outperform: 'up',
  underperform: 'down',
  up: 'up',
  down: 'down',
  neutral: 'neutral',
} as const;
const CALL_ARROW = { outperform: '▲', underperform: '▼', up: '▲', down: '▼', neutral: '■' } as const;

/** The call as investors see it (predictionCallOf on the server): relative wording names the comparison. */
function CallBadge({ call }: { call: AiPrediction['call'] }) {
  const { t } = useAdminTranslation();
  if (call === null) return <span className="text-muted-foreground">{t('aiAnalytics.call.legacy')}</span>;
  const relative = call === 'outperform' || call === 'underperform';
  return (
    <span className="inline-flex flex-col gap-0.5" data-call={call}>
      <Badge variant={CALL_VARIANT[call]}>
        {CALL_ARROW[call]} {t(`aiAnalytics.call.${call}`)}
      </Badge>
      {relative ? (
        <span className="text-xs text-muted-foreground">{t('aiAnalytics.call.versus')}</span>
      ) : null}
    </span>
  );
}

/** Predictions generated on demand; `detailed` adds probability, model, dates and the realised outcome. */
export function PredictionsTable({ rows, detailed = false }: { rows: AiPrediction[]; detailed?: boolean }) {
  const { t } = useAdminTranslation();
  return (
    <div className="overflow-x-auto">
      <Table data-testid={detailed ? 'ai-predictions-table' : 'ai-latest-predictions'}>
        <TableHeader>
          <TableRow>
            <TableHead>{t('aiAnalytics.columns.symbol')}</TableHead>
            <TableHead>{t('aiAnalytics.columns.trend')}</TableHead>
            <TableHead className="text-right">{t('aiAnalytics.columns.change')}</TableHead>
            <TableHead className="text-right">{t('aiAnalytics.columns.confidence')}</TableHead>
            {detailed ? <TableHead className="text-right">{t('aiAnalytics.columns.pUp')}</TableHead> : null}
            <TableHead className="text-right">{t('aiAnalytics.columns.current')}</TableHead>
            <TableHead className="text-right">{t('aiAnalytics.columns.target')}</TableHead>
            <TableHead>{t('aiAnalytics.columns.model')}</TableHead>
            {detailed ? (
              <>
                <TableHead>{t('aiAnalytics.columns.asOf')}</TableHead>
                <TableHead className="text-right">{t('aiAnalytics.columns.realised')}</TableHead>
              </>
            ) : null}
            <TableHead>{t('aiAnalytics.columns.created')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((p) => (
            <TableRow key={p.id} data-testid="ai-prediction-row" data-symbol={p.symbol}>
              <TableCell className="font-medium">{p.symbol}</TableCell>
              <TableCell>
                <CallBadge call={p.call} />
              </TableCell>
              <TableCell className="text-right tabular-nums" data-role="predicted-change">
                {signedPercent(p.predicted_change_percent)}
                {p.predicted_change_interval ? (
                  <span className="block text-xs text-muted-foreground">
                    {t('aiAnalytics.call.range', {
                      low: signedPercent(p.predicted_change_interval.low),
                      high: signedPercent(p.predicted_change_interval.high),
                    })}
                  </span>
                ) : null}
              </TableCell>
              <TableCell className="text-right tabular-nums" data-role="confidence">
                {fractionPercent(p.confidence_score)}
              </TableCell>
              {detailed ? (
                <TableCell className="text-right tabular-nums">{fractionPercent(p.probability_up)}</TableCell>
              ) : null}
              <TableCell className="text-right tabular-nums">{formatPrice(p.current_price)}</TableCell>
              <TableCell className="text-right tabular-nums" data-role="prediction-value">
                {p.prediction_value === null ? '—' : formatPrice(p.prediction_value)}
              </TableCell>
              <TableCell>
                {p.model_name}
                {p.model_version !== null ? (
                  <span className="text-muted-foreground"> v{p.model_version}</span>
                ) : null}
              </TableCell>
              {detailed ? (
                <>
                  <TableCell className="tabular-nums whitespace-nowrap">
                    {p.as_of_date} → {p.target_date}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {signedPercent(p.realised_change_percent)}
                    {p.hit === null ? null : p.hit ? ' ✓' : ' ✗'}
                  </TableCell>
                </>
              ) : null}
              <TableCell className="tabular-nums whitespace-nowrap">{when(p.created_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
