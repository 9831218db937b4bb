import { useState, type FormEvent, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import type { Risk, RiskInput } from '@bist/contracts';
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
import { useSaveRisk } from '@/features/admin-compliance/api/save-risk';
import {
  isRiskField,
  liveLevel,
  parseRiskForm,
  riskFormValues,
  type RiskFormErrors,
  type RiskFormValues,
} from '@/features/admin-compliance/lib/risk-form';
import { SeverityBadge } from './severity-badge';

const SCORES = ['1', '2', '3', '4', '5'] as const;
const textareaClass =
  'min-h-20 w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive';

/** Review in 90 days by default (a quarter), as YYYY-MM-DD. */
const defaultReviewDate = () => new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);

/**
 * New risk / edit risk: every field checked with the server's schema before sending, the inherent and residual
 * levels shown live from the 5×5 bands, the server's 400 shown on the field it names.
 */
export function RiskFormDialog({ risk, onClose }: { risk: Risk | undefined; onClose: () => void }) {
  const { t } = useAdminTranslation();
  const save = useSaveRisk();
  const [values, setValues] = useState<RiskFormValues>(() => riskFormValues(risk, defaultReviewDate()));
  const [errors, setErrors] = useState<RiskFormErrors>({});

  const set = (key: keyof RiskInput, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, form: _form, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = parseRiskForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: risk?.id, body: parsed.input },
      {
        onSuccess: () => {
          toast.success(risk ? t('compliance.risks.form.updated') : t('compliance.risks.form.created'));
          onClose();
        },
        onError: (error) => {
          if (!isApiError(error)) {
            setErrors({ form: t('compliance.risks.form.saveFailed') });
            return;
          }
          const next: RiskFormErrors = {};
          for (const issue of error.details) {
            const key = issue.field.split('.').pop() ?? '';
            if (isRiskField(key)) next[key] ??= issue.message;
          }
          const top = error.field?.split('.').pop();
          if (top && isRiskField(top))
            next[top] ??= error.serverError ?? t('compliance.risks.form.saveFailed');
          if (Object.keys(next).length === 0)
            next.form = `${t('compliance.risks.form.saveFailed')}${error.serverError ? `: ${error.serverError}` : ''}`;
          setErrors(next);
        },
      },
    );
  };

  const text = (key: keyof RiskInput, label: string, type = 'text') => (
    <FormField id={`risk-${key}`} label={label} error={errors[key]}>
      <Input
        {...fieldProps(`risk-${key}`, errors[key])}
        type={type}
        autoComplete="off"
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
      />
    </FormField>
  );
  const area = (key: keyof RiskInput, label: string) => (
    <FormField id={`risk-${key}`} label={label} error={errors[key]}>
      <textarea
        {...fieldProps(`risk-${key}`, errors[key])}
        className={textareaClass}
        maxLength={2_000}
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
      />
    </FormField>
  );
  const score = (key: keyof RiskInput, label: string) => (
    <FormField id={`risk-${key}`} label={label} error={errors[key]}>
      <Select value={values[key]} onValueChange={(v) => set(key, v)}>
        <SelectTrigger {...fieldProps(`risk-${key}`, errors[key])}>
          <SelectValue placeholder={t('compliance.risks.form.choose')} />
        </SelectTrigger>
        <SelectContent>
          {SCORES.map((s) => (
            <SelectItem key={s} value={s}>
              {s}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        lang="en"
        closeLabel={t('common.close')}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
      >
        <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="risk-form">
          <DialogHeader>
            <DialogTitle>
              {risk ? t('compliance.risks.form.editTitle') : t('compliance.risks.form.addTitle')}
            </DialogTitle>
            <DialogDescription>{t('compliance.risks.form.description')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('title', t('compliance.risks.form.title'))}
            {text('risk_category', t('compliance.risks.form.category'))}
          </div>
          {area('risk_description', t('compliance.risks.form.riskDescription'))}
          <div className="grid gap-4 sm:grid-cols-2">
            <ScoreGroup
              title={t('compliance.risks.form.inherent')}
              level={liveLevel(values.likelihood, values.impact)}
              testId="inherent-level"
            >
              {score('likelihood', t('compliance.risks.form.likelihood'))}
              {score('impact', t('compliance.risks.form.impact'))}
            </ScoreGroup>
            <ScoreGroup
              title={t('compliance.risks.form.residual')}
              level={liveLevel(values.residual_likelihood, values.residual_impact)}
              testId="residual-level"
            >
              {score('residual_likelihood', t('compliance.risks.form.likelihood'))}
              {score('residual_impact', t('compliance.risks.form.impact'))}
            </ScoreGroup>
          </div>
          {area('mitigation_strategy', t('compliance.risks.form.mitigation'))}
          <div className="grid gap-4 sm:grid-cols-2">
            {text('owner', t('compliance.risks.form.owner'))}
            {text('review_date', t('compliance.risks.form.reviewDate'), 'date')}
          </div>
          <FormError message={errors.form} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              {t('compliance.risks.form.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
              {save.isPending ? <Loader2 className="animate-spin" /> : null}
              {risk ? t('compliance.risks.form.save') : t('compliance.risks.form.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Likelihood and impact side by side, with the score and level they give (live). */
function ScoreGroup({
  title,
  level,
  testId,
  children,
}: {
  title: string;
  level: ReturnType<typeof liveLevel>;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useAdminTranslation();
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{title}</legend>
      <div className="grid grid-cols-2 gap-3">{children}</div>
      <p className="flex items-center gap-2 text-sm" data-testid={testId} aria-live="polite">
        {level ? (
          <>
            <span className="tabular-nums">{t('compliance.risks.form.score', { score: level.score })}</span>
            <SeverityBadge severity={level.level} />
          </>
        ) : (
          <span className="text-muted-foreground">{t('compliance.risks.form.pick')}</span>
        )}
      </p>
    </fieldset>
  );
}
