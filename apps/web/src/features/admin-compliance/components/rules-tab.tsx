import { useState } from 'react';
import { Pencil, Play } from 'lucide-react';
import type { ComplianceRule } from '@bist/contracts';
import { COMPLIANCE_ACCESS, RULE_CATEGORIES } from '@bist/contracts/values';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { StaffSourceLine } from '@/components/staff-source-line';
import { toast } from '@/components/ui/toaster';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useAdminSession } from '@/lib/admin-session';
import { cn } from '@/lib/utils';
import { useRules } from '@/features/admin-compliance/api/get-rules';
import { useRunRules } from '@/features/admin-compliance/api/run-rules';
import { useUpdateRule } from '@/features/admin-compliance/api/update-rule';
import { holds } from '@/features/admin-compliance/lib/access';
import { when } from '@/features/admin-compliance/lib/format';
import { parameterDisplay } from '@/features/admin-compliance/lib/rule-form';
import { RuleFormDialog } from './rule-form-dialog';
import { SeverityBadge } from './severity-badge';

/**
 * The surveillance rules: what each measures, its parameters with units, severity, version, whether it runs, its last
 * run and the violations it raised in the period. Staff with compliance_management edit them and run them now; the
 * others read (the server enforces the same).
 */
export function RulesTab({ days }: { days: number }) {
  const { t } = useAdminTranslation();
  const { session } = useAdminSession();
  const canManage = holds(session?.user.permissions, COMPLIANCE_ACCESS.manage);
  const rules = useRules(days);
  const run = useRunRules();
  const [editing, setEditing] = useState<ComplianceRule | null>(null);

  const runNow = () =>
    run.mutate(undefined, {
      onSuccess: (result) =>
        toast.success(
          result.queued
            ? t('compliance.rules.runQueued')
            : t('compliance.rules.runDone', { count: result.new_violations ?? 0 }),
        ),
      onError: (error) =>
        toast.error(
          t('compliance.rules.runFailed'),
          error instanceof Error ? { description: error.message } : undefined,
        ),
    });

  // Market, investor, platform (the catalogue's order), then by code.
  const list = [...(rules.data ?? [])].sort(
    (a, b) =>
      RULE_CATEGORIES.indexOf(a.category) - RULE_CATEGORIES.indexOf(b.category) ||
      a.code.localeCompare(b.code),
  );
  return (
    <div className="space-y-4" data-testid="rules-tab">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-3xl space-y-1">
          <p className="text-sm text-muted-foreground">{t('compliance.rules.intro')}</p>
          {/* The market rules judge these prices: say whether they are the real market's. */}
          <StaffSourceLine />
        </div>
        {canManage ? (
          <Button size="sm" onClick={runNow} disabled={run.isPending} aria-busy={run.isPending}>
            <Play />
            {run.isPending ? t('compliance.rules.running') : t('compliance.rules.runNow')}
          </Button>
        ) : (
          <p className="text-xs text-muted-foreground" data-testid="rules-read-only">
            {t('compliance.rules.readOnly')}
          </p>
        )}
      </div>
      {rules.isSuccess && list.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('compliance.rules.none')}</p>
      ) : null}
      <ul className="divide-y" data-testid="rule-list">
        {list.map((rule) => (
          <RuleItem
            key={rule.code}
            rule={rule}
            days={days}
            canManage={canManage}
            onEdit={() => setEditing(rule)}
          />
        ))}
      </ul>
      {editing ? <RuleFormDialog rule={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function RuleItem({
  rule,
  days,
  canManage,
  onEdit,
}: {
  rule: ComplianceRule;
  days: number;
  canManage: boolean;
  onEdit: () => void;
}) {
  const { t } = useAdminTranslation();
  const update = useUpdateRule();
  const toggle = () =>
    update.mutate(
      { code: rule.code, body: { enabled: !rule.enabled } },
      {
        onSuccess: (saved) =>
          toast.success(
            t(saved.enabled ? 'compliance.rules.enabledOn' : 'compliance.rules.enabledOff', {
              name: saved.name,
            }),
          ),
        onError: (error) =>
          toast.error(
            t('compliance.rules.saveFailed'),
            error instanceof Error ? { description: error.message } : undefined,
          ),
      },
    );
  return (
    <li className="space-y-2 py-3" data-testid="rule" data-code={rule.code}>
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={rule.severity} />
        <Badge variant="outline">{t(`compliance.rules.categories.${rule.category}`)}</Badge>
        <span className="font-medium">{rule.name}</span>
        <code className="text-xs text-muted-foreground">{rule.code}</code>
        <Badge variant="secondary" data-testid="rule-version">
          {t('compliance.rules.version', { version: rule.version })}
        </Badge>
        <div className="ml-auto flex items-center gap-2">
          <RuleSwitch
            checked={rule.enabled}
            disabled={!canManage || update.isPending}
            label={t('compliance.rules.toggle', { name: rule.name })}
            onToggle={toggle}
          />
          <span className="w-16 text-xs text-muted-foreground">
            {rule.enabled ? t('compliance.rules.enabled') : t('compliance.rules.disabled')}
          </span>
          {canManage ? (
            <Button
              size="sm"
              variant="outline"
              onClick={onEdit}
              aria-label={t('compliance.rules.editTitle', { name: rule.name })}
            >
              <Pencil />
              {t('compliance.rules.edit')}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-sm">{rule.description}</p>
      {rule.parameter_specs.length === 0 ? (
        <p className="text-xs text-muted-foreground">{t('compliance.rules.noParameters')}</p>
      ) : (
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs" data-testid="rule-parameters">
          {rule.parameter_specs.map((spec) => (
            <div key={spec.key} className="flex gap-1" data-param={spec.key}>
              <dt className="text-muted-foreground">{t(`compliance.rules.params.${spec.key}`)}:</dt>
              <dd className="font-medium tabular-nums">
                {parameterDisplay(rule.parameters[spec.key], spec)}{' '}
                <span className="font-normal text-muted-foreground">{unitSuffix(spec.unit, t)}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="text-xs text-muted-foreground" data-testid="rule-stats">
        {rule.last_run_at
          ? t('compliance.rules.lastRun', { time: when(rule.last_run_at) })
          : t('compliance.rules.neverRun')}
        {' · '}
        <span data-testid="rule-violations">
          {t('compliance.rules.violations', { count: rule.violations_in_period, days })}
        </span>
        {rule.updated_by
          ? ` · ${t('compliance.rules.updatedBy', { time: when(rule.updated_at), who: rule.updated_by })}`
          : ''}
      </p>
    </li>
  );
}

/** Fractions already show '%'; the other units are named after the value. */
function unitSuffix(unit: string, t: (key: string) => string): string {
  if (unit === 'fraction' || unit === 'roles') return '';
  if (unit === 'try') return t('compliance.rules.units.try');
  if (unit === 'multiple') return t('compliance.rules.units.multiple');
  if (unit === 'hour') return '';
  return t(`compliance.rules.units.${unit}`);
}

/** An on/off switch (role=switch) for a rule's enabled flag. */
function RuleSwitch({
  checked,
  disabled,
  label,
  onToggle,
}: {
  checked: boolean;
  disabled: boolean;
  label: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        'relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-primary' : 'bg-input',
      )}
    >
      <span
        className={cn(
          'pointer-events-none block size-4 rounded-full bg-background shadow-sm transition-transform',
          checked ? 'translate-x-4' : 'translate-x-0',
        )}
      />
    </button>
  );
}
