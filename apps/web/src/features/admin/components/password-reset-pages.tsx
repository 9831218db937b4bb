import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ADMIN_PASSWORD_RULE_TEXT } from '@bist/contracts/values';
import { Logo } from '@/components/logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useConfirmPasswordReset, useRequestPasswordReset } from '@/features/admin/api/password-reset';
import '@/features/admin/i18n';

function Shell({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const { t } = useAdminTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center bg-background px-4 py-10 sm:justify-center">
      <div className="mb-6 flex items-center gap-3">
        <Logo />
        <Badge variant="secondary">{t('layout.adminBadge')}</Badge>
      </div>
      <Card className="w-full max-w-md">
        <CardHeader className="p-6 pb-4">
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 p-6 pt-0">
          {children}
          <Link to="/admin/login" className="block text-sm text-primary underline-offset-4 hover:underline">
            {t('reset.backToLogin')}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}

function errorText(error: unknown, fallback: string): string {
  return isApiError(error) ? (error.serverError ?? fallback) : fallback;
}

/** A one-field form, or the server's answer once it succeeded; a refusal shows above the button. */
function OneStepForm({
  done,
  error,
  pending,
  ready,
  submitLabel,
  onSubmit,
  children,
}: {
  done: string | undefined;
  error: string | null;
  pending: boolean;
  ready: boolean;
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  if (done !== undefined)
    return (
      <p role="status" className="text-sm">
        {done}
      </p>
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (ready && !pending) onSubmit();
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="space-y-2">{children}</div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending || !ready}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** /admin/forgot-password: asks for a reset link; the answer is the same whether the e-mail has an account or not. */
export function AdminForgotPasswordPage() {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('reset.forgotTitle'));
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  return (
    <Shell title={t('reset.forgotTitle')} description={t('reset.forgotDescription')}>
      <OneStepForm
        done={request.data?.message ?? (request.isSuccess ? '' : undefined)}
        error={request.isError ? errorText(request.error, t('login.unexpected')) : null}
        pending={request.isPending}
        ready={email.trim() !== ''}
        submitLabel={t('reset.sendLink')}
        onSubmit={() => request.mutate(email.trim())}
      >
        <Label htmlFor="reset-email">{t('login.email')}</Label>
        <Input
          id="reset-email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </OneStepForm>
    </Shell>
  );
}

/** /admin/reset-password#token=…: sets a new password with the link's token (the token never reaches a server log). */
export function AdminResetPasswordPage() {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('reset.resetTitle'));
  const location = useLocation();
  const token = new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const error = !token
    ? t('reset.noToken')
    : confirm.isError
      ? errorText(confirm.error, t('login.unexpected'))
      : null;
  return (
    <Shell title={t('reset.resetTitle')} description={t('reset.resetDescription')}>
      <OneStepForm
        done={confirm.data?.message ?? (confirm.isSuccess ? '' : undefined)}
        error={error}
        pending={confirm.isPending}
        ready={password !== '' && token !== ''}
        submitLabel={t('reset.setPassword')}
        onSubmit={() => confirm.mutate({ token, password })}
      >
        <Label htmlFor="reset-password">{t('reset.newPassword')}</Label>
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          value={password}
          aria-describedby="reset-password-hint"
          onChange={(event) => setPassword(event.target.value)}
        />
        <p id="reset-password-hint" className="text-xs text-muted-foreground">
          {ADMIN_PASSWORD_RULE_TEXT}
        </p>
      </OneStepForm>
    </Shell>
  );
}
