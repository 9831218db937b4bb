import type { ApiError } from '@/lib/request-json';

/** A refused sign-in's message per field of the two sign-in forms (investor and admin). */
export type CredentialErrors = Partial<Record<'email' | 'password', string>>;

function credentialField(field: string): 'email' | 'password' | null {
  const last = field.split('.').pop();
  return last === 'email' || last === 'password' ? last : null;
}

/** The field errors of a refused sign-in: the server's first detail per field, else its top-level field's error. */
export function credentialErrorsOf(error: ApiError): CredentialErrors {
  const next: CredentialErrors = {};
  for (const issue of error.details) {
    const name = credentialField(issue.field);
    if (name && !next[name]) next[name] = issue.message;
  }
  const topField = error.field ? credentialField(error.field) : null;
  if (topField && !next[topField] && error.serverError) next[topField] = error.serverError;
  return next;
}
