import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/logo';
import { Spinner } from '@/components/ui/spinner';

/** Full-page loading splash (spec §1), shown while the app boots, a route loads or auth is restored. */
export function LoadingSplash() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-background" aria-busy="true">
      <Logo className="scale-125" />
      <Spinner className="size-7 text-primary" label={t('app.loading')} />
      <p className="text-sm text-muted-foreground">{t('app.loading')}</p>
    </div>
  );
}
