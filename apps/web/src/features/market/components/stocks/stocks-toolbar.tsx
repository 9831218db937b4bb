import { useTranslation } from '@/lib/use-translation';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useSectors } from '@/features/market/api/get-sectors';
import { SORT_OPTIONS, sortOptionKey, type StockSort } from '@/features/market/lib/stock-sort';
import '@/features/market/i18n';

const ALL = '__all__';

/** The list's search box, sector filter (with each sector's count) and the sort select. */
export function StocksToolbar({
  text,
  onTextChange,
  sector,
  onSectorChange,
  sort,
  onSortChange,
}: {
  text: string;
  onTextChange: (text: string) => void;
  sector: string;
  onSectorChange: (sector: string | null) => void;
  sort: StockSort;
  onSortChange: (sort: StockSort) => void;
}) {
  const { t } = useTranslation('market');
  const sectors = useSectors();
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-[minmax(0,1fr)_14rem_15rem]">
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          placeholder={t('stocks.searchPlaceholder')}
          aria-label={t('stocks.searchLabel')}
          className="pl-9"
          data-testid="stocks-search"
        />
      </div>
      <Select value={sector || ALL} onValueChange={(value) => onSectorChange(value === ALL ? null : value)}>
        <SelectTrigger aria-label={t('stocks.sectorLabel')} data-testid="sector-filter">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{t('stocks.allSectors')}</SelectItem>
          {(sectors.data ?? []).map((s) => (
            <SelectItem key={s.sector} value={s.sector}>
              {t('stocks.sectorOption', { sector: s.sector, count: s.count })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={sortOptionKey(sort) ?? ''}
        onValueChange={(key) => {
          const option = SORT_OPTIONS.find((o) => o.key === key);
          if (option) onSortChange({ sortBy: option.sortBy, sortOrder: option.sortOrder });
        }}
      >
        <SelectTrigger aria-label={t('stocks.sortLabel')} data-testid="sort-select">
          <SelectValue placeholder={t('stocks.sortCustom')} />
        </SelectTrigger>
        <SelectContent>
          {SORT_OPTIONS.map((o) => (
            <SelectItem key={o.key} value={o.key}>
              {t(`stocks.sort.${o.key}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
