import type { AdminRole } from '@bist/contracts';

export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  role: AdminRole;
  is_active: boolean;
}

export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

interface Parser {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * Name required; e-mail required and e-mail-typed; password required only when creating (on edit a blank
 * one keeps the current); a given password follows the server's rule (the contract's schemas, so the messages match).
 */
export function validateUserForm(
  values: UserFormValues,
  editing: boolean,
  rules: {
    name: Parser;
    email: Parser;
    password: Parser;
    messages: { nameRequired: string; emailRequired: string; emailInvalid: string; passwordRequired: string };
  },
): UserFormErrors {
  const errors: UserFormErrors = {};
  if (!values.name.trim()) errors.name = rules.messages.nameRequired;
  else {
    const name = rules.name.safeParse(values.name);
    if (!name.success) errors.name = name.error.issues[0]?.message ?? rules.messages.nameRequired;
  }
  if (!values.email.trim()) errors.email = rules.messages.emailRequired;
  else if (!rules.email.safeParse(values.email).success) errors.email = rules.messages.emailInvalid;
  if (!values.password) {
    if (!editing) errors.password = rules.messages.passwordRequired;
  } else {
    const password = rules.password.safeParse(values.password);
    if (!password.success)
      errors.password = password.error.issues[0]?.message ?? rules.messages.passwordRequired;
  }
  return errors;
}
