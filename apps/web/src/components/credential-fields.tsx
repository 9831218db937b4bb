import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';

export type CredentialErrors = Partial<Record<'email' | 'password', string>>;

export interface CredentialFieldsProps {
  /** Prefix of the inputs' ids ('' gives 'email' and 'password'). */
  idPrefix: string;
  email: string;
  password: string;
  /** Called with the new value; the page also clears that field's error. */
  onEmailChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  errors: CredentialErrors;
  /** The sign-in's own failure (wrong credentials, locked, offline), shown above the button. */
  formError: string | null;
  pending: boolean;
  /** Browser validation as well as ours (the customer form); the admin form validates only itself. */
  required?: boolean;
  emailAutoComplete: 'email' | 'username';
  labels: {
    email: string;
    password: string;
    emailPlaceholder: string;
    passwordPlaceholder?: string;
    showPassword: string;
    hidePassword: string;
    submit: string;
    submitting: string;
  };
}

/** E-mail, password (with show/hide), their errors, the form error and the submit button of both sign-in pages. */
export function CredentialFields(props: CredentialFieldsProps) {
  const { idPrefix, errors, labels, pending, required = false } = props;
  const emailId = `${idPrefix}email`;
  const passwordId = `${idPrefix}password`;
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={emailId}>{labels.email}</Label>
        <Input
          id={emailId}
          name="email"
          type="email"
          autoComplete={props.emailAutoComplete}
          required={required}
          autoFocus
          value={props.email}
          onChange={(event) => props.onEmailChange(event.target.value)}
          placeholder={labels.emailPlaceholder}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${emailId}-error` : undefined}
        />
        {errors.email ? (
          <p id={`${emailId}-error`} className="text-sm text-destructive">
            {errors.email}
          </p>
        ) : null}
      </div>
      <div className="space-y-2">
        <Label htmlFor={passwordId}>{labels.password}</Label>
        <PasswordInput
          id={passwordId}
          name="password"
          autoComplete="current-password"
          required={required}
          value={props.password}
          onChange={(event) => props.onPasswordChange(event.target.value)}
          placeholder={labels.passwordPlaceholder}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${passwordId}-error` : undefined}
          showLabel={labels.showPassword}
          hideLabel={labels.hidePassword}
        />
        {errors.password ? (
          <p id={`${passwordId}-error`} className="text-sm text-destructive">
            {errors.password}
          </p>
        ) : null}
      </div>
      {props.formError ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {props.formError}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending} aria-busy={pending}>
        {pending ? <Loader2 className="animate-spin" /> : null}
        {pending ? labels.submitting : labels.submit}
      </Button>
    </>
  );
}
