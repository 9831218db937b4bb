import { useTranslation } from 'react-i18next';
import { ComingSoonPanel } from '@/components/coming-soon-panel';

/** Placeholder until the issue that builds this screen replaces it. */
export default function PredictionsRoute() {
  const { t } = useTranslation();
  return <ComingSoonPanel title={t('pages.predictions.title')} text={t('pages.predictions.text')} />;
}
