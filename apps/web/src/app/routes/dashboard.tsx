import { useTranslation } from 'react-i18next';
import { ComingSoonPanel } from '@/components/coming-soon-panel';

/** Placeholder until the issue that builds this screen replaces it. */
export default function DashboardRoute() {
  const { t } = useTranslation();
  return <ComingSoonPanel title={t('pages.dashboard.title')} text={t('pages.dashboard.text')} />;
}
