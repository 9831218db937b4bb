import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import type { TopPrediction } from '@bist/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { changeColorClass, formatChange, formatPrice } from '@/lib/format';
import { useIsPhone } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { ConfidenceInfo } from './info-tooltip';
import { AlgorithmName } from './production-models';
import { CallBadge, ConfidenceText, MeasuredLevelText, RelativeReturnText } from './prediction-badges';
import '@/features/predictions/i18n';

const SKELETON_ROWS = 8;

interface TopPredictionsProps {
  rows: TopPrediction[];
  loading?: boolean;
  linkStocks?: boolean;
}

/**
 * 'En iyi tahminler': stock, the call ('Piyasadan iyi / kötü', XU100'e göre, for a relative model), the expected
 * relative return with its measured interval, confidence and its measured level, price, algorithm, horizon. A target
 * price and potential only for absolute calls (an absolute model that beat always-up and always-down). Cards instead
 * of the table on a phone, so nothing needs sideways scrolling.
 */
export function TopPredictionsTable(props: TopPredictionsProps) {
  const phone = useIsPhone();
  return phone ? <TopPredictionCards {...props} /> : <TopPredictionsGrid {...props} />;
}

function StockName({ p, link }: { p: TopPrediction; link: boolean }) {
  return link ? (
    <Link
      to={`/stocks/${p.stock_code}`}
      className="rounded-sm font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-ring max-sm:inline-flex max-sm:items-center"
    >
      {p.stock_code}
    </Link>
  ) : (
    <span className="font-semibold">{p.stock_code}</span>
  );
}

function TopPredictionCards({ rows, loading = false, linkStocks = true }: TopPredictionsProps) {
  const { t } = useTranslation('predictions');
  if (loading)
    return (
      <div className="space-y-3">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  return (
    <ul className="space-y-3" data-testid="top-predictions-table">
      {rows.map((p) => (
        <li
          key={p.id}
          data-testid="prediction-row"
          data-symbol={p.stock_code}
          className="rounded-lg border p-3 text-sm"
        >
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <StockName p={p} link={linkStocks} />
              <span className="block truncate text-xs text-muted-foreground">{p.company_name}</span>
            </div>
            <CallBadge call={p.call} />
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">{t('table.relativeReturn')}</dt>
            <dd className="text-right">
              <RelativeReturnText p={p} />
            </dd>
            <dt className="text-muted-foreground">{t('table.confidence')}</dt>
            <dd className="text-right">
              <ConfidenceText confidence={p.confidence} />
            </dd>
            <dt className="text-muted-foreground">{t('table.measured')}</dt>
            <dd className="text-right text-xs">
              <MeasuredLevelText level={p.measured_level} />
            </dd>
            <dt className="text-muted-foreground">{t('table.currentPrice')}</dt>
            <dd className="text-right" data-role="current-price">
              {formatPrice(p.current_price)}
            </dd>
            {p.target_price !== null ? (
              <>
                <dt className="text-muted-foreground">{t('table.targetPrice')}</dt>
                <dd className="text-right font-medium" data-role="target-price">
                  {formatPrice(p.target_price)}
                </dd>
                <dt className="text-muted-foreground">{t('table.potential')}</dt>
                <dd className={cn('text-right', changeColorClass(p.potential_percent))}>
                  {formatChange(p.potential_percent)}
                </dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t('table.horizon')}</dt>
            <dd className="text-right" data-role="horizon">
              {t('horizon', { count: p.horizon_days })}
            </dd>
          </dl>
          <div className="mt-2 text-xs leading-tight">
            <AlgorithmName name={p.algorithm} english={p.algorithm_name_en} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function TopPredictionsGrid({ rows, loading = false, linkStocks = true }: TopPredictionsProps) {
  const { t } = useTranslation('predictions');
  // Target price and potential only when an absolute call is among the rows.
  const absolute = rows.some((p) => p.target_price !== null);
  const columns = absolute ? 11 : 9;
  return (
    <Table data-testid="top-predictions-table">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead scope="col" className="sticky left-0 z-[1] bg-card">
            {t('table.stock')}
          </TableHead>
          <TableHead scope="col">{t('table.direction')}</TableHead>
          <TableHead scope="col" className="text-right">
            {t('table.relativeReturn')}
          </TableHead>
          <TableHead scope="col" className="text-right">
            <span className="inline-flex items-center gap-1">
              {t('table.confidence')}
              <ConfidenceInfo />
            </span>
          </TableHead>
          <TableHead scope="col">{t('table.measured')}</TableHead>
          <TableHead scope="col" className="text-right">
            {t('table.currentPrice')}
          </TableHead>
          {absolute ? (
            <>
              <TableHead scope="col" className="text-right">
                {t('table.targetPrice')}
              </TableHead>
              <TableHead scope="col" className="text-right">
                {t('table.potential')}
              </TableHead>
            </>
          ) : null}
          <TableHead scope="col">{t('table.algorithm')}</TableHead>
          <TableHead scope="col" className="text-right">
            {t('table.horizon')}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading
          ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <TableRow key={i} className="hover:bg-transparent">
                {Array.from({ length: columns }, (_, j) => (
                  <TableCell key={j}>
                    <Skeleton
                      className={cn('h-5', j === 0 ? 'w-24' : 'w-16', j >= 2 && j <= 5 && 'ml-auto')}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : rows.map((p) => (
              <TableRow key={p.id} data-testid="prediction-row" data-symbol={p.stock_code}>
                <TableCell className="sticky left-0 z-[1] max-w-40 bg-card sm:max-w-48">
                  <StockName p={p} link={linkStocks} />
                  <span className="block truncate text-xs text-muted-foreground">{p.company_name}</span>
                </TableCell>
                <TableCell>
                  <CallBadge call={p.call} />
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  <RelativeReturnText p={p} />
                </TableCell>
                <TableCell className="text-right">
                  <ConfidenceText confidence={p.confidence} />
                </TableCell>
                <TableCell className="min-w-40 text-xs">
                  <MeasuredLevelText level={p.measured_level} />
                </TableCell>
                <TableCell className="text-right whitespace-nowrap" data-role="current-price">
                  {formatPrice(p.current_price)}
                </TableCell>
                {absolute ? (
                  <>
                    <TableCell className="text-right font-medium whitespace-nowrap" data-role="target-price">
                      {p.target_price === null ? '—' : formatPrice(p.target_price)}
                    </TableCell>
                    <TableCell
                      className={cn('text-right whitespace-nowrap', changeColorClass(p.potential_percent))}
                    >
                      {formatChange(p.potential_percent)}
                    </TableCell>
                  </>
                ) : null}
                <TableCell className="min-w-36 max-w-52 leading-tight">
                  <AlgorithmName name={p.algorithm} english={p.algorithm_name_en} />
                </TableCell>
                <TableCell className="text-right whitespace-nowrap" data-role="horizon">
                  {t('horizon', { count: p.horizon_days })}
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}
