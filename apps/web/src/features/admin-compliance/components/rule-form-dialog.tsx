import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import type { ComplianceRule, ComplianceSeverity } from '@bist/contracts';
import { COMPLIANCE_SEVERITIES, ruleParameterRange } from '@bist/contracts/values';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldProps, FormError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useUpdateRule } from '@/features/admin-compliance/api/update-rule';
import {
  parameterText,
  parseRuleForm,
  ruleErrorKey,
  type RuleFormErrors,
} from '@/features/admin-compliance/lib/rule-form';

/**
 * Edit a rule's parameters and severity: checked before sending with the schema the server uses (units and ranges
 * from the contract); the server's 400 is shown on the field it names.
 */
export function RuleFormDialog({ rule, onClose }: { rule: ComplianceRule; onClose: () => void }) {
  const { t } = useAdminTranslation();
  const update = useUpdateRule();
  const specs = rule.parameter_specs;
  const [parameters, setParameters] = useState<Record<string, string>>(() =>
    Object.fromEntries(specs.map((s) => [s.key, parameterText(rule.parameters[s.key])])),
  );
  const [severity, setSeverity] = useState<ComplianceSeverity>(rule.severity);
  const [errors, setErrors] = useState<RuleFormErrors>({});

  const setParameter = (key: string, value: string) => {
    setParameters((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = parseRuleForm({ parameters, severity }, specs);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { code: rule.code, body: { severity, ...(specs.length > 0 ? { parameters: parsed.parameters } : {}) } },
      {
        onSuccess: (saved) => {
          toast.success(t('compliance.rules.saved', { name: saved.name, version: saved.version }));
          onClose();
        },
        onError: (error) => {
          if (!isApiError(error)) {
            setErrors({ form: t('compliance.rules.saveFailed') });
            return;
          }
          const key = ruleErrorKey(error.field, specs);
          const message = error.serverError ?? t('compliance.rules.saveFailed');
          setErrors(
            key === 'form' ? { form: `${t('compliance.rules.saveFailed')}: ${message}` } : { [key]: message },
          );
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        lang="en"
        closeLabel={t('common.close')}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="rule-form">
          <DialogHeader>
            <DialogTitle>{t('compliance.rules.editTitle', { name: rule.name })}</DialogTitle>
            <DialogDescription>
              {t('compliance.rules.editDescription', { code: rule.code, version: rule.version + 1 })}
            </DialogDescription>
          </DialogHeader>
          {specs.map((spec) => {
            const id = `rule-param-${spec.key}`;
            return (
              <FormField
                key={spec.key}
                id={id}
                label={t(`compliance.rules.params.${spec.key}`)}
                error={errors[spec.key]}
                hint={t('compliance.rules.range', {
                  unit: t(`compliance.rules.units.${spec.unit}`),
                  range: ruleParameterRange(spec),
                })}
              >
                <Input
                  {...fieldProps(id, errors[spec.key])}
                  name={spec.key}
                  inputMode={spec.kind === 'roles' ? 'text' : 'decimal'}
                  autoComplete="off"
                  value={parameters[spec.key] ?? ''}
                  onChange={(event) => setParameter(spec.key, event.target.value)}
                />
              </FormField>
            );
          })}
          <FormField id="rule-severity" label={t('compliance.rules.severity')} error={errors.severity}>
            <Select value={severity} onValueChange={(v) => setSeverity(v as ComplianceSeverity)}>
              <SelectTrigger {...fieldProps('rule-severity', errors.severity)}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {COMPLIANCE_SEVERITIES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {t(`compliance.severity.${s}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormError message={errors.form} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={update.isPending}>
              {t('compliance.rules.cancel')}
            </Button>
            <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
              {update.isPending ? <Loader2 className="animate-spin" /> : null}
              {t('compliance.rules.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
