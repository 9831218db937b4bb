import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { BarChart3, LineChart as LineChartIcon, type LucideIcon } from 'lucide-react';
import type { LiveQuote } from '@bist/contracts';
import { PriceBarChart } from '@/components/charts/price-bar-chart';
import { VolumeLineChart } from '@/components/charts/volume-line-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import '@/features/market/i18n';

/** The price bar chart and the turnover line chart over the most traded stocks; 'Yükleniyor...' until they come. */
export function DashboardCharts({ rows, loading }: { rows: readonly LiveQuote[]; loading: boolean }) {
  const { t } = useTranslation('market');
  const chartRows = rows;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <ChartCard
        title={t('dashboard.priceChart')}
        hint={t('dashboard.priceChartHint')}
        icon={BarChart3}
        testId="price-chart"
        loading={loading}
      >
        <PriceBarChart
          data={chartRows.map((r) => ({ symbol: r.symbol, price: r.price }))}
          label={t('dashboard.price')}
        />
      </ChartCard>
      <ChartCard
        title={t('dashboard.volumeChart')}
        hint={t('dashboard.volumeChartHint')}
        icon={LineChartIcon}
        testId="volume-chart"
        loading={loading}
      >
        <VolumeLineChart
          data={chartRows.map((r) => ({ symbol: r.symbol, millions: r.turnover / 1_000_000 }))}
          label={t('dashboard.volumeMillions')}
        />
      </ChartCard>
    </div>
  );
}

function ChartCard({
  title,
  hint,
  icon: Icon,
  loading,
  testId,
  children,
}: {
  title: string;
  hint: string;
  icon: LucideIcon;
  loading: boolean;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('market');
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <div className="flex items-center gap-2">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          <CardTitle className="text-base">{title}</CardTitle>
        </div>
        <CardDescription>{hint}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="h-64">
          {loading ? (
            <div className="flex h-full items-center justify-center rounded-lg bg-muted/40 text-sm text-muted-foreground">
              {t('common.loading')}
            </div>
          ) : (
            children
          )}
        </div>
      </CardContent>
    </Card>
  );
}
