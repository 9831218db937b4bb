import { useState } from 'react';
import { toast } from '@/components/ui/toaster';
import type { Violation, ViolationStatus } from '@bist/contracts';
import { RESOLVED_BY_ADMIN_NOTE } from '@bist/contracts/values';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useUpdateViolation } from '@/features/admin-compliance/api/update-violation';
import { when } from '@/features/admin-compliance/lib/format';
import { BulkTriageBar } from './bulk-triage';
import { SeverityBadge } from './severity-badge';
import { ViolationEvidence } from './violation-evidence';

type Action = 'investigating' | 'resolved' | 'dismissed';
export const ACTIONS: Record<ViolationStatus, readonly Action[]> = {
  open: ['investigating', 'resolved'],
  investigating: ['resolved', 'dismissed'],
  resolved: [],
  dismissed: [],
};
const ACTION_LABEL: Record<Action, string> = {
  investigating: 'investigate',
  resolved: 'resolve',
  dismissed: 'dismiss',
};

/**
 * Violations with their evidence; staff who may work them move them on (open → investigating → resolved), one at a
 * time or, with `bulk`, several at once: tick them (or all), then assign, investigate or resolve them with one note.
 */
export function ViolationList({
  violations,
  canWork,
  showEvidence = true,
  bulk = false,
}: {
  violations: readonly Violation[];
  canWork: boolean;
  showEvidence?: boolean;
  bulk?: boolean;
}) {
  const { t } = useAdminTranslation();
  const [acting, setActing] = useState<{ violation: Violation; action: Action } | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const workable = violations.filter((v) => ACTIONS[v.status].length > 0);
  // Only what is still listed and workable counts as selected (a refetch may have moved some on).
  const selected = workable.filter((v) => picked.has(v.violation_id));
  const selecting = bulk && canWork && workable.length > 0;
  const toggle = (id: string, on: boolean) =>
    setPicked((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  // The dialog stays mounted while its change is saved even when the list empties under it (the last violation of a
  // filter, refetched before the save's callbacks run): unmounted, it would lose them, and reappear when the list
  // refilled.
  const dialog = acting ? <ViolationActionDialog {...acting} onClose={() => setActing(null)} /> : null;
  if (violations.length === 0)
    return (
      <>
        {/* The same child positions as the list below, so the dialog keeps its state when the list empties. */}
        {null}
        <p className="py-6 text-center text-sm text-muted-foreground">{t('compliance.noViolations')}</p>
        {dialog}
      </>
    );
  return (
    <>
      {selecting ? (
        <BulkTriageBar
          selected={selected}
          total={workable.length}
          onSelectAll={(on) => setPicked(new Set(on ? workable.map((v) => v.violation_id) : []))}
          onDone={() => setPicked(new Set())}
        />
      ) : null}
      <ul className="divide-y" data-testid="violation-list">
        {violations.map((v) => (
          <li
            key={v.id}
            className="space-y-2 py-3"
            data-testid="violation"
            data-status={v.status}
            data-violation-id={v.violation_id}
          >
            <div className="flex flex-wrap items-center gap-2">
              {selecting && ACTIONS[v.status].length > 0 ? (
                <input
                  type="checkbox"
                  className="size-4 print:hidden"
                  aria-label={t('compliance.bulk.select', { rule: v.rule_name, id: v.entity_id })}
                  data-testid="violation-select"
                  checked={picked.has(v.violation_id)}
                  onChange={(e) => toggle(v.violation_id, e.target.checked)}
                />
              ) : null}
              <SeverityBadge severity={v.severity_level} />
              <Badge variant="outline" data-testid="violation-status">
                {t(`compliance.status.${v.status}`)}
              </Badge>
              <span className="font-medium">{v.rule_name}</span>
              {v.is_demo ? (
                <Badge variant="secondary" title={t('compliance.demoHint')}>
                  {t('compliance.demo')}
                </Badge>
              ) : null}
              <span className="ml-auto text-xs text-muted-foreground">
                {t('compliance.violation.detected', { time: when(v.detected_at) })}
              </span>
            </div>
            <p className="text-sm">{v.violation_description}</p>
            <p className="text-xs text-muted-foreground">
              {t('compliance.violation.rule', { code: v.rule_code, version: v.rule_version })} ·{' '}
              {t('compliance.violation.entity', { type: v.entity_type, id: v.entity_id })} ·{' '}
              {t('compliance.violation.occurred', {
                when: v.occurred_at.length > 10 ? when(v.occurred_at) : v.occurred_at,
              })}
              {v.assigned_to ? ` · ${t('compliance.violation.assigned', { who: v.assigned_to })}` : ''}
            </p>
            {v.resolution_notes ? (
              <p className="text-xs">{t('compliance.violation.notes', { notes: v.resolution_notes })}</p>
            ) : null}
            {showEvidence ? (
              <details className="rounded-md border p-2 print:border-0 print:p-0" open={false}>
                <summary className="cursor-pointer text-sm print:hidden" data-testid="evidence-toggle">
                  {t('compliance.violation.evidence')}
                </summary>
                <div className="pt-2">
                  <ViolationEvidence violation={v} />
                </div>
              </details>
            ) : null}
            {canWork && ACTIONS[v.status].length > 0 ? (
              <div className="flex gap-2 print:hidden">
                {ACTIONS[v.status].map((action) => (
                  <Button
                    key={action}
                    size="sm"
                    variant={action === 'investigating' ? 'outline' : 'default'}
                    onClick={() => setActing({ violation: v, action })}
                  >
                    {t(`compliance.violation.${ACTION_LABEL[action]}`)}
                  </Button>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {dialog}
    </>
  );
}

function ViolationActionDialog({
  violation,
  action,
  onClose,
}: {
  violation: Violation;
  action: Action;
  onClose: () => void;
}) {
  const { t } = useAdminTranslation();
  // Resolving offers the spec's note as its text; every move needs a note (the server answers 400 without one).
  const [notes, setNotes] = useState(action === 'resolved' ? RESOLVED_BY_ADMIN_NOTE : '');
  const update = useUpdateViolation();
  const needsNotes = notes.trim() === '';
  const save = () => {
    update.mutate(
      {
        id: violation.violation_id,
        status: action,
        ...(notes.trim() ? { resolution_notes: notes.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('compliance.updated'));
          onClose();
        },
        onError: (error) =>
          toast.error(
            t('compliance.updateFailed'),
            error instanceof Error ? { description: error.message } : undefined,
          ),
      },
    );
  };
  const label = t(`compliance.violation.${ACTION_LABEL[action]}`);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('compliance.violation.dialogTitle', { action: label })}</DialogTitle>
          <DialogDescription>{violation.violation_description}</DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor="violation-notes">{t('compliance.violation.notesLabel')}</Label>
          <textarea
            id="violation-notes"
            className="min-h-24 w-full rounded-md border bg-background p-2 text-sm"
            placeholder={t('compliance.violation.notesPlaceholder')}
            value={notes}
            maxLength={2000}
            onChange={(e) => setNotes(e.target.value)}
          />
          <p className="text-xs text-muted-foreground">
            {t(
              action === 'dismissed'
                ? 'compliance.violation.dismissNeedsNotes'
                : 'compliance.violation.needsNotes',
            )}
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('compliance.violation.cancel')}
          </Button>
          <Button onClick={save} disabled={update.isPending || needsNotes}>
            {t('compliance.violation.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
