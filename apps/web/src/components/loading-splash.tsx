import { useTranslation } from '@/lib/use-translation';
import { Logo } from '@/components/logo';
import { Spinner } from '@/components/ui/spinner';

/**
 * Full-page loading splash, shown while the app boots, a route loads or a session is restored. Without a `label`
 * it speaks the investor's language and shows the label under the spinner; the admin panel passes its own label
 * and shows the spinner alone.
 */
export function LoadingSplash({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-background" aria-busy="true">
      <Logo className="scale-125" />
      <Spinner className="size-7 text-primary" label={label ?? t('app.loading')} />
      {label === undefined ? <p className="text-sm text-muted-foreground">{t('app.loading')}</p> : null}
    </div>
  );
}
