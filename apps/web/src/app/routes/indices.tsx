import { useTranslation } from 'react-i18next';
import { ComingSoonPanel } from '@/components/coming-soon-panel';

/** Placeholder until the issue that builds this screen replaces it. */
export default function IndicesRoute() {
  const { t } = useTranslation();
  return <ComingSoonPanel title={t('pages.indices.title')} text={t('pages.indices.text')} />;
}
