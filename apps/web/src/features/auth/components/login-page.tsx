import { startTransition, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, useLocation, useNavigate } from 'react-router';
import { Info } from 'lucide-react';
import { rememberedDemoMode, useHealth } from '@/features/auth/api/get-health';
import { useLogin } from '@/features/auth/api/login';
import { CredentialFields, credentialErrorsOf, useCredentials } from '@/components/credential-fields';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { createOfflineSession, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Only same-app paths: a crafted `from` or `redirect` must never send the user to another site. */
function safePath(path: unknown): string | null {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && path !== '/login'
    ? path
    : null;
}

/**
 * /login: e-mail and password with the server's field errors. In demo mode only, when the server cannot be reached,
 * a filled form opens an offline demo session instead.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useSession();
  useDocumentTitle(t('login.title'));
  const health = useHealth();
  const loginMutation = useLogin();
  const credentials = useCredentials();
  const { email, password } = credentials;
  const [formError, setFormError] = useState<string | null>(null);

  const from = safePath((location.state as { from?: unknown } | null)?.from);
  const demoMode = health.data?.demoMode ?? (health.isError && rememberedDemoMode());
  const pending = loginMutation.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    credentials.setErrors({});
    setFormError(null);
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (response) => {
          // One transition, so the guard on /login never sees the new session before the navigation.
          startTransition(() => {
            signIn({ token: response.token, user: response.user });
            void navigate(from ?? safePath(response.redirect) ?? '/dashboard', { replace: true });
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.kind === 'network' && rememberedDemoMode()) {
            if (email.trim() && password) {
              startTransition(() => {
                signIn(createOfflineSession(email, Date.now()));
                void navigate(from ?? '/dashboard', { replace: true });
              });
              toast.info(t('login.offlineToast'));
            } else {
              setFormError(t('login.invalidCredentials'));
            }
            return;
          }
          if (!isApiError(error)) {
            setFormError(t('login.failed'));
            return;
          }
          const next = credentialErrorsOf(error);
          credentials.setErrors(next);
          if (Object.keys(next).length === 0) {
            const serverSaid =
              error.kind === 'network' || error.kind === 'unavailable' ? error.message : error.serverError;
            setFormError(serverSaid ?? t('login.failed'));
          }
        },
      },
    );
  };

  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center bg-background px-4 py-10">
      <div className="absolute right-4 top-4">
        <ThemeToggle toLight={t('common.toLight')} toDark={t('common.toDark')} />
      </div>
      <Link to="/" className="mb-8">
        <Logo className="scale-110" />
        <span className="sr-only">{t('login.backHome')}</span>
      </Link>
      <Card className="w-full max-w-sm">
        <CardHeader className="p-6 pb-4">
          <CardTitle as="h1" className="text-2xl">
            {t('login.title')}
          </CardTitle>
          <CardDescription>{t('login.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent className="p-6 pt-0">
          <form onSubmit={onSubmit} className="space-y-4">
            <CredentialFields
              idPrefix=""
              credentials={credentials}
              formError={formError}
              pending={pending}
              required
              emailAutoComplete="email"
              labels={{
                email: t('login.email'),
                password: t('login.password'),
                emailPlaceholder: t('login.emailPlaceholder'),
                passwordPlaceholder: t('login.passwordPlaceholder'),
                showPassword: t('login.showPassword'),
                hidePassword: t('login.hidePassword'),
                submit: t('login.submit'),
                submitting: t('login.submitting'),
              }}
            />
          </form>
          {demoMode ? (
            <p
              className="mt-4 flex items-start gap-2 rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground"
              data-testid="demo-note"
            >
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('login.demoNote')}
            </p>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}
