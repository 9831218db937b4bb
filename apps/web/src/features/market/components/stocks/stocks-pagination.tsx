import { useTranslation } from '@/lib/use-translation';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import '@/features/market/i18n';

/**
 * 'Önceki' / 'Sayfa n / m' / 'Sonraki' under the table (the buttons only when there is more than one page), and the
 * page size choice.
 */
export function StocksPagination({
  page,
  pages,
  onPage,
  pageSize,
  pageSizes,
  onPageSize,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  pageSize: number;
  pageSizes: readonly number[];
  onPageSize: (size: number) => void;
}) {
  const { t } = useTranslation('market');
  const sizeChoice = (
    <label className="inline-flex items-center gap-2 text-sm text-muted-foreground">
      {t('stocks.pageSize')}
      <select
        value={pageSize}
        onChange={(event) => onPageSize(Number(event.target.value))}
        className="h-8 rounded-md border border-input bg-card px-2 text-sm text-foreground"
      >
        {pageSizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </label>
  );
  if (pages <= 1) return <div className="flex justify-end border-t px-4 py-3">{sizeChoice}</div>;
  return (
    <nav
      className="flex flex-wrap items-center justify-between gap-3 border-t px-4 py-3"
      aria-label={t('stocks.page', { page, pages })}
    >
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        {t('stocks.previous')}
      </Button>
      <span className="text-sm font-medium tabular-nums" data-testid="page-indicator">
        {t('stocks.page', { page, pages })}
      </span>
      {sizeChoice}
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('stocks.next')}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
