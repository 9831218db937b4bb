import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ComingSoonPanel } from '@/components/coming-soon-panel';

/** Placeholder until the market-data issue builds the stocks screen; shows what the top bar searched for. */
export default function StocksRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = params.get('search')?.trim();
  return (
    <ComingSoonPanel title={t('pages.stocks.title')} text={t('pages.stocks.text')}>
      {query ? <p className="text-sm font-medium">{t('pages.stocks.searchFor', { query })}</p> : null}
    </ComingSoonPanel>
  );
}
