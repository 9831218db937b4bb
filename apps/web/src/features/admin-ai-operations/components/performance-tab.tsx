import type { PerformanceOverview } from '@bist/contracts';
import { AI_PERFORMANCE_TABLE } from '@bist/contracts/values';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { fixed } from '@/features/admin-ai-operations/lib/format';

/** 'Performance Summary': the first 10 algorithms with accuracy, R² (3 decimals), predictions, status and skill. */
export function PerformanceTab({ data }: { data: PerformanceOverview }) {
  const { t } = useAdminTranslation();
  const rows = data.performance_data.slice(0, AI_PERFORMANCE_TABLE);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('aiOps.performance.title')}</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <Table data-testid="performance-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t('aiOps.performance.algorithm')}</TableHead>
              <TableHead>{t('aiOps.performance.type')}</TableHead>
              <TableHead className="text-right">{t('aiOps.performance.accuracy')}</TableHead>
              <TableHead className="text-right">{t('aiOps.performance.r2')}</TableHead>
              <TableHead className="text-right">{t('aiOps.performance.predictions')}</TableHead>
              <TableHead className="text-right">{t('aiOps.performance.skill')}</TableHead>
              <TableHead className="text-right">{t('aiOps.performance.rankIc')}</TableHead>
              <TableHead className="text-right">{t('aiOps.performance.drift')}</TableHead>
              <TableHead>{t('aiOps.performance.status')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.algorithm_id}>
                <TableCell className="font-medium">{r.algorithm_name}</TableCell>
                <TableCell className="text-muted-foreground">{r.algorithm_type}</TableCell>
                <TableCell className="text-right tabular-nums">{fixed(r.avg_accuracy, 1)}</TableCell>
                <TableCell className="text-right tabular-nums">{fixed(r.avg_r2, 3)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {r.total_predictions.toLocaleString('en-US')}
                </TableCell>
                <TableCell className="text-right tabular-nums">{fixed(r.skill, 4)}</TableCell>
                <TableCell className="text-right tabular-nums">{fixed(r.rank_ic, 4)}</TableCell>
                <TableCell className="text-right tabular-nums">{fixed(r.max_psi, 3)}</TableCell>
                <TableCell>
                  <Badge
                    variant={
                      r.status === 'healthy'
                        ? 'up'
                        : r.status === 'critical'
                          ? 'down'
                          : r.status
                            ? 'neutral'
                            : 'outline'
                    }
                  >
                    {r.status ? t(`aiOps.health.${r.status}`) : t('aiOps.health.unrated')}
                  </Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
