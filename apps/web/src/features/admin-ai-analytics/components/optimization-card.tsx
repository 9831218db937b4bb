import type { AiOptimization } from '@bist/contracts';
import { AI_TOP_ALLOCATIONS } from '@bist/contracts/values';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminTranslation } from '@/lib/admin-i18n';
import {
  allocationOf,
  fractionPercent,
  number,
  signedFractionPercent,
  when,
} from '@/features/admin-ai-analytics/lib/format';
import { AllocationPie, BacktestChart, FrontierChart } from './optimization-charts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-lg font-semibold tabular-nums">{value}</p>
    </div>
  );
}

/** One optimisation: headline figures (annualised fractions), the first three allocations, and in detail the charts. */
export function OptimizationCard({ o, detailed = false }: { o: AiOptimization; detailed?: boolean }) {
  const { t } = useAdminTranslation();
  const allocation = allocationOf(o.recommended_allocation);
  return (
    <Card data-testid="optimization-card">
      <CardHeader>
        <CardTitle>{o.portfolio_name}</CardTitle>
        <CardDescription className="tabular-nums">
          {when(o.created_at)} · {t('aiAnalytics.portfolio.method')}: {o.method} · {o.risk_tolerance} (≤{' '}
          {fractionPercent(o.volatility_ceiling, 0)}) ·{' '}
          <span data-testid="optimization-inputs">
            {t('aiAnalytics.portfolio.inputs', {
              stocks:
                o.inputs?.basket ?? t('aiAnalytics.portfolio.stocksCount', { count: allocation.length }),
              cap: fractionPercent(o.max_weight, 0),
            })}
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid grid-cols-3 gap-4">
          <Figure
            label={t('aiAnalytics.portfolio.expectedReturn')}
            value={signedFractionPercent(o.expected_return, 1)}
          />
          <Figure label={t('aiAnalytics.portfolio.expectedRisk')} value={fractionPercent(o.expected_risk)} />
          <Figure label={t('aiAnalytics.portfolio.sharpe')} value={number(o.sharpe_ratio)} />
        </div>
        {o.ceiling_note ? (
          <p className="rounded-md border border-dashed p-2 text-xs tabular-nums" data-testid="ceiling-note">
            {o.ceiling_note}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {t('aiAnalytics.portfolio.annualised', {
            days: o.window_days,
            from: o.window_from,
            to: o.window_to,
          })}
          {' · '}
          {t('aiAnalytics.portfolio.returnsSource', { source: o.expected_returns_source })}
        </p>
        <div>
          <p className="text-sm font-medium">{t('aiAnalytics.portfolio.topAllocations')}</p>
          <ul className="mt-1 space-y-1 text-sm tabular-nums" data-testid="top-allocations">
            {allocation.slice(0, AI_TOP_ALLOCATIONS).map((a) => (
              <li key={a.symbol} className="flex justify-between">
                <span>{a.symbol}</span>
                <span>{fractionPercent(a.weight)}</span>
              </li>
            ))}
          </ul>
        </div>
        {detailed ? (
          <>
            <div className="grid gap-4 lg:grid-cols-2">
              <div>
                <p className="text-sm font-medium">{t('aiAnalytics.portfolio.allocation')}</p>
                <div className="h-64" data-testid="allocation-pie">
                  <AllocationPie allocation={allocation} />
                </div>
              </div>
              <div>
                <p className="text-sm font-medium">{t('aiAnalytics.portfolio.frontier')}</p>
                <div className="h-64" data-testid="frontier-chart">
                  <FrontierChart o={o} />
                </div>
              </div>
            </div>
            <div>
              <p className="text-sm font-medium">{t('aiAnalytics.portfolio.riskContributions')}</p>
              <p className="text-sm tabular-nums">
                {o.risk_contributions
                  .map((r) => `${r.symbol} ${fractionPercent(r.contribution)}`)
                  .join(' · ')}
              </p>
            </div>
            {o.views.length > 0 ? (
              <div>
                <p className="text-sm font-medium">{t('aiAnalytics.portfolio.views')}</p>
                <p className="text-sm tabular-nums">
                  {o.views
                    .map(
                      (v) =>
                        `${v.symbol} ${signedFractionPercent(v.expected_return, 1)} (${fractionPercent(v.confidence, 0)})`,
                    )
                    .join(' · ')}
                </p>
              </div>
            ) : null}
            {o.backtest ? (
              <div className="space-y-2">
                <p className="text-sm font-medium">{t('aiAnalytics.portfolio.backtest')}</p>
                <p className="text-xs text-muted-foreground">{o.backtest.description}</p>
                <div className="h-64" data-testid="backtest-chart">
                  <BacktestChart backtest={o.backtest} />
                </div>
                <div className="overflow-x-auto">
                  <Table data-testid="backtest-table">
                    <TableHeader>
                      <TableRow>
                        <TableHead>{t('aiAnalytics.portfolio.strategy')}</TableHead>
                        <TableHead className="text-right">{t('aiAnalytics.portfolio.totalReturn')}</TableHead>
                        <TableHead className="text-right">
                          {t('aiAnalytics.portfolio.annualReturn')}
                        </TableHead>
                        <TableHead className="text-right">{t('aiAnalytics.portfolio.volatility')}</TableHead>
                        <TableHead className="text-right">{t('aiAnalytics.portfolio.sharpe')}</TableHead>
                        <TableHead className="text-right">{t('aiAnalytics.portfolio.maxDrawdown')}</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {o.backtest.stats.map((s) => (
                        <TableRow key={s.name}>
                          <TableCell>{s.name}</TableCell>
                          <TableCell className="text-right tabular-nums">
                            {signedFractionPercent(s.total_return)}
                          </TableCell>
                          <TableCell className="text-right tabular-nums">
                            {signedFractionPercent(s.annual_return)}
                          </TableCell>
                          <TableCell className="text-right tabular-nums">
                            {fractionPercent(s.annual_volatility)}
                          </TableCell>
                          <TableCell className="text-right tabular-nums">{number(s.sharpe_ratio)}</TableCell>
                          <TableCell className="text-right tabular-nums">
                            {fractionPercent(s.max_drawdown)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">
                {t('aiAnalytics.portfolio.backtestMissing', { reason: o.backtest_unavailable_reason ?? '—' })}
              </p>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
