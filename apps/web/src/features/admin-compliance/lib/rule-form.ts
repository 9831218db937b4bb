import { ruleParametersSchema, type ComplianceSeverity, type RuleParameterSpec } from '@bist/contracts';
import { DASH } from './format';

/** The edit form's values: each parameter as typed (roles comma-separated) and the severity. */
export interface RuleFormValues {
  parameters: Record<string, string>;
  severity: ComplianceSeverity;
}

/** Errors by parameter key, plus `severity` and `form` (an error no field shows). */
export type RuleFormErrors = Record<string, string>;

/** A stored parameter as the form shows it: numbers as typed, role lists comma-separated. */
export function parameterText(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : '';
}

/** A parameter for the rule list: fractions as percent, amounts in TRY grouped, lists joined. */
export function parameterDisplay(value: unknown, spec: RuleParameterSpec | undefined): string {
  if (value === undefined || value === null) return DASH;
  if (Array.isArray(value)) return value.length === 0 ? DASH : value.join(', ');
  if (typeof value === 'string') return value;
  if (typeof value !== 'number') return JSON.stringify(value);
  if (spec?.unit === 'fraction') return `${Number((value * 100).toFixed(4))}%`;
  return value.toLocaleString('en-GB', { maximumFractionDigits: 4 });
}

/**
 * Reads the form into the update body: numbers parsed (an empty or non-numeric entry stays text so the contract's
 * schema refuses it with the field's message), roles split on commas, then checked with the schema the server
 * uses (RULE_PARAMETER_SPECS). Errors are keyed by parameter.
 */
export function parseRuleForm(
  values: RuleFormValues,
  specs: readonly RuleParameterSpec[],
): { ok: true; parameters: Record<string, unknown> } | { ok: false; errors: RuleFormErrors } {
  const raw: Record<string, unknown> = {};
  for (const spec of specs) {
    const text = (values.parameters[spec.key] ?? '').trim();
    if (spec.kind === 'roles') {
      raw[spec.key] =
        text === ''
          ? []
          : text
              .split(',')
              .map((r) => r.trim())
              .filter(Boolean);
    } else {
      const n = text === '' ? Number.NaN : Number(text);
      raw[spec.key] = Number.isFinite(n) ? n : text;
    }
  }
  const parsed = ruleParametersSchema(specs).safeParse(raw);
  if (parsed.success) return { ok: true, parameters: parsed.data };
  const errors: RuleFormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = typeof issue.path[0] === 'string' ? issue.path[0] : 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * Where a server error belongs in the rule form: 'parameters.days' → 'days', 'severity' → 'severity', anything else
 * (e.g. 'parameters' for an unknown key) → 'form'.
 */
export function ruleErrorKey(field: string | undefined, specs: readonly RuleParameterSpec[]): string {
  if (!field) return 'form';
  if (field === 'severity') return 'severity';
  const key = field.startsWith('parameters.') ? field.split('.')[1] : undefined;
  return key && specs.some((s) => s.key === key) ? key : 'form';
}
