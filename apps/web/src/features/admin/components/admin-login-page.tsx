import { startTransition, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { KeyRound, ShieldCheck } from 'lucide-react';
import type { AdminDemoAccount } from '@bist/contracts';
import { ADMIN_ROLES, ROLE_INFO } from '@bist/contracts/values';
import { CredentialFields, useCredentials } from '@/components/credential-fields';
import { credentialErrorsOf, type CredentialErrors } from '@/lib/credential-errors';
import { LoadingSplash } from '@/components/loading-splash';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminLogin } from '@/features/admin/api/admin-login';
import { useDemoAccounts } from '@/features/admin/api/get-demo-accounts';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { safeAdminReturnPath, useAdminSession } from '@/lib/admin-session';
import '@/features/admin/i18n';

/**
 * /admin/login 'Admin Panel': staff sign-in with field errors, and in demo mode the demo accounts of every role
 * ('Use Demo Credentials' fills the super_admin's). A signed-in staff member goes straight on.
 */
export function AdminLoginPage() {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { session, status, signIn } = useAdminSession();
  useDocumentTitle(t('login.title'));
  const demo = useDemoAccounts();
  const login = useAdminLogin();
  const credentials = useCredentials();
  const { email, password } = credentials;
  const [formError, setFormError] = useState<string | null>(null);

  const from = safeAdminReturnPath((location.state as { from?: unknown } | null)?.from);
  const target = from ?? '/admin/dashboard';

  if (status === 'verifying') return <LoadingSplash label={t('common.loading')} />;
  if (session && !login.isSuccess) return <Navigate to={target} replace />;

  const demoAccounts = demo.data?.accounts ?? [];
  const fill = (account: AdminDemoAccount) => {
    credentials.fill(account);
    setFormError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const errors: CredentialErrors = {};
    if (!email.trim()) errors.email = t('login.emailRequired');
    if (!password) errors.password = t('login.passwordRequired');
    credentials.setErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) return;
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (response) => {
          startTransition(() => {
            signIn({ token: response.token, user: response.user });
            void navigate(target, { replace: true });
          });
        },
        onError: (error) => {
          if (!isApiError(error)) {
            setFormError(t('login.unexpected'));
            return;
          }
          const next = credentialErrorsOf(error);
          credentials.setErrors(next);
          if (Object.keys(next).length > 0) return;
          if (error.kind === 'network') setFormError(t('errors.network'));
          else setFormError(error.serverError ?? t('login.failed'));
        },
      },
    );
  };

  return (
    <main className="relative flex min-h-dvh flex-col items-center bg-background px-4 py-10 sm:justify-center">
      <div className="absolute right-4 top-4">
        <ThemeToggle toLight={t('theme.toLight')} toDark={t('theme.toDark')} />
      </div>
      <div className="mb-6 flex items-center gap-3">
        <Logo />
        <Badge variant="secondary">{t('layout.adminBadge')}</Badge>
      </div>
      <div className="grid w-full max-w-4xl gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card className="w-full">
          <CardHeader className="p-6 pb-4">
            <CardTitle as="h1" className="flex items-center gap-2 text-2xl">
              <ShieldCheck className="size-6 text-primary" aria-hidden="true" />
              {t('login.title')}
            </CardTitle>
            <CardDescription>{t('login.subtitle')}</CardDescription>
          </CardHeader>
          <CardContent className="p-6 pt-0">
            <form onSubmit={onSubmit} className="space-y-4" noValidate>
              <CredentialFields
                idPrefix="admin-"
                credentials={credentials}
                formError={formError}
                pending={login.isPending}
                emailAutoComplete="username"
                labels={{
                  email: t('login.email'),
                  password: t('login.password'),
                  emailPlaceholder: 'name@company.com',
                  showPassword: t('login.showPassword'),
                  hidePassword: t('login.hidePassword'),
                  submit: t('login.submit'),
                  submitting: t('login.submitting'),
                }}
              />
              <Link
                to="/admin/forgot-password"
                className="block text-sm text-primary underline-offset-4 hover:underline"
              >
                {t('reset.forgot')}
              </Link>
              {demo.data ? (
                <Button
                  type="button"
                  variant="outline"
                  className="w-full"
                  onClick={() => fill(demo.data.default_account)}
                >
                  <KeyRound />
                  {t('login.useDemo')}
                </Button>
              ) : null}
            </form>
          </CardContent>
        </Card>

        <Card className="w-full">
          <CardHeader className="p-6 pb-3">
            <CardTitle>{t('login.rolesTitle')}</CardTitle>
            <CardDescription>{demo.data ? t('login.rolesDemoHint') : t('login.rolesHint')}</CardDescription>
          </CardHeader>
          <CardContent className="p-6 pt-0">
            <ul className="divide-y" aria-label={t('login.rolesTitle')}>
              {ADMIN_ROLES.map((role) => {
                const account = demoAccounts.find((candidate) => candidate.role === role);
                return (
                  <li key={role} className="flex items-start justify-between gap-3 py-2">
                    <div className="min-w-0">
                      <p className="text-sm font-medium">{t(`roles.${role}`)}</p>
                      <p className="text-xs text-muted-foreground">
                        {account?.description ?? ROLE_INFO[role].description}
                      </p>
                    </div>
                    {account ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        onClick={() => fill(account)}
                        aria-label={t('login.fillRole', { role: t(`roles.${role}`) })}
                      >
                        {t('login.fill')}
                      </Button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
