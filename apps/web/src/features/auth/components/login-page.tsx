import { startTransition, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, useLocation, useNavigate } from 'react-router';
import { Info } from 'lucide-react';
import { useHealth } from '@/features/auth/api/get-health';
import { useLogin } from '@/features/auth/api/login';
import { rememberedDemoMode, safePath, signInFailure } from '@/features/auth/sign-in';
import { CredentialFields, useCredentials } from '@/components/credential-fields';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { usePrerender } from '@/lib/prerender';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /login: e-mail and password with the server's field errors. In demo mode only, when the server cannot be reached,
 * a filled form opens an offline demo session instead. Also prerendered to dist/login.html, which a direct visit
 * gets: static/login-static.ts then does what this component does, without React (features/auth/sign-in.ts is the
 * logic both share).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useSession();
  const prerendered = usePrerender();
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
          const failure = signInFailure(
            error,
            { email, password, now: Date.now() },
            { invalidCredentials: t('login.invalidCredentials'), failed: t('login.failed') },
          );
          if (failure.kind === 'offline') {
            startTransition(() => {
              signIn(failure.session);
              void navigate(from ?? '/dashboard', { replace: true });
            });
            toast.info(t('login.offlineToast'));
            return;
          }
          credentials.setErrors(failure.fieldErrors);
          setFormError(failure.formError);
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
          {/* The data-* words are for the prerendered page's script (static/login-static.ts). */}
          <form
            onSubmit={onSubmit}
            className="space-y-4"
            data-login-form=""
            data-network={t('errors.network')}
            data-unavailable={t('errors.unavailable')}
            data-unexpected={t('errors.unexpected')}
            data-invalid-credentials={t('login.invalidCredentials')}
            data-failed={t('login.failed')}
          >
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
          <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 text-sm">
            <Link
              to="/sifremi-unuttum"
              className="inline-flex min-h-11 items-center text-primary underline-offset-4 hover:underline"
            >
              {t('login.forgot')}
            </Link>
            <span className="inline-flex min-h-11 items-center gap-1 text-muted-foreground">
              {t('login.noAccount')}
              <Link
                to="/register"
                className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline"
              >
                {t('login.register')}
              </Link>
            </span>
          </div>
          {demoMode || prerendered ? (
            <p
              hidden={!demoMode}
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
