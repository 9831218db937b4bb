import { riskInputSchema, type ComplianceSeverity, type Risk, type RiskInput } from '@bist/contracts';
import { riskLevelOf, riskScoreOf } from '@bist/contracts/values';

/** The risk form as typed: every field text (scores 1–5 chosen from lists, so '' until chosen). */
export type RiskFormValues = Record<keyof RiskInput, string>;
export type RiskFormErrors = Partial<Record<keyof RiskInput | 'form', string>>;

const FIELDS: readonly (keyof RiskInput)[] = [
  'title',
  'risk_category',
  'risk_description',
  'mitigation_strategy',
  'likelihood',
  'impact',
  'residual_likelihood',
  'residual_impact',
  'owner',
  'review_date',
];

export const isRiskField = (key: string): key is keyof RiskInput =>
  (FIELDS as readonly string[]).includes(key);

/** A new risk starts empty with the review date given; editing starts from the stored risk. */
export function riskFormValues(risk: Risk | undefined, reviewDate: string): RiskFormValues {
  return {
    title: risk?.title ?? '',
    risk_category: risk?.risk_category ?? '',
    risk_description: risk?.risk_description ?? '',
    mitigation_strategy: risk?.mitigation_strategy ?? '',
    likelihood: risk ? String(risk.likelihood) : '',
    impact: risk ? String(risk.impact) : '',
    residual_likelihood: risk ? String(risk.residual_likelihood) : '',
    residual_impact: risk ? String(risk.residual_impact) : '',
    owner: risk?.owner ?? '',
    review_date: risk?.review_date ?? reviewDate,
  };
}

/** Checks the form with the server's schema (riskInputSchema); errors keyed by field, first message each. */
export function parseRiskForm(
  values: RiskFormValues,
): { ok: true; input: RiskInput } | { ok: false; errors: RiskFormErrors } {
  const parsed = riskInputSchema.safeParse({
    ...values,
    likelihood: values.likelihood === '' ? undefined : values.likelihood,
    impact: values.impact === '' ? undefined : values.impact,
    residual_likelihood: values.residual_likelihood === '' ? undefined : values.residual_likelihood,
    residual_impact: values.residual_impact === '' ? undefined : values.residual_impact,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: RiskFormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    const field = isRiskField(key) ? key : 'form';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export interface LiveLevel {
  score: number;
  level: ComplianceSeverity;
}

/** Score and level of a likelihood and impact as chosen so far (the 5×5 bands); null until both are 1–5. */
export function liveLevel(likelihood: string, impact: string): LiveLevel | null {
  const l = Number(likelihood);
  const i = Number(impact);
  const ok = (n: number) => Number.isInteger(n) && n >= 1 && n <= 5;
  if (likelihood === '' || impact === '' || !ok(l) || !ok(i)) return null;
  const score = riskScoreOf(l, i);
  return { score, level: riskLevelOf(score) };
}
