import { useState } from 'react';
import { AlertTriangle, Bell, Printer, RefreshCw, ShieldCheck, Target } from 'lucide-react';
import { COMPLIANCE_ACCESS, RECENT_VIOLATIONS, TIME_RANGES_DAYS } from '@bist/contracts/values';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useAdminSession } from '@/lib/admin-session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { useAlerts } from '@/features/admin-compliance/api/get-alerts';
import { useComplianceAudit } from '@/features/admin-compliance/api/get-compliance-audit';
import { useComplianceDashboard } from '@/features/admin-compliance/api/get-compliance-dashboard';
import { useKvkkRequests } from '@/features/admin-compliance/api/get-kvkk-requests';
import { useRisks } from '@/features/admin-compliance/api/get-risks';
import { useViolations, type ViolationStatusFilter } from '@/features/admin-compliance/api/get-violations';
import { when } from '@/features/admin-compliance/lib/format';
import { AlertsTab } from './alerts-tab';
import { AuditTab } from './audit-tab';
import { KvkkTab } from './kvkk-tab';
import { RiskTab } from './risk-tab';
import { RulesTab } from './rules-tab';
import { ViolationEvidence } from './violation-evidence';
import { ViolationList } from './violation-list';
import '@/features/admin-compliance/i18n';

const TABS = ['overview', 'violations', 'risks', 'alerts', 'audit', 'rules', 'kvkk'] as const;
type Tab = (typeof TABS)[number];
const STATUS_FILTERS: readonly ViolationStatusFilter[] = [
  'all',
  'open',
  'investigating',
  'resolved',
  'dismissed',
];

const holds = (permissions: readonly string[] | undefined, any: readonly string[]) =>
  Boolean(permissions?.some((p) => p === 'all' || any.includes(p)));

/**
 * /admin/compliance: surveillance violations with their evidence, the risk register's heat map, alerts with
 * deadlines and the audit trail, over 7, 30 or 90 days; a printable report of the period (print stylesheet).
 */
