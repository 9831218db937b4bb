import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import type { Risk } from '@bist/contracts';
import { COMPLIANCE_ACCESS, riskLevelOf } from '@bist/contracts/values';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useAdminSession } from '@/lib/admin-session';
import { cn } from '@/lib/utils';
import { holds } from '@/features/admin-compliance/lib/access';
import { RiskFormDialog } from './risk-form-dialog';
import { SeverityBadge } from './severity-badge';

const CELL_CLASS = {
  critical: 'bg-destructive/80 text-destructive-foreground',
  high: 'bg-down/40',
  medium: 'bg-amber-300/50 dark:bg-amber-500/30',
  low: 'bg-up/25',
} as const;

/** Cell colour of the 5×5 matrix by the band of likelihood × impact (riskLevelOf: 1–4, 5–9, 10–14, 15–25). */
const cellClass = (score: number): string => CELL_CLASS[riskLevelOf(score)];

/**
 * The 5×5 heat map (residual likelihood × impact) with the number of risks in each cell, and the register. Staff who
 * may manage risks (COMPLIANCE_ACCESS.risks) add and edit them here.
 */
export function RiskTab({ risks }: { risks: readonly Risk[] }) {
  const { t } = useAdminTranslation();
  const { session } = useAdminSession();
  const canEdit = holds(session?.user.permissions, COMPLIANCE_ACCESS.risks);
  // undefined: closed; null: a new risk; a risk: editing it.
  const [editing, setEditing] = useState<Risk | null | undefined>(undefined);
  const count = (l: number, i: number) =>
    risks.filter((r) => r.residual_likelihood === l && r.residual_impact === i).length;
  return (
    <div className="space-y-6">
      <section>
        <h3 className="mb-2 font-medium">{t('compliance.risks.heatMap')}</h3>
        <div
          className="inline-grid grid-cols-[auto_repeat(5,3rem)] gap-1 text-center text-sm"
          data-testid="risk-heat-map"
        >
          {[5, 4, 3, 2, 1].map((l) => (
            <div key={l} className="contents">
              <div className="pr-2 text-right text-xs leading-[3rem] text-muted-foreground">{l}</div>
              {[1, 2, 3, 4, 5].map((i) => {
                const n = count(l, i);
                return (
                  <div
                    key={i}
                    className={cn(
                      'flex h-12 items-center justify-center rounded font-semibold',
                      cellClass(l * i),
                    )}
                    title={`${t('compliance.risks.likelihood')} ${l} × ${t('compliance.risks.impact')} ${i} = ${l * i}`}
                    data-testid={`heat-${l}-${i}`}
                  >
                    {n > 0 ? n : ''}
                  </div>
                );
              })}
            </div>
          ))}
          <div />
          {[1, 2, 3, 4, 5].map((i) => (
            <div key={i} className="text-xs text-muted-foreground">
              {i}
            </div>
          ))}
        </div>
        <p className="mt-1 text-xs text-muted-foreground">
          ↑ {t('compliance.risks.likelihood')} · → {t('compliance.risks.impact')}
        </p>
      </section>
      <section>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-medium">{t('compliance.risks.register')}</h3>
          {canEdit ? (
            <Button size="sm" className="print:hidden" onClick={() => setEditing(null)}>
              <Plus />
              {t('compliance.risks.form.new')}
            </Button>
          ) : null}
        </div>
        {risks.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('compliance.risks.none')}</p>
        ) : (
          <Table data-testid="risk-register">
            <TableHeader>
              <TableRow>
                {(['risk', 'category', 'inherent', 'residual', 'level', 'owner', 'review'] as const).map(
                  (c) => (
                    <TableHead key={c}>{t(`compliance.risks.columns.${c}`)}</TableHead>
                  ),
                )}
                {canEdit ? (
                  <TableHead className="print:hidden">
                    <span className="sr-only">{t('compliance.risks.form.actions')}</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {risks.map((r) => (
                <TableRow key={r.id} data-testid="risk-row">
                  <TableCell className="max-w-80">
                    <div className="font-medium">
                      {r.title} {r.is_demo ? <Badge variant="secondary">{t('compliance.demo')}</Badge> : null}
                    </div>
                    <div className="text-xs text-muted-foreground">{r.risk_description}</div>
                    <div className="text-xs">
                      {t('compliance.risks.mitigation', { text: r.mitigation_strategy })}
                    </div>
                  </TableCell>
                  <TableCell>{r.risk_category}</TableCell>
                  <TableCell className="tabular-nums">
                    {r.likelihood}×{r.impact} = {r.inherent_score}
                  </TableCell>
                  <TableCell className="tabular-nums">
                    {r.residual_likelihood}×{r.residual_impact} = {r.risk_score}
                  </TableCell>
                  <TableCell>
                    <SeverityBadge severity={r.risk_level} />
                  </TableCell>
                  <TableCell>{r.owner}</TableCell>
                  <TableCell className="tabular-nums">{r.review_date}</TableCell>
                  {canEdit ? (
                    <TableCell className="print:hidden">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setEditing(r)}
                        aria-label={t('compliance.risks.form.editRisk', { title: r.title })}
                      >
                        <Pencil />
                        {t('compliance.risks.form.edit')}
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {risks.some((r) => r.is_demo) ? (
          <p className="mt-2 text-xs text-muted-foreground">{t('compliance.risks.demoNote')}</p>
        ) : null}
      </section>
      {editing !== undefined ? (
        <RiskFormDialog risk={editing ?? undefined} onClose={() => setEditing(undefined)} />
      ) : null}
    </div>
  );
}
