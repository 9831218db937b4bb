import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, RefreshCw } from 'lucide-react';
import type { KeyMetric } from '@bist/contracts';
import { BI_EXPORT_PART, BI_EXPORT_TYPES, biPartsFor, type BiPart } from '@bist/contracts/values';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAdminSession } from '@/lib/admin-session';
import { toast } from '@/components/ui/toaster';
import { useAdminTranslation } from '@/lib/admin-i18n';
import {
  changeColorClass,
  formatChange,
  formatNumber,
  formatPercent,
  formatPrice,
  MISSING,
} from '@/lib/format';
import { cn } from '@/lib/utils';
import { useExportBiMetrics } from '@/features/admin-bi/api/export-bi-metrics';
import { useBiOverview } from '@/features/admin-bi/api/get-bi-overview';
import { useBiPerformance } from '@/features/admin-bi/api/get-bi-performance';
import { useBiRealtime } from '@/features/admin-bi/api/get-bi-realtime';
import { useBiRevenue } from '@/features/admin-bi/api/get-bi-revenue';
import { useBiUsers } from '@/features/admin-bi/api/get-bi-users';
import { BI_KEY, type BiPeriod, type BiSource } from '@/features/admin-bi/api/query-keys';
import { BiBarChart } from './bi-bar-chart';
import { MrrDrilldown, SignupsDrilldown } from './bi-drilldown';
import { MrrWaterfall } from './mrr-waterfall';
import '@/features/admin-bi/i18n';

const ms = (v: number | null | undefined) =>
  v === null || v === undefined ? MISSING : `${formatNumber(v, 1)} ms`;

/** A key metric's value by its metric_type (spec §3): currency in lira, percentages with %, else a number. */
function metricValue(m: KeyMetric): string {
  if (m.metric_value === null) return MISSING;
  switch (m.metric_type) {
    case 'currency':
      return formatPrice(m.metric_value);
    case 'percentage':
      return formatPercent(m.metric_value);
    default:
      return formatNumber(m.metric_value, Number.isInteger(m.metric_value) ? 0 : 1);
  }
}

/** The page's tabs: the overview and one per BI part (decision 0058). */
type BiTab = 'overview' | BiPart;

/**
 * /admin/analytics: the Business Intelligence dashboard. Each role sees the tabs of the parts its permissions name
 * (business_metrics all of them) and asks the server only for those; the export offers only their metric families.
 */
