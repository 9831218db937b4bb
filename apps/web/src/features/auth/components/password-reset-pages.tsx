import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Info } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@bist/contracts/values';
import { Button } from '@/components/ui/button';
import { fieldProps, FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { formErrorsFrom } from '@/lib/server-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTranslation } from '@/lib/use-translation';
import { useConfirmPasswordReset, useRequestPasswordReset } from '@/features/auth/api/password-reset';
import { AuthDone, AuthShell } from './auth-shell';
import '@/features/auth/i18n';

/** The investor's pages of a reset (the server's links point at them: customer-reset-realm.ts). */
export const FORGOT_PASSWORD_PATH = '/sifremi-unuttum';
export const RESET_PASSWORD_PATH = '/sifre-sifirla';

function BackToSignIn() {
  const { t } = useTranslation('auth');
  return (
    <Link
      to="/login"
      className="inline-flex min-h-11 items-center text-sm text-primary underline-offset-4 hover:underline"
    >
      {t('forgot.back')}
    </Link>
  );
}

/**
 * /sifremi-unuttum: asks for a reset link. The answer is the same for every e-mail; it says how the link leaves
 * this server — by e-mail, or in demo mode without SMTP as a file in the server's outbox (named in its log).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.title'));
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    setFormError(null);
    request.mutate(email.trim(), {
      onError: (e) => {
        const mapped = formErrorsFrom(e, ['email'] as const);
        setError(mapped.fieldErrors.email);
        setFormError(mapped.formError ?? (mapped.fieldErrors.email ? null : t('forgot.failed')));
      },
    });
  };

  if (request.isSuccess)
    return (
      <AuthShell title={t('forgot.title')}>
        <AuthDone message={request.data.message} testId="reset-requested" />
        <p
          className="flex items-start gap-2 rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground"
          data-testid="reset-delivery"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {request.data.delivery === 'demo_outbox' ? t('forgot.demoOutbox') : t('forgot.byEmail')}
        </p>
        <BackToSignIn />
      </AuthShell>
    );

  return (
    <AuthShell title={t('forgot.title')} description={t('forgot.subtitle')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id={`${id}-email`} label={t('forgot.email')} error={error}>
          <Input
            {...fieldProps(`${id}-email`, error)}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        <FormError message={formError} />
        <Button type="submit" className="w-full" disabled={request.isPending || !email.trim()}>
          {request.isPending ? <Spinner className="size-4 text-current" /> : null}
          {request.isPending ? t('forgot.submitting') : t('forgot.submit')}
        </Button>
      </form>
      <BackToSignIn />
    </AuthShell>
  );
}

/**
 * /sifre-sifirla#token=…: sets a new password with the link's token. The token is in the fragment, so it never
 * reaches a server log or a Referer; a used or expired one is refused with the server's words.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(t('reset.title'));
  const id = useId();
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const confirm = useConfirmPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending || !token) return;
    setFormError(null);
    confirm.mutate(
      { token, password },
      {
        onError: (e) => {
          const mapped = formErrorsFrom(e, ['password', 'token'] as const);
          setError(mapped.fieldErrors.password);
          setFormError(
            mapped.fieldErrors.token ??
              mapped.formError ??
              (mapped.fieldErrors.password ? null : t('reset.failed')),
          );
        },
      },
    );
  };

  if (confirm.isSuccess)
    return (
      <AuthShell title={t('reset.title')}>
        <AuthDone message={confirm.data.message} testId="reset-done" />
        <Button asChild className="w-full">
          <Link to="/login">{t('reset.signIn')}</Link>
        </Button>
      </AuthShell>
    );

  if (!token)
    return (
      <AuthShell title={t('reset.title')}>
        <p role="alert" className="text-sm text-down">
          {t('reset.noToken')}
        </p>
        <Button asChild variant="outline" className="w-full">
          <Link to={FORGOT_PASSWORD_PATH}>{t('reset.askAgain')}</Link>
        </Button>
      </AuthShell>
    );

  return (
    <AuthShell title={t('reset.title')} description={t('reset.subtitle')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField
          id={`${id}-password`}
          label={t('reset.password')}
          error={error}
          hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        >
          <PasswordInput
            {...fieldProps(`${id}-password`, error)}
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(undefined);
            }}
            showLabel={tCommon('login.showPassword')}
            hideLabel={tCommon('login.hidePassword')}
          />
        </FormField>
        <FormError message={formError} />
        {formError ? (
          <Link
            to={FORGOT_PASSWORD_PATH}
            className="inline-flex min-h-11 items-center text-sm text-primary underline-offset-4 hover:underline"
          >
            {t('reset.askAgain')}
          </Link>
        ) : null}
        <Button type="submit" className="w-full" disabled={confirm.isPending || !password}>
          {confirm.isPending ? <Spinner className="size-4 text-current" /> : null}
          {confirm.isPending ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
