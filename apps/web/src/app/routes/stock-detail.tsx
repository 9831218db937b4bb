import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoonPanel } from '@/components/coming-soon-panel';

/** Placeholder until the market-data issue builds the stock page. */
export default function StockDetailRoute() {
  const { t } = useTranslation();
  const { symbol = '' } = useParams();
  return (
    <ComingSoonPanel
      title={t('pages.stockDetail.title', { symbol: symbol.toLocaleUpperCase('tr-TR') })}
      text={t('pages.stockDetail.text')}
    />
  );
}