export function BiPage() {
  const { t } = useAdminTranslation();
  const { session } = useAdminSession();
  const parts = biPartsFor(session?.user.permissions ?? []);
  const may = (part: BiPart) => parts.includes(part);
  const [period, setPeriod] = useState<BiPeriod>('30');
  const [source, setSource] = useState<BiSource>(undefined);
  const [tab, setTab] = useState<BiTab>('overview');
  const queryClient = useQueryClient();
  const overview = useBiOverview(period, source);
  const revenue = useBiRevenue(period, source, may('revenue'));
  const users = useBiUsers(period, source, may('users'));
  const performance = useBiPerformance(period, source, may('performance'));
  const realtime = useBiRealtime();
  const exporter = useExportBiMetrics();
  const o = overview.data;
  const failed = overview.isError || revenue.isError || users.isError || performance.isError;
  const exportTypes = BI_EXPORT_TYPES.filter((type) => may(BI_EXPORT_PART[type]));
  const shownSource = o?.source ?? source;
  // Drill-down from 'New Sign-ups' (all days) or a day of the user-growth chart; the key remounts the dialog.
  const [signups, setSignups] = useState<{ day: string | null; key: number } | null>(null);

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('bi.title')}
        subtitle={o ? t('bi.subtitle', { from: o.period.from, to: o.period.to }) : undefined}
        actions={
          <>
            <Select value={period} onValueChange={(v) => setPeriod(v as BiPeriod)}>
              <SelectTrigger className="w-40" aria-label={t('bi.period')} data-testid="bi-period">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(['7', '30', '90'] as const).map((p) => (
                  <SelectItem key={p} value={p}>
                    {t(`bi.periods.${p}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select
              value={shownSource ?? ''}
              onValueChange={(v) => setSource(v === 'live' ? 'live' : 'demo')}
            >
              <SelectTrigger
                className="w-40"
                aria-label={t('bi.source.label')}
                data-testid="bi-source-select"
              >
                <SelectValue placeholder={t('bi.source.label')} />
              </SelectTrigger>
              <SelectContent>
                {(['demo', 'live'] as const).map((v) => (
                  <SelectItem key={v} value={v}>
                    {t(`bi.source.${v}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button
              variant="outline"
              onClick={() => void queryClient.invalidateQueries({ queryKey: BI_KEY })}
            >
              <RefreshCw aria-hidden="true" />
              {t('bi.refresh')}
            </Button>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button disabled={!o || exporter.isPending || exportTypes.length === 0}>
                  <Download aria-hidden="true" />
                  {t('bi.export')}
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                {exportTypes.map((type) => (
                  <DropdownMenuItem
                    key={type}
                    onSelect={() => {
                      if (!o) return;
                      exporter.mutate(
                        { type, from: o.period.from, to: o.period.to, source: o.source },
                        { onError: () => toast.error(t('bi.exportFailed')) },
                      );
                    }}
                  >
                    {t(`bi.exportTypes.${type}`)}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          </>
        }
      />

      {failed ? (
        <ErrorCard
          message={t('bi.loadFailed')}
          retry={{
            label: t('bi.refresh'),
            onRetry: () => void queryClient.invalidateQueries({ queryKey: BI_KEY }),
          }}
        />
      ) : null}

      <section aria-labelledby="bi-realtime" className="space-y-3">
        <div className="flex flex-wrap items-baseline gap-2">
          <h2 id="bi-realtime" className="text-lg font-semibold">
            {t('bi.realtime.title')}
          </h2>
          <span className="text-xs text-muted-foreground">{t('bi.realtime.hint')}</span>
        </div>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5" data-testid="bi-realtime">
          {(
            [
              ['activeUsers', 'users', formatNumber(realtime.data?.active_users_now)],
              ['apiCalls', 'performance', formatNumber(realtime.data?.api_calls_per_minute)],
              ['avgResponse', 'performance', ms(realtime.data?.avg_response_time_ms)],
              ['errorRate', 'performance', formatPercent(realtime.data?.error_rate_percent)],
              ['revenueToday', 'revenue', formatPrice(realtime.data?.revenue_today)],
            ] as const
          )
            .filter(([, part]) => may(part))
            .map(([key, , value]) => (
              <StatCard
                key={key}
                compact
                loading={realtime.isPending}
                title={t(`bi.realtime.${key}`)}
                value={value}
                hint={key === 'apiCalls' ? t('bi.realtime.measured') : undefined}
              />
            ))}
        </div>
      </section>

      <section aria-labelledby="bi-key" className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="bi-key" className="text-lg font-semibold">
            {t('bi.keyMetrics')}
          </h2>
          {o ? (
            <Badge
              variant={o.source === 'demo' ? 'secondary' : 'outline'}
              className="whitespace-normal"
              data-testid="bi-source"
            >
              {o.source === 'demo' ? t('bi.demoData') : t('bi.liveOnly')}
            </Badge>
          ) : null}
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5" data-testid="bi-key-metrics">
          {(o?.key_metrics ?? Array.from({ length: 5 }, () => null)).map((m, i) =>
            m ? (
              <StatCard
                key={m.metric_name}
                testId={m.metric_name === 'New Sign-ups' ? 'bi-card-signups' : undefined}
                title={m.metric_name}
                value={metricValue(m)}
                footer={
                  m.metric_name === 'New Sign-ups' ? (
                    <Button
                      variant="link"
                      size="sm"
                      className="h-auto p-0 text-xs"
                      onClick={() => setSignups({ day: null, key: Date.now() })}
                    >
                      {t('bi.drilldown.viewSignups')}
                    </Button>
                  ) : undefined
                }
                hint={
                  <>
                    <span className={changeColorClass(m.change_percent)} title={m.description}>
                      {m.change_percent === null
                        ? t('bi.noPrevious')
                        : t('bi.vsPrevious', {
                            change: formatChange(m.change_percent),
                            days: o?.period.days,
                          })}
                    </span>{' '}
                    <span className="text-muted-foreground" data-testid="bi-metric-source">
                      · {t(`bi.source.${m.category === 'technical' ? 'measured' : m.source}`)}
                    </span>
                  </>
                }
              />
            ) : (
              <StatCard key={i} loading title="" value="" />
            ),
          )}
        </div>
      </section>

      <Tabs value={tab} onValueChange={(v) => setTab(v as BiTab)}>
        <TabsList aria-label={t('bi.tabs.label')}>
          <TabsTrigger value="overview">{t('bi.tabs.overview')}</TabsTrigger>
          {parts.map((part) => (
            <TabsTrigger key={part} value={part}>
              {t(`bi.tabs.${part}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview" className="space-y-6">
          <div className="grid gap-6 lg:grid-cols-2">
            {may('revenue') ? (
              <Card>
                <CardHeader>
                  <CardTitle>{t('bi.revenueChart')}</CardTitle>
                  <CardDescription>{t('bi.revenueChartHint')}</CardDescription>
                </CardHeader>
                <CardContent>
                  <BiBarChart
                    testId="bi-revenue-chart"
                    data={(o?.revenue_trend ?? []).map((d) => ({ date: d.date, value: d.total_revenue }))}
                    label={t('bi.revenueChart')}
                    format={formatPrice}
                    empty={t('bi.noData')}
                  />
                </CardContent>
              </Card>
            ) : null}
            {may('users') ? (
              <Card>
                <CardHeader>
                  <CardTitle>{t('bi.userGrowthChart')}</CardTitle>
                  <CardDescription>{t('bi.userGrowthChartHint')}</CardDescription>
                </CardHeader>
                <CardContent>
                  <BiBarChart
                    testId="bi-users-chart"
                    data={(o?.user_growth ?? []).map((d) => ({ date: d.date, value: d.unique_users }))}
                    label={t('bi.uniqueUsers')}
                    format={(v) => formatNumber(v)}
                    empty={t('bi.noData')}
                    onSelect={(date) => setSignups({ day: date, key: Date.now() })}
                  />
                </CardContent>
              </Card>
            ) : null}
          </div>
        </TabsContent>
        {may('revenue') ? (
          <TabsContent value="revenue" className="space-y-6">
            <RevenueSections query={revenue} source={o?.source} />
          </TabsContent>
        ) : null}
        {may('users') ? (
          <TabsContent value="users" className="space-y-6">
            <UserSections query={users} />
          </TabsContent>
        ) : null}
        {may('performance') ? (
          <TabsContent value="performance" className="space-y-6">
            <PerformanceSection query={performance} />
          </TabsContent>
        ) : null}
      </Tabs>
      {o && may('users') ? (
        <SignupsDrilldown
          key={signups?.key ?? 0}
          open={signups !== null}
          onOpenChange={(open) => (open ? undefined : setSignups(null))}
          period={period}
          source={o.source}
          days={o.user_growth}
          initialDay={signups?.day ?? null}
        />
      ) : null}
    </div>
  );
}

function Empty() {
  const { t } = useAdminTranslation();
  return <p className="text-sm text-muted-foreground">{t('bi.noData')}</p>;
}

function RevenueSections({ query, source }: { query: ReturnType<typeof useBiRevenue>; source: BiSource }) {
  const { t } = useAdminTranslation();
  const r = query.data;
  const [month, setMonth] = useState<string | null>(null);
  const [drillMonth, setDrillMonth] = useState<string | null>(null);
  const months = r?.mrr_movements ?? [];
  const shown = months.find((m) => m.month === month) ?? months.at(-1);
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>{t('bi.revenueBySource')}</CardTitle>
            <CardDescription>{t('bi.revenueBySourceHint')}</CardDescription>
          </CardHeader>
          <CardContent>
            {!r || r.monthly_revenue_by_source.length === 0 ? (
              <Empty />
            ) : (
              <Table data-testid="bi-revenue-by-source">
                <TableBody>
                  {r.monthly_revenue_by_source.map((s) => (
                    <TableRow key={s.revenue_source}>
                      <TableCell>{s.revenue_source}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatPrice(s.total_amount)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('bi.projections')}</CardTitle>
            <CardDescription>{r?.projections.method}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-2 text-sm" data-testid="bi-projection">
            <Row label={t('bi.actual')} value={formatPrice(r?.projections.current_month_actual)} />
            <Row label={t('bi.projected')} value={formatPrice(r?.projections.current_month_projected)} />
            <Row
              label={t('bi.growth')}
              value={formatChange(r?.projections.growth_rate)}
              className={changeColorClass(r?.projections.growth_rate)}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('bi.mrr')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            <Row label={t('bi.mrrCurrent')} value={formatPrice(r?.mrr.current)} />
            <Row label={t('bi.payingUsers')} value={formatNumber(r?.mrr.paying_users)} />
            <Row label={t('bi.arpu')} value={formatPrice(r?.mrr.arpu)} />
            <Row label={t('bi.grr')} value={formatPercent(r?.mrr.grr)} />
            <Row label={t('bi.nrr')} value={formatPercent(r?.mrr.nrr)} />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle>{t('bi.waterfall.title')}</CardTitle>
            <CardDescription>{t('bi.waterfall.hint')}</CardDescription>
          </div>
          {shown ? (
            <div className="flex flex-wrap gap-2">
              <Select value={shown.month} onValueChange={setMonth}>
                <SelectTrigger
                  className="w-32"
                  aria-label={t('bi.waterfall.month')}
                  data-testid="bi-waterfall-month"
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {months.map((m) => (
                    <SelectItem key={m.month} value={m.month}>
                      {m.month}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Button variant="outline" onClick={() => setDrillMonth(shown.month)}>
                {t('bi.waterfall.investors')}
              </Button>
            </div>
          ) : null}
        </CardHeader>
        <CardContent>{shown ? <MrrWaterfall month={shown} /> : <Empty />}</CardContent>
      </Card>
      <MrrDrilldown
        key={drillMonth ?? ''}
        month={drillMonth}
        source={source}
        onOpenChange={(open) => (open ? undefined : setDrillMonth(null))}
      />
      <Card>
        <CardHeader>
          <CardTitle>{t('bi.mrrMovements')}</CardTitle>
          <CardDescription>{t('bi.mrrMovementsHint')}</CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          {!r || r.mrr_movements.length === 0 ? (
            <Empty />
          ) : (
            <Table data-testid="bi-mrr-movements" className="whitespace-nowrap">
              <TableHeader>
                <TableRow>
                  {(
                    [
                      'month',
                      'start',
                      'new',
                      'reactivation',
                      'expansion',
                      'contraction',
                      'churn',
                      'end',
                    ] as const
                  ).map((k) => (
                    <TableHead key={k} className={k === 'month' ? '' : 'text-right'}>
                      {t(`bi.${k}`)}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {r.mrr_movements.map((m) => (
                  <TableRow key={m.month}>
                    <TableCell>
                      <Button
                        variant="link"
                        className="h-auto p-0"
                        aria-label={t('bi.drilldown.openMonth', { month: m.month })}
                        onClick={() => setDrillMonth(m.month)}
                      >
                        {m.month}
                      </Button>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatPrice(m.start_mrr)}</TableCell>
                    <TableCell className="text-right tabular-nums text-up">
                      +{formatPrice(m.new_mrr)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums text-up">
                      +{formatPrice(m.reactivation)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums text-up">
                      +{formatPrice(m.expansion)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums text-down">
                      −{formatPrice(m.contraction)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums text-down">
                      −{formatPrice(m.churn)}
                    </TableCell>
                    <TableCell className="text-right font-medium tabular-nums">
                      {formatPrice(m.end_mrr)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <span className="text-muted-foreground">{label}</span>
      <span className={cn('font-medium tabular-nums', className)}>{value}</span>
    </div>
  );
}

function CountTable({
  rows,
  head,
  testId,
}: {
  rows: [string, number][];
  head: [string, string];
  testId: string;
}) {
  if (rows.length === 0) return <Empty />;
  return (
    <Table data-testid={testId}>
      <TableHeader>
        <TableRow>
          <TableHead>{head[0]}</TableHead>
          <TableHead className="text-right">{head[1]}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(([k, v]) => (
          <TableRow key={k}>
            <TableCell className="font-mono text-xs">{k}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(v)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function UserSections({ query }: { query: ReturnType<typeof useBiUsers> }) {
  const { t } = useAdminTranslation();
  const u = query.data;
  const maxMonths = Math.max(0, ...(u?.cohorts ?? []).map((c) => c.retention.length));
  return (
    <section aria-labelledby="bi-users" className="space-y-3">
      <h2 id="bi-users" className="text-lg font-semibold">
        {t('bi.userAnalytics')}
      </h2>
      {u ? (
        <p className="text-sm text-muted-foreground tabular-nums">
          {t('bi.engagement', {
            users: formatNumber(u.engagement_metrics.total_active_users),
            events: formatNumber(u.engagement_metrics.total_events),
            sessions: formatNumber(u.engagement_metrics.total_sessions),
            dau: u.active_users.dau,
            wau: u.active_users.wau,
            mau: u.active_users.mau,
            stickiness: formatPercent(u.active_users.stickiness, 1),
          })}
        </p>
      ) : null}
      {u ? (
        <p className="text-sm text-muted-foreground tabular-nums" data-testid="bi-activation">
          {u.activation.rate === null
            ? t('bi.activationNone', { days: u.activation.window_days })
            : t('bi.activation', {
                rate: formatPercent(u.activation.rate, 1),
                activated: formatNumber(u.activation.activated),
                eligible: formatNumber(u.activation.eligible),
                days: u.activation.window_days,
              })}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('bi.topEvents')}</CardTitle>
          </CardHeader>
          <CardContent>
            <CountTable
              testId="bi-top-events"
              head={[t('bi.event'), t('bi.count')]}
              rows={(u?.event_analysis ?? []).map((e) => [e.event_type, e.event_count])}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('bi.topPages')}</CardTitle>
          </CardHeader>
          <CardContent>
            <CountTable
              testId="bi-top-pages"
              head={[t('bi.page'), t('bi.views')]}
              rows={(u?.page_analysis ?? []).map((p) => [p.page_url, p.page_views])}
            />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('bi.cohorts')}</CardTitle>
          <CardDescription>{t('bi.cohortsHint')}</CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          {!u || u.cohorts.every((c) => c.size === 0) ? (
            <Empty />
          ) : (
            <Table data-testid="bi-cohorts">
              <TableHeader>
                <TableRow>
                  <TableHead>{t('bi.cohort')}</TableHead>
                  <TableHead className="text-right">{t('bi.size')}</TableHead>
                  {Array.from({ length: maxMonths }, (_, n) => (
                    <TableHead key={n} className="text-right">
                      {t('bi.monthN', { n })}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {u.cohorts.map((c) => (
                  <TableRow key={c.cohort}>
                    <TableCell>{c.cohort}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(c.size)}</TableCell>
                    {Array.from({ length: maxMonths }, (_, n) => {
                      const v = c.retention[n];
                      return (
                        <TableCell
                          key={n}
                          className="text-right tabular-nums"
                          style={
                            v === undefined
                              ? undefined
                              : { backgroundColor: `rgb(34 197 94 / ${(v / 100) * 0.35})` }
                          }
                        >
                          {v === undefined || c.size === 0 ? '' : formatPercent(v, 0)}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function PerformanceSection({ query }: { query: ReturnType<typeof useBiPerformance> }) {
  const { t } = useAdminTranslation();
  const p = query.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('bi.performance')}</CardTitle>
        <CardDescription>
          {t('bi.performanceHint')}
          {p
            ? ` · ${t('bi.health', {
                requests: formatNumber(p.health_metrics.total_requests),
                avg: ms(p.health_metrics.avg_response_time),
                success: formatPercent(p.health_metrics.success_rate),
              })}`
            : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {!p || p.endpoint_performance.length === 0 ? (
          <Empty />
        ) : (
          <Table data-testid="bi-endpoints">
            <TableHeader>
              <TableRow>
                <TableHead>{t('bi.endpoint')}</TableHead>
                {(['requests', 'avg', 'p50', 'p95', 'p99', 'errors'] as const).map((k) => (
                  <TableHead key={k} className="text-right">
                    {t(`bi.${k}`)}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {p.endpoint_performance.map((e) => (
                <TableRow key={e.endpoint}>
                  <TableCell className="font-mono text-xs">{e.endpoint}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(e.requests)}</TableCell>
                  <TableCell className="text-right tabular-nums">{ms(e.avg_response_time)}</TableCell>
                  <TableCell className="text-right tabular-nums">{ms(e.p50_ms)}</TableCell>
                  <TableCell className="text-right tabular-nums">{ms(e.p95_ms)}</TableCell>
                  <TableCell className="text-right tabular-nums">{ms(e.p99_ms)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatPercent(e.error_rate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
