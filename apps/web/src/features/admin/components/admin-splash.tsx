import { Logo } from '@/components/logo';
import { Spinner } from '@/components/ui/spinner';
import { useAdminTranslation } from '@/features/admin/i18n';

/** Spec §2: a spinner while the admin session is being verified. */
export function AdminSplash() {
  const { t } = useAdminTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-background" aria-busy="true">
      <Logo className="scale-125" />
      <Spinner className="size-7 text-primary" label={t('common.loading')} />
    </div>
  );
}
