import type { ReferenceSeriesStatus } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useReferenceSeries } from '@/features/admin/api/get-reference-series';
import '@/features/admin/i18n';

const FRESHNESS_VARIANT = { fresh: 'up', stale: 'down', empty: 'secondary' } as const;
/** The sources the server names (contracts: shipped, yahoo, import, evds); another is shown as it comes. */
const KNOWN_SOURCES = new Set(['shipped', 'yahoo', 'import', 'evds']);

/**
 * The reference series' freshness for staff (decision 0063): per series its source, latest period and value, how
 * many values are stored, months missing inside a monthly series, whether it is fresh, stale (older than the
 * source's usual delay) or empty, and the last failed fetch from a source (decision 0067).
 */
export function ReferenceSeriesTable({ series }: { series: readonly ReferenceSeriesStatus[] }) {
  const { t } = useAdminTranslation();
  const n = (value: number, digits = 0) =>
    value.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return (
    <div className="overflow-x-auto">
      <Table data-testid="reference-series">
        <TableHeader>
          <TableRow>
            <TableHead>{t('dashboard.referenceSeries.columns.series')}</TableHead>
            <TableHead>{t('dashboard.referenceSeries.columns.freshness')}</TableHead>
            <TableHead>{t('dashboard.referenceSeries.columns.latest')}</TableHead>
            <TableHead>{t('dashboard.referenceSeries.columns.source')}</TableHead>
            <TableHead className="text-right">{t('dashboard.referenceSeries.columns.values')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {series.map((s) => (
            <TableRow key={s.code} data-series={s.code}>
              <TableCell>
                <span className="font-medium">{t(`dashboard.referenceSeries.names.${s.code}`)}</span>
                <span className="hidden text-xs text-muted-foreground sm:block">{s.unit}</span>
              </TableCell>
              <TableCell>
                <Badge variant={FRESHNESS_VARIANT[s.freshness]}>
                  {t(`dashboard.referenceSeries.freshness.${s.freshness}`)}
                </Badge>
                {s.age_days !== null ? (
                  <span className="block text-xs text-muted-foreground">
                    {t('dashboard.referenceSeries.age', { days: s.age_days })}
                  </span>
                ) : null}
              </TableCell>
              <TableCell className="tabular-nums whitespace-nowrap">
                {s.last_date && s.last_value !== null ? `${s.last_date}: ${n(s.last_value, 4)}` : '---'}
                {s.missing_months.length > 0 ? (
                  <span className="block text-xs text-destructive">
                    {t('dashboard.referenceSeries.missingMonths', { months: s.missing_months.join(', ') })}
                  </span>
                ) : null}
              </TableCell>
              <TableCell>
                {s.source === null
                  ? '---'
                  : KNOWN_SOURCES.has(s.source)
                    ? t(`dashboard.referenceSeries.sources.${s.source}`)
                    : s.source}
                {s.published_at ? (
                  <span className="block text-xs text-muted-foreground">
                    {t('dashboard.referenceSeries.published', { date: s.published_at })}
                  </span>
                ) : null}
                {s.fetch_problem ? (
                  <span className="block text-xs text-destructive" data-fetch-problem>
                    {t('dashboard.referenceSeries.fetchProblem', {
                      source: KNOWN_SOURCES.has(s.fetch_problem.source)
                        ? t(`dashboard.referenceSeries.sources.${s.fetch_problem.source}`)
                        : s.fetch_problem.source,
                      at: s.fetch_problem.at.slice(0, 16).replace('T', ' '),
                      message: s.fetch_problem.message,
                    })}
                  </span>
                ) : null}
              </TableCell>
              <TableCell className="text-right tabular-nums">{n(s.values)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** The admin dashboard's card of the reference series, read from GET /admin/api/reference-series. */
export function ReferenceSeriesCard() {
  const { t } = useAdminTranslation();
  const query = useReferenceSeries();
  return (
    <Card data-testid="reference-series-card">
      <CardHeader>
        <CardTitle>{t('dashboard.referenceSeries.title')}</CardTitle>
        <CardDescription>{t('dashboard.referenceSeries.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.data ? (
          <ReferenceSeriesTable series={query.data} />
        ) : (
          <p className="text-sm text-muted-foreground">
            {query.isError ? t('dashboard.referenceSeries.error') : t('dashboard.referenceSeries.loading')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
