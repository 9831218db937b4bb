import { useState } from 'react';
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
import { Spinner } from '@/components/ui/spinner';
import { useAdminTranslation } from '@/lib/admin-i18n';

/** Asks for the reason of an audited action (at least 3 characters, as the server requires) before it runs. */
export function ReasonDialog({
  open,
  title,
  text,
  confirmLabel,
  destructive = false,
  pending,
  error,
  onConfirm,
  onOpenChange,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  destructive?: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useAdminTranslation();
  const [reason, setReason] = useState('');
  const valid = reason.trim().length >= 3;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (!next) setReason('');
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={t('aiOps.common.cancel')} lang="en">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{text}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) onConfirm(reason.trim());
          }}
        >
          <Label htmlFor="action-reason">{t('aiOps.stop.reason')}</Label>
          <Input
            id="action-reason"
            value={reason}
            autoFocus
            maxLength={500}
            placeholder={t('aiOps.stop.reasonPlaceholder')}
            onChange={(e) => setReason(e.target.value)}
          />
          {error ? (
            <p role="alert" className="text-sm text-down">
              {error}
            </p>
          ) : null}
          <DialogFooter className="mt-2">
            <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              {t('aiOps.common.cancel')}
            </Button>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={!valid || pending}
            >
              {pending ? <Spinner className="size-4 text-current" /> : null}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
