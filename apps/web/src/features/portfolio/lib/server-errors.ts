import { isApiError } from '@/lib/api-client';

/** Splits an API error into messages under the form's fields (400 details/field) and one for the whole form. */
export function formErrorsFrom<F extends string>(
  error: unknown,
  fields: readonly F[],
): { fieldErrors: Partial<Record<F, string>>; formError: string | null } {
  const fieldErrors: Partial<Record<F, string>> = {};
  if (!isApiError(error)) return { fieldErrors, formError: error instanceof Error ? error.message : null };
  const known = (name: string | undefined): F | undefined => {
    if (!name) return undefined;
    const key = name.split('.').at(-1) === 'threshold_price' ? 'threshold' : name.split('.').at(-1);
    return fields.find((f) => f === key);
  };
  for (const issue of error.details) {
    const field = known(issue.field);
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  const field = known(error.field);
  if (field && !fieldErrors[field]) fieldErrors[field] = error.displayMessage;
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  return { fieldErrors, formError: hasFieldErrors && error.status === 400 ? null : error.displayMessage };
}
