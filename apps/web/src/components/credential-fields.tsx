import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import type { CredentialErrors } from '@/lib/credential-errors';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';

/** The sign-in form's state: what was typed and each field's error (typing in a field clears its error). */
export function useCredentials() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<CredentialErrors>({});
  return {
    email,
    password,
    errors,
    setErrors,
    /** Fills both fields (the admin page's demo accounts) and clears the errors. */
    fill(next: { email: string; password: string }) {
      setEmail(next.email);
      setPassword(next.password);
      setErrors({});
    },
    change(field: 'email' | 'password', value: string) {
      (field === 'email' ? setEmail : setPassword)(value);
      setErrors(({ [field]: _cleared, ...rest }) => rest);
    },
  };
}

export type Credentials = ReturnType<typeof useCredentials>;

export interface CredentialFieldsProps {
  /** Prefix of the inputs' ids ('' gives 'email' and 'password'). */
  idPrefix: string;
  credentials: Credentials;
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
  const { idPrefix, credentials, labels, pending, required = false } = props;
  const { errors } = credentials;
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
          value={credentials.email}
          onChange={(event) => credentials.change('email', event.target.value)}
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
          value={credentials.password}
          onChange={(event) => credentials.change('password', event.target.value)}
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
      <Button
        type="submit"
        className="w-full"
        disabled={pending}
        aria-busy={pending}
        data-submitting={labels.submitting}
      >
        {pending ? <Loader2 className="animate-spin" /> : null}
        {pending ? labels.submitting : labels.submit}
      </Button>
    </>
  );
}
