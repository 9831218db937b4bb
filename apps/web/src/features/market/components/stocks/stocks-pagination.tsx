import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import '@/features/market/i18n';

/** 'Önceki' / 'Sayfa n / m' / 'Sonraki' under the table; nothing when everything fits on one page. */
export function StocksPagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('market');
  if (pages <= 1) return null;
  return (
    <nav
      className="flex items-center justify-between gap-3 border-t px-4 py-3"
      aria-label={t('stocks.page', { page, pages })}
    >
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        {t('stocks.previous')}
      </Button>
      <span className="text-sm font-medium tabular-nums" data-testid="page-indicator">
        {t('stocks.page', { page, pages })}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('stocks.next')}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
