import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardRoleView } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  formatAdminDateTime,
  formatAdminMoney as formatPrice,
  formatAdminNumber as formatNumber,
  formatAdminPercent as formatPercent,
} from '@/features/admin/lib/admin-format';
import { useAdminTranslation } from '@/lib/admin-i18n';
import '@/features/admin/i18n';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 text-sm" data-testid={testId}>
      <span className="text-muted-foreground">{label}</span>
      <span className="font-medium tabular-nums">{value}</span>
    </div>
  );
}

function Source({ source }: { source: 'demo' | 'live' }) {
  const { t } = useAdminTranslation();
  return (
    <Badge variant={source === 'demo' ? 'secondary' : 'outline'} data-testid="role-view-source">
      {t(`dashboard.roleView.source.${source}`)}
    </Badge>
  );
}

/**
 * What the signed-in role acts on (decision 0058): ML state for technical roles, revenue for ceo/cfo, open
 * violations and alerts for risk, sign-ups and activation for marketing and customer success. The server sends only
 * the sections the role may see; an absent one is not drawn.
 */
export function RoleViewCards({ view }: { view: DashboardRoleView }) {
  const { t } = useAdminTranslation();
  const { ml, revenue, risk, growth } = view;
  if (view.sections.length === 0) return null;
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="role-view">
      {ml ? (
        <Card data-testid="role-view-ml">
          <CardHeader>
            <CardTitle>{t('dashboard.roleView.ml.title')}</CardTitle>
            <CardDescription>{t('dashboard.roleView.ml.hint')}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-2">
            <Row
              label={t('dashboard.roleView.ml.algorithms')}
              value={t('dashboard.roleView.ml.activeOf', {
                active: ml.active_algorithms,
                total: ml.total_algorithms,
              })}
            />
            <Row
              label={t('dashboard.roleView.ml.health')}
              testId="role-view-ml-health"
              value={t('dashboard.roleView.ml.healthLine', ml.health)}
            />
            <Row label={t('dashboard.roleView.ml.alerts')} value={formatNumber(ml.performance_alerts)} />
            <Row
              label={t('dashboard.roleView.ml.nightly')}
              value={ml.auto_retrain ? t('dashboard.roleView.ml.on') : t('dashboard.roleView.ml.paused')}
            />
            <Row label={t('dashboard.roleView.ml.activeRuns')} value={formatNumber(ml.active_runs)} />
            <Row
              label={t('dashboard.roleView.ml.stopped')}
              testId="role-view-ml-stopped"
              value={
                ml.stopped.length === 0
                  ? t('dashboard.roleView.none')
                  : ml.stopped.map((s) => s.algorithm_id).join(', ')
              }
            />
            {ml.recent_runs.length > 0 ? (
              <ul className="space-y-1 pt-1 text-xs text-muted-foreground">
                {ml.recent_runs.map((r) => (
                  <li key={r.id}>
                    {r.kind} · {r.status} · {formatAdminDateTime(r.finished_at ?? r.created_at)}
                  </li>
                ))}
              </ul>
            ) : null}
            <Link to="/admin/ai-unified" className="text-sm text-primary underline-offset-4 hover:underline">
              {t('dashboard.roleView.ml.open')}
            </Link>
          </CardContent>
        </Card>
      ) : null}
      {revenue ? (
        <Card data-testid="role-view-revenue">
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              {t('dashboard.roleView.revenue.title')} <Source source={revenue.source} />
            </CardTitle>
            <CardDescription>
              {t('dashboard.roleView.revenue.hint', { days: revenue.period_days })}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-2">
            <Row label={t('dashboard.roleView.revenue.revenue')} value={formatPrice(revenue.revenue)} />
            <Row
              label={t('dashboard.roleView.revenue.mrr')}
              testId="role-view-mrr"
              value={formatPrice(revenue.mrr)}
            />
            <Row label={t('dashboard.roleView.revenue.paying')} value={formatNumber(revenue.paying_users)} />
            <Row label={t('dashboard.roleView.revenue.arpu')} value={formatPrice(revenue.arpu)} />
            <Row
              label={t('dashboard.roleView.revenue.payments')}
              value={t('dashboard.roleView.revenue.paymentsLine', {
                payments: revenue.payments,
                refunds: revenue.refunds,
              })}
            />
            {revenue.recent_payments.length > 0 ? (
              <ul className="space-y-1 pt-1 text-xs text-muted-foreground">
                {revenue.recent_payments.map((p, i) => (
                  <li key={`${p.at}-${i}`}>
                    {formatAdminDateTime(p.at)} · {p.plan} · {formatPrice(p.amount)}
                  </li>
                ))}
              </ul>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
      {risk ? (
        <Card data-testid="role-view-risk">
          <CardHeader>
            <CardTitle>{t('dashboard.roleView.risk.title')}</CardTitle>
            <CardDescription>{t('dashboard.roleView.risk.hint')}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-2">
            <Row
              label={t('dashboard.roleView.risk.open')}
              testId="role-view-open-violations"
              value={t('dashboard.roleView.risk.openLine', {
                open: risk.open_violations,
                critical: risk.critical_violations,
              })}
            />
            <Row
              label={t('dashboard.roleView.risk.alerts')}
              value={t('dashboard.roleView.risk.alertsLine', {
                active: risk.active_alerts,
                critical: risk.critical_alerts,
                overdue: risk.overdue_alerts,
              })}
            />
            {risk.recent_violations.length > 0 ? (
              <ul className="space-y-1 pt-1 text-xs text-muted-foreground">
                {risk.recent_violations.map((v) => (
                  <li key={v.id}>
                    {v.severity} · {v.rule_name} · {formatAdminDateTime(v.detected_at)}
                  </li>
                ))}
              </ul>
            ) : null}
            <Link to="/admin/compliance" className="text-sm text-primary underline-offset-4 hover:underline">
              {t('dashboard.roleView.risk.open')}
            </Link>
          </CardContent>
        </Card>
      ) : null}
      {growth ? (
        <Card data-testid="role-view-growth">
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              {t('dashboard.roleView.growth.title')} <Source source={growth.source} />
            </CardTitle>
            <CardDescription>
              {t('dashboard.roleView.growth.hint', { days: growth.period_days })}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-2">
            <Row
              label={t('dashboard.roleView.growth.signups')}
              testId="role-view-signups"
              value={t('dashboard.roleView.growth.signupsLine', {
                signups: growth.signups,
                previous: growth.previous_signups,
              })}
            />
            <Row
              label={t('dashboard.roleView.growth.activation')}
              testId="role-view-activation"
              value={
                growth.activation.rate === null
                  ? t('dashboard.roleView.none')
                  : t('dashboard.roleView.growth.activationLine', {
                      rate: formatPercent(growth.activation.rate, 1),
                      activated: growth.activation.activated,
                      eligible: growth.activation.eligible,
                      days: growth.activation.window_days,
                    })
              }
            />
            <Row
              label={t('dashboard.roleView.growth.active')}
              value={t('dashboard.roleView.growth.activeLine', {
                dau: growth.dau,
                mau: growth.mau,
                stickiness: formatPercent(growth.stickiness, 1),
              })}
            />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
