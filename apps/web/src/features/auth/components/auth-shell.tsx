import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTranslation } from '@/lib/use-translation';

/** The frame of the account pages outside the app (sign-up, password reset): logo home, theme, one card. */
export function AuthShell({
  title,
  description,
  wide = false,
  children,
}: {
  title: string;
  description?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center bg-background px-4 py-10">
      <div className="absolute right-4 top-4">
        <ThemeToggle toLight={t('common.toLight')} toDark={t('common.toDark')} />
      </div>
      <Link to="/" className="mb-8">
        <Logo className="scale-110" />
        <span className="sr-only">{t('login.backHome')}</span>
      </Link>
      <Card className={wide ? 'w-full max-w-2xl' : 'w-full max-w-md'}>
        <CardHeader className="p-6 pb-4">
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="space-y-4 p-6 pt-0">{children}</CardContent>
      </Card>
    </main>
  );
}

/** An account page's 'done' line: the server's message with a tick, announced to screen readers. */
export function AuthDone({ message, testId }: { message: string | undefined; testId: string }) {
  return (
    <p role="status" className="flex items-start gap-2 text-sm" data-testid={testId}>
      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-up" aria-hidden="true" />
      {message}
    </p>
  );
}
