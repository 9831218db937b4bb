import { startTransition, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Info, Loader2 } from 'lucide-react';
import { rememberedDemoMode, useHealth } from '@/features/auth/api/get-health';
import { useLogin } from '@/features/auth/api/login';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { createOfflineSession, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** Only same-app paths: a crafted `from` or `redirect` must never send the user to another site. */
function safePath(path: unknown): string | null {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && path !== '/login'
    ? path
    : null;
}

function fieldName(field: string): 'email' | 'password' | null {
  const last = field.split('.').pop();
  return last === 'email' || last === 'password' ? last : null;
}

/** /login exactly as spec §2, with the offline fallback of spec §5 in demo mode only. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useSession();
  useDocumentTitle(t('login.title'));
  const health = useHealth();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const from = safePath((location.state as { from?: unknown } | null)?.from);
  const demoMode = health.data?.demoMode ?? (health.isError && rememberedDemoMode());
  const pending = loginMutation.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setFieldErrors({});
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
          const next: FieldErrors = {};
          for (const issue of error.details) {
            const name = fieldName(issue.field);
            if (name && !next[name]) next[name] = issue.message;
          }
          const topField = error.field ? fieldName(error.field) : null;
          if (topField && !next[topField] && error.serverError) next[topField] = error.serverError;
          setFieldErrors(next);
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
    <div className="relative flex min-h-dvh flex-col items-center justify-center bg-background px-4 py-10">
      <div className="absolute right-4 top-4">
        <ThemeToggle />
      </div>
      <Link to="/" className="mb-8" aria-label={t('login.backHome')}>
        <Logo className="scale-110" />
      </Link>
      <Card className="w-full max-w-sm">
        <CardHeader className="p-6 pb-4">
          <CardTitle className="text-2xl">{t('login.title')}</CardTitle>
          <CardDescription>{t('login.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent className="p-6 pt-0">
          <form onSubmit={onSubmit} className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor="email">{t('login.email')}</Label>
              <Input
                id="email"
                name="email"
                type="email"
                autoComplete="email"
                required
                autoFocus
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setFieldErrors(({ email: _cleared, ...rest }) => rest);
                }}
                placeholder={t('login.emailPlaceholder')}
                aria-invalid={fieldErrors.email ? true : undefined}
                aria-describedby={fieldErrors.email ? 'email-error' : undefined}
              />
              {fieldErrors.email ? (
                <p id="email-error" className="text-sm text-destructive">
                  {fieldErrors.email}
                </p>
              ) : null}
            </div>
            <div className="space-y-2">
              <Label htmlFor="password">{t('login.password')}</Label>
              <PasswordInput
                id="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setFieldErrors(({ password: _cleared, ...rest }) => rest);
                }}
                placeholder={t('login.passwordPlaceholder')}
                aria-invalid={fieldErrors.password ? true : undefined}
                aria-describedby={fieldErrors.password ? 'password-error' : undefined}
                showLabel={t('login.showPassword')}
                hideLabel={t('login.hidePassword')}
              />
              {fieldErrors.password ? (
                <p id="password-error" className="text-sm text-destructive">
                  {fieldErrors.password}
                </p>
              ) : null}
            </div>
            {formError ? (
              <p
                role="alert"
                className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
              >
                {formError}
              </p>
            ) : null}
            <Button type="submit" className="w-full" disabled={pending} aria-busy={pending}>
              {pending ? <Loader2 className="animate-spin" /> : null}
              {pending ? t('login.submitting') : t('login.submit')}
            </Button>
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
    </div>
  );
}
