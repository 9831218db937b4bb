import type { AiProductionModel } from '@bist/contracts';
import { FACTOR_NAMES, PRODUCTION_MIN_T } from '@bist/contracts/values';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { DASH, number } from '@/features/admin-ai-analytics/lib/format';

/** The served call of a horizon is a simple factor's ranking when its id is `factor:<id>` (decision 0054). */
const FACTOR_PREFIX = 'factor:';

/** Holdout first (data the model was not selected on), then the window that chose it. */
const ROLE_ORDER = ['holdout', 'selection', 'whole'] as const;

const percent = (v: number | null) => (v === null ? DASH : `${number(v, 1)}%`);

/**
 * The production model the latest on-demand predictions came from: how its calls are worded (relative, absolute, or a
 * factor's ranking served because no model beat it) and its figures per window — the holdout (not selected on) first,
 * then the selection window that chose it (decision 0053).
 */
export function ProductionModelCard({ model }: { model: AiProductionModel }) {
  const { t } = useAdminTranslation();
  const factorServed = model.algorithm_id.startsWith(FACTOR_PREFIX);
  const mode = factorServed ? 'factor' : model.call_mode;
  const absolute = mode === 'absolute';
  const windows = [...model.windows].sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role));
  return (
    <Card data-testid="production-model">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t('aiAnalytics.production.title', { days: model.horizon_days })}
          <span className="font-normal text-muted-foreground">
            {model.model_name}
            {model.model_version !== null ? ` v${model.model_version}` : ''}
          </span>
          <Badge variant="outline" data-testid="call-mode">
            {t(`aiAnalytics.production.mode.${mode}`)}
          </Badge>
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {t(`aiAnalytics.production.modeDetail.${mode}`, { bar: PRODUCTION_MIN_T })}
        </p>
      </CardHeader>
      <CardContent>
        {windows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('aiAnalytics.production.noWindows')}</p>
        ) : (
          <div className="overflow-x-auto">
            <Table data-testid="production-windows">
              <TableHeader>
                <TableRow>
                  <TableHead>{t('aiAnalytics.production.columns.window')}</TableHead>
                  <TableHead className="text-right">{t('aiAnalytics.production.columns.days')}</TableHead>
                  <TableHead className="text-right">{t('aiAnalytics.production.columns.rankIc')}</TableHead>
                  <TableHead>{t('aiAnalytics.production.columns.factor')}</TableHead>
                  <TableHead className="text-right">{t('aiAnalytics.production.columns.edge')}</TableHead>
                  <TableHead className="text-right">
                    {t('aiAnalytics.production.columns.relativeHit')}
                  </TableHead>
                  {absolute ? (
                    <TableHead className="text-right">
                      {t('aiAnalytics.production.columns.absoluteHit')}
                    </TableHead>
                  ) : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {windows.map((w) => (
                  <TableRow key={w.role} data-testid={`window-${w.role}`}>
                    <TableCell>
                      <span className="font-medium">{t(`aiAnalytics.production.role.${w.role}`)}</span>
                      <span className="block text-xs whitespace-nowrap text-muted-foreground">
                        {w.from ?? DASH} → {w.to ?? DASH}
                      </span>
                    </TableCell>
                    <TableCell className="text-right">{w.days}</TableCell>
                    <TableCell className="text-right">{number(w.rank_ic, 4)}</TableCell>
                    <TableCell>
                      {w.factor_id
                        ? t('aiAnalytics.production.factorRankIc', {
                            factor: FACTOR_NAMES[w.factor_id]?.en ?? w.factor_id,
                            value: number(w.factor_rank_ic, 4),
                          })
                        : DASH}
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      {w.rank_ic_edge === null
                        ? DASH
                        : t('aiAnalytics.production.edgeValue', {
                            value: number(w.rank_ic_edge, 4),
                            t: number(w.rank_ic_edge_t, 2),
                          })}
                    </TableCell>
                    <TableCell className="text-right">{percent(w.relative_hit_rate)}</TableCell>
                    {absolute ? (
                      <TableCell className="text-right whitespace-nowrap">
                        {t('aiAnalytics.production.absoluteValue', {
                          hit: percent(w.hit_rate),
                          up: percent(w.always_up),
                          down: percent(w.always_down),
                        })}
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        {absolute && model.accuracy_percent !== null ? (
          <p className="mt-3 text-xs text-muted-foreground">
            {t('aiAnalytics.production.accuracy', {
              value: percent(model.accuracy_percent),
              baseline: percent(model.baseline_percent),
            })}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
