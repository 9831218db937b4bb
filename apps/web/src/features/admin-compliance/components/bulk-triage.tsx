import { useState } from 'react';
import type { Violation } from '@bist/contracts';
import { RESOLVED_BY_ADMIN_NOTE } from '@bist/contracts/values';
import { toast } from '@/components/ui/toaster';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useUpdateViolations } from '@/features/admin-compliance/api/update-violation';

type BulkAction = 'assign' | 'investigating' | 'resolved';
const BULK_ACTIONS: readonly BulkAction[] = ['assign', 'investigating', 'resolved'];

/** Which of the selected violations a bulk action can move (an investigating one cannot be investigated again). */
function movable(selected: readonly Violation[], action: BulkAction): readonly Violation[] {
  if (action === 'investigating') return selected.filter((v) => v.status === 'open');
  return selected;
}

/** The bulk triage bar above a violation list: select all, then assign, investigate or resolve with one note. */
export function BulkTriageBar({
  selected,
  total,
  onSelectAll,
  onDone,
}: {
  selected: readonly Violation[];
  total: number;
  onSelectAll: (on: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useAdminTranslation();
  const [action, setAction] = useState<BulkAction | null>(null);
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-md border p-2 print:hidden"
      data-testid="bulk-triage"
    >
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={selected.length > 0 && selected.length === total}
          onChange={(e) => onSelectAll(e.target.checked)}
        />
        {t('compliance.bulk.selectAll')}
      </label>
      <span className="text-sm text-muted-foreground" data-testid="bulk-count">
        {t('compliance.bulk.selected', { count: selected.length })}
      </span>
      <div className="ml-auto flex flex-wrap gap-2">
        {BULK_ACTIONS.map((a) => (
          <Button
            key={a}
            size="sm"
            variant={a === 'resolved' ? 'default' : 'outline'}
            disabled={movable(selected, a).length === 0}
            onClick={() => setAction(a)}
          >
            {t(`compliance.bulk.${a}`)}
          </Button>
        ))}
      </div>
      {action ? (
        <BulkDialog
          action={action}
          violations={movable(selected, action)}
          onClose={() => setAction(null)}
          onDone={() => {
            setAction(null);
            onDone();
          }}
        />
      ) : null}
    </div>
  );
}

function BulkDialog({
  action,
  violations,
  onClose,
  onDone,
}: {
  action: BulkAction;
  violations: readonly Violation[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useAdminTranslation();
  const [assignee, setAssignee] = useState('');
  const [notes, setNotes] = useState(action === 'resolved' ? RESOLVED_BY_ADMIN_NOTE : '');
  const update = useUpdateViolations();
  const assigning = action === 'assign';
  const ready = assigning ? assignee.trim() !== '' : notes.trim() !== '';
  const save = () => {
    // Assigning keeps each violation where it is: one request per status among the selected.
    const groups = new Map<Violation['status'], Violation[]>();
    for (const v of violations) {
      const status = assigning ? v.status : action;
      groups.set(status, [...(groups.get(status) ?? []), v]);
    }
    void Promise.all(
      [...groups].map(([status, list]) =>
        update.mutateAsync({
          ids: list.map((v) => v.violation_id),
          status,
          ...(assigning ? { assigned_to: assignee.trim() } : { resolution_notes: notes.trim() }),
        }),
      ),
    ).then(
      (results) => {
        toast.success(t('compliance.bulk.done', { count: results.reduce((n, r) => n + r.updated, 0) }));
        onDone();
      },
      (error: unknown) =>
        toast.error(
          t('compliance.updateFailed'),
          error instanceof Error ? { description: error.message } : undefined,
        ),
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t(`compliance.bulk.${action}Title`, { count: violations.length })}</DialogTitle>
          <DialogDescription>
            {t('compliance.bulk.description', { count: violations.length })}
          </DialogDescription>
        </DialogHeader>
        {assigning ? (
          <div className="space-y-2">
            <Label htmlFor="bulk-assignee">{t('compliance.bulk.assignee')}</Label>
            <Input
              id="bulk-assignee"
              type="email"
              value={assignee}
              maxLength={254}
              placeholder="risk@bistai.demo"
              onChange={(e) => setAssignee(e.target.value)}
            />
          </div>
        ) : (
          <div className="space-y-2">
            <Label htmlFor="bulk-notes">{t('compliance.violation.notesLabel')}</Label>
            <textarea
              id="bulk-notes"
              className="min-h-24 w-full rounded-md border bg-background p-2 text-sm"
              value={notes}
              maxLength={2000}
              onChange={(e) => setNotes(e.target.value)}
            />
            <p className="text-xs text-muted-foreground">{t('compliance.violation.needsNotes')}</p>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('compliance.violation.cancel')}
          </Button>
          <Button onClick={save} disabled={update.isPending || !ready}>
            {t('compliance.violation.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
