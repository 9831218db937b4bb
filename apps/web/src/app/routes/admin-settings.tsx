import { SettingsPage } from '@/features/admin/components/settings/settings-page';

export default function AdminSettingsRoute() {
  return <SettingsPage />;
}
