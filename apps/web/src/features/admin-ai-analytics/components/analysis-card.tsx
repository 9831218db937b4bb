import type { AiMarketAnalysis, SectorAnalysisFigures } from '@bist/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { changeColorClass } from '@/lib/format';
import { fractionPercent, signedFractionPercent, when } from '@/features/admin-ai-analytics/lib/format';

function SectorTable({ f }: { f: SectorAnalysisFigures }) {
  const { t } = useAdminTranslation();
  const rows = [...f.sectors].sort(
    (a, b) => (b.relative_strength_20d ?? -Infinity) - (a.relative_strength_20d ?? -Infinity),
  );
  const pctCell = (v: number | null) => (
    <TableCell className={`text-right tabular-nums ${changeColorClass(v)}`}>
      {signedFractionPercent(v)}
    </TableCell>
  );
  return (
    <div className="overflow-x-auto">
      <p className="mb-2 text-sm font-medium">{t('aiAnalytics.analysis.sectorTable')}</p>
      <Table data-testid="sector-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t('aiAnalytics.columns.sector')}</TableHead>
            <TableHead className="text-right">{t('aiAnalytics.analysis.ret1')}</TableHead>
            <TableHead className="text-right">{t('aiAnalytics.analysis.ret5')}</TableHead>
            <TableHead className="text-right">{t('aiAnalytics.analysis.ret20')}</TableHead>
            <TableHead className="text-right">
              {t('aiAnalytics.analysis.rs', { code: f.benchmark.code })}
            </TableHead>
            <TableHead className="text-right">{t('aiAnalytics.analysis.breadth')}</TableHead>
            <TableHead className="text-right">{t('aiAnalytics.analysis.aboveSma')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((s) => (
            <TableRow key={s.sector}>
              <TableCell>
                {s.sector} <span className="text-muted-foreground">({s.stocks})</span>
              </TableCell>
              {pctCell(s.return_1d_cap)}
              {pctCell(s.return_5d_cap)}
              {pctCell(s.return_20d_cap)}
              {pctCell(s.relative_strength_20d)}
              <TableCell className="text-right tabular-nums">
                {s.advancers} / {s.decliners}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {fractionPercent(s.above_sma50_share, 0)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** One stored analysis: its template insights and recommendations (each names its figure), and the sector table. */
export function AnalysisCard({
  analysis: a,
  detailed = false,
}: {
  analysis: AiMarketAnalysis;
  detailed?: boolean;
}) {
  const { t } = useAdminTranslation();
  return (
    <Card data-testid="analysis-card">
      <CardHeader>
        <CardTitle>{t(`aiAnalytics.analysis.${a.analysis_type}`)}</CardTitle>
        <CardDescription className="tabular-nums">
          {when(a.created_at)} · {t('aiAnalytics.analysis.inputs', { date: a.inputs_date })}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div>
          <p className="text-sm font-medium">{t('aiAnalytics.analysis.insights')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm tabular-nums">
            {(detailed ? a.insights : a.insights.slice(0, 3)).map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
        <div>
          <p className="text-sm font-medium">{t('aiAnalytics.analysis.recommendations')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm tabular-nums">
            {a.recommendations.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
        {detailed && a.figures.kind === 'sector' ? <SectorTable f={a.figures} /> : null}
      </CardContent>
    </Card>
  );
}