export function CompliancePage() {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('compliance.title'));
  const { session } = useAdminSession();
  const canWork = holds(session?.user.permissions, COMPLIANCE_ACCESS.work);
  const [tab, setTab] = useState<Tab>('overview');
  const [days, setDays] = useState<number>(30);
  const [status, setStatus] = useState<ViolationStatusFilter>('all');
  const dashboard = useComplianceDashboard();
  const violations = useViolations(status, days);
  const allViolations = useViolations('all', days);
  const risks = useRisks();
  const alerts = useAlerts(days);
  const audit = useComplianceAudit(days);
  const kvkk = useKvkkRequests();
  const d = dashboard.data;
  const fetching = dashboard.isFetching || violations.isFetching;

  const refresh = () => {
    for (const q of [dashboard, violations, allViolations, risks, alerts, audit, kvkk]) void q.refetch();
  };

  return (
    <div className="space-y-6">
      <div className="space-y-6 print:hidden">
        <PageHeader
          title={t('compliance.title')}
          subtitle={
            <>
              {t('compliance.subtitle')}
              <span className="block text-xs" data-testid="last-run">
                {d?.last_run
                  ? t('compliance.lastRun', {
                      time: when(d.last_run.at),
                      trigger: t(`compliance.triggers.${d.last_run.trigger}`, {
                        defaultValue: d.last_run.trigger,
                      }),
                      count: d.last_run.new_violations,
                    })
                  : t('compliance.neverRun')}
              </span>
            </>
          }
          actions={
            <div className="flex flex-wrap items-center gap-2">
              <Select value={String(days)} onValueChange={(v) => setDays(Number(v))}>
                <SelectTrigger className="w-36" aria-label={t('compliance.range')} data-testid="range-select">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TIME_RANGES_DAYS.map((n) => (
                    <SelectItem key={n} value={String(n)}>
                      {t('compliance.days', { count: n })}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Button variant="outline" size="sm" onClick={() => window.print()}>
                <Printer />
                {t('compliance.print')}
              </Button>
              <Button variant="outline" size="sm" onClick={refresh} disabled={fetching}>
                <RefreshCw className={cn(fetching && 'animate-spin')} />
                {t('common.refresh')}
              </Button>
            </div>
          }
        />

        {dashboard.isError ? (
          <ErrorCard
            message={t('compliance.loadFailed')}
            retry={{ label: t('common.retry'), onRetry: refresh }}
          />
        ) : null}

        <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
          <StatCard
            title={t('compliance.cards.activeRules')}
            icon={ShieldCheck}
            loading={!d}
            value={d?.compliance_metrics.active_rules}
            hint={t('compliance.cards.activeRulesHint', { count: d?.compliance_metrics.critical_rules ?? 0 })}
            compact
            testId="card-rules"
          />
          <StatCard
            title={t('compliance.cards.openViolations')}
            icon={AlertTriangle}
            loading={!d}
            value={d?.violation_metrics.open_violations}
            hint={t('compliance.cards.openViolationsHint', {
              count: d?.violation_metrics.critical_violations ?? 0,
            })}
            compact
            testId="card-violations"
          />
          <StatCard
            title={t('compliance.cards.highRisks')}
            icon={Target}
            loading={!d}
            value={d?.risk_metrics.high_risks}
            hint={t('compliance.cards.highRisksHint', { score: d?.risk_metrics.avg_risk_score ?? '—' })}
            compact
            testId="card-risks"
          />
          <StatCard
            title={t('compliance.cards.activeAlerts')}
            icon={Bell}
            loading={!d}
            value={d?.alert_metrics.active_alerts}
            hint={t('compliance.cards.activeAlertsHint', {
              critical: d?.alert_metrics.critical_alerts ?? 0,
              overdue: d?.alert_metrics.overdue_alerts ?? 0,
            })}
            compact
            testId="card-alerts"
          />
        </div>

        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <TabsList className="h-auto flex-wrap">
            {TABS.map((name) => (
              <TabsTrigger key={name} value={name}>
                {t(`compliance.tabs.${name}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <Card className="mt-4">
            <CardContent className="pt-6">
              <TabsContent value="overview">
                <h3 className="font-medium">{t('compliance.recent')}</h3>
                <ViolationList
                  violations={(allViolations.data ?? []).slice(0, RECENT_VIOLATIONS)}
                  canWork={canWork}
                  showEvidence={false}
                />
              </TabsContent>
              <TabsContent value="violations" className="space-y-3">
                <div className="flex flex-wrap gap-2" role="group">
                  {STATUS_FILTERS.map((s) => (
                    <Button
                      key={s}
                      size="sm"
                      variant={s === status ? 'default' : 'outline'}
                      onClick={() => setStatus(s)}
                      aria-pressed={s === status}
                    >
                      {t(`compliance.status.${s}`)}
                    </Button>
                  ))}
                </div>
                <ViolationList violations={violations.data ?? []} canWork={canWork} bulk />
              </TabsContent>
              <TabsContent value="risks">
                <RiskTab risks={risks.data ?? []} />
              </TabsContent>
              <TabsContent value="alerts">
                <AlertsTab
                  alerts={alerts.data ?? []}
                  canWork={canWork}
                  staffEmail={session?.user.email ?? ''}
                />
              </TabsContent>
              <TabsContent value="rules">
                <RulesTab days={days} />
              </TabsContent>
              <TabsContent value="audit">
                <AuditTab entries={audit.data ?? []} />
              </TabsContent>
              <TabsContent value="kvkk">
                <KvkkTab data={kvkk.data} />
              </TabsContent>
            </CardContent>
          </Card>
        </Tabs>
      </div>

      <PrintReport days={days} />
    </div>
  );
}

/** Shown only when printing: the period's violations with their evidence, the alerts and the risk register. */
function PrintReport({ days }: { days: number }) {
  const { t } = useAdminTranslation();
  const violations = useViolations('all', days).data ?? [];
  const alerts = useAlerts(days).data ?? [];
  const risks = useRisks().data ?? [];
  return (
    <section className="hidden space-y-4 text-sm print:block" data-testid="print-report">
      <h1 className="text-xl font-semibold">{t('compliance.report.title')}</h1>
      <p>{t('compliance.report.period', { days, time: when(new Date().toISOString()) })}</p>
      <p>
        {t('compliance.report.summary', {
          violations: violations.length,
          open: violations.filter((v) => v.status === 'open' || v.status === 'investigating').length,
          alerts: alerts.length,
          risks: risks.length,
        })}
      </p>
      <h2 className="font-semibold">{t('compliance.tabs.violations')}</h2>
      {violations.map((v) => (
        <article key={v.id} className="break-inside-avoid border-t pt-2">
          <p className="font-medium">
            [{t(`compliance.severity.${v.severity_level}`)}] {v.rule_name} ·{' '}
            {t(`compliance.status.${v.status}`)}
            {v.is_demo ? ` · ${t('compliance.demo')}` : ''}
          </p>
          <p>{v.violation_description}</p>
          <ViolationEvidence violation={v} />
        </article>
      ))}
      <h2 className="font-semibold">{t('compliance.tabs.risks')}</h2>
      <RiskTab risks={risks} />
    </section>
  );
}
