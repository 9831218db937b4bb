import type { AiStock } from '@bist/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { changeColorClass, formatPrice, formatVolume } from '@/lib/format';
import { number, signedPercent } from '@/features/admin-ai-analytics/lib/format';

/** The engine's quotes, largest change first; market cap in millions of lira (spec §9). */
export function StocksTable({ rows }: { rows: AiStock[] }) {
  const { t } = useAdminTranslation();
  return (
    <div className="overflow-x-auto">
      <Table data-testid="ai-stocks-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t('aiAnalytics.columns.symbol')}</TableHead>
            <TableHead>{t('aiAnalytics.columns.name')}</TableHead>
            <TableHead>{t('aiAnalytics.columns.sector')}</TableHead>
            <TableHead className="text-right">{t('aiAnalytics.columns.price')}</TableHead>
            <TableHead className="text-right">{t('aiAnalytics.columns.changePercent')}</TableHead>
            <TableHead className="text-right">{t('aiAnalytics.columns.volume')}</TableHead>
            <TableHead className="text-right">{t('aiAnalytics.columns.marketCap')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((s) => (
            <TableRow key={s.id}>
              <TableCell className="font-medium">{s.symbol}</TableCell>
              <TableCell>{s.name}</TableCell>
              <TableCell>{s.sector}</TableCell>
              <TableCell className="text-right tabular-nums">{formatPrice(s.price)}</TableCell>
              <TableCell className={`text-right tabular-nums ${changeColorClass(s.change_percent)}`}>
                {signedPercent(s.change_percent)}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatVolume(s.volume)}</TableCell>
              <TableCell className="text-right tabular-nums">{number(s.market_cap, 1)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
