import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useSettings } from '@/features/admin/api/get-settings';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PlatformSettingsForm } from './platform-settings-form';
import '@/features/admin/i18n';

/** /admin/settings: the platform's settings, validated by the contract and audited by the server. */
export function SettingsPage() {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('settings.title'));
  const settings = useSettings();

  return (
    <div className="space-y-6">
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      {settings.isError ? (
        <ErrorCard
          message={t('settings.loadFailed')}
          retry={{ label: t('common.retry'), onRetry: () => void settings.refetch() }}
        />
      ) : settings.data ? (
        <PlatformSettingsForm key={settings.data.updated_at ?? 'defaults'} data={settings.data} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-56 rounded-xl" />
          ))}
        </div>
      )}
    </div>
  );
}
