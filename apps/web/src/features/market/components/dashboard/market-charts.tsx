import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Activity, BarChart3, type LucideIcon } from 'lucide-react';
import type { MarketSummary } from '@bist/contracts';
import { AreaSeriesChart } from '@/components/charts/area-series-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useIndexSeries } from '@/features/market/components/indices/use-index-series';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { changeColorClass, formatChange } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

/** Sectors shown at each end of the sector moves chart. */
const SECTOR_ENDS = 5;

/**
 * The dashboard's two market charts: how XU100 moved through the day against its previous close, and which sectors
 * move the most today (the five most rising and the five most falling, capitalisation-weighted).
 */
export function MarketCharts({ sectorMoves }: { sectorMoves: MarketSummary['sector_moves'] | undefined }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Xu100Chart />
      <SectorMovesCard moves={sectorMoves} />
    </div>
  );
}

function ChartCard({
  title,
  hint,
  icon: Icon,
  testId,
  children,
  action,
}: {
  title: string;
  hint: ReactNode;
  icon: LucideIcon;
  testId: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="space-y-1.5">
          <div className="flex items-center gap-2">
            <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
            <CardTitle className="text-base">{title}</CardTitle>
          </div>
          <CardDescription>{hint}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Xu100Chart() {
  const { t } = useTranslation('market');
  const { detail, points, daily } = useIndexSeries('XU100');
  const data = detail.data;
  return (
    <ChartCard
      title={t('dashboard.xu100Chart')}
      hint={daily ? t('indices.dailyFallback') : t('dashboard.xu100ChartHint')}
      icon={Activity}
      testId="xu100-chart"
      action={
        <Link
          to="/indices/XU100"
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md px-2 text-sm font-medium text-primary hover:underline"
        >
          {t('dashboard.details')}
        </Link>
      }
    >
      {data ? (
        <p className="mb-2 text-sm tabular-nums">
          <ChangeText value={data.change_percent} className={changeColorClass(data.change_percent)} />
        </p>
      ) : null}
      <div className="h-56" data-testid="xu100-chart-plot" data-points={points?.length ?? 0}>
        {points === undefined ? (
          <Skeleton className="h-full w-full" />
        ) : points.length === 0 ? (
          <div className="flex h-full items-center justify-center rounded-lg bg-muted/40 text-sm text-muted-foreground">
            {t('indices.noChart')}
          </div>
        ) : (
          <AreaSeriesChart
            data={points}
            mode={daily ? 'date' : 'time'}
            trend={(data?.change_percent ?? 0) >= 0 ? 'up' : 'down'}
            label="XU100"
            baseline={daily ? undefined : data?.previous_close}
          />
        )}
      </div>
    </ChartCard>
  );
}

/** A diverging bar per sector from the zero line: rising to the right in green, falling to the left in red. */
function SectorMovesCard({ moves }: { moves: MarketSummary['sector_moves'] | undefined }) {
  const { t } = useTranslation('market');
  const shown = moves
    ? moves.length <= SECTOR_ENDS * 2
      ? moves
      : [...moves.slice(0, SECTOR_ENDS), ...moves.slice(-SECTOR_ENDS)]
    : undefined;
  const largest = Math.max(0.01, ...(shown ?? []).map((m) => Math.abs(m.change_percent)));
  return (
    <ChartCard
      title={t('dashboard.sectorMoves')}
      hint={t('dashboard.sectorMovesHint')}
      icon={BarChart3}
      testId="sector-moves"
    >
      {shown ? (
        <ul className="space-y-1.5" aria-label={t('dashboard.sectorMoves')}>
          {shown.map((move) => {
            const width = `${(Math.abs(move.change_percent) / largest) * 50}%`;
            const rising = move.change_percent >= 0;
            return (
              <li
                key={move.sector}
                className="grid grid-cols-[minmax(0,8.5rem)_minmax(0,1fr)_4.5rem] items-center gap-2 text-sm"
                data-testid="sector-move"
              >
                <span className="truncate" title={move.sector}>
                  {move.sector}
                </span>
                <span className="relative h-4 rounded-sm bg-muted/50" aria-hidden="true">
                  <span className="absolute inset-y-0 left-1/2 w-px bg-border" />
                  <span
                    className={cn(
                      'absolute inset-y-0.5 rounded-sm',
                      rising ? 'left-1/2 bg-up/70' : 'right-1/2 bg-down/70',
                    )}
                    style={{ width }}
                  />
                </span>
                <span className={cn('text-right tabular-nums', changeColorClass(move.change_percent))}>
                  {formatChange(move.change_percent)}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <Skeleton className="h-56 w-full" />
      )}
    </ChartCard>
  );
}
