import { isApiError } from '@/lib/api-client';

/**
 * Splits an API error into messages under the form's fields (a 400's `details`, any answer's `field`) or else one for
 * the whole form: one message per problem, never both. `aliases` maps a server field name onto the form's own name
 * where they differ.
 */
export function formErrorsFrom<F extends string>(
  error: unknown,
  fields: readonly F[],
  aliases: Readonly<Record<string, F>> = {},
): { fieldErrors: Partial<Record<F, string>>; formError: string | null } {
  const fieldErrors: Partial<Record<F, string>> = {};
  if (!isApiError(error)) return { fieldErrors, formError: error instanceof Error ? error.message : null };
  const known = (name: string | undefined): F | undefined => {
    const last = name?.split('.').at(-1);
    if (!last) return undefined;
    const key = aliases[last] ?? last;
    return fields.find((f) => f === key);
  };
  for (const issue of error.details) {
    const field = known(issue.field);
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  const field = known(error.field);
  if (field && !fieldErrors[field]) fieldErrors[field] = error.displayMessage;
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  return { fieldErrors, formError: hasFieldErrors ? null : error.displayMessage };
}
