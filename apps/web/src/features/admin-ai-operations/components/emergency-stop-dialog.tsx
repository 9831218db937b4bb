import { useState } from 'react';
import { OctagonX } from 'lucide-react';
import { toast } from '@/components/ui/toaster';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { emergencyStop, useAiAction } from '@/features/admin-ai-operations/api/algorithm-actions';
import { ReasonDialog } from './reason-dialog';

/** Emergency Stop of one algorithm, or of every one with `algorithm` null: asks for a reason, then stops. */
export function EmergencyStopButton({
  algorithm,
  disabled,
  size = 'sm',
  label,
}: {
  algorithm: { id: string; name: string } | null;
  disabled?: boolean;
  size?: 'sm' | 'default';
  label?: string;
}) {
  const { t } = useAdminTranslation();
  const [open, setOpen] = useState(false);
  const stop = useAiAction((reason: string) => emergencyStop(algorithm?.id ?? null, reason));
  return (
    <>
      <Button
        variant="destructive"
        size={size}
        disabled={disabled}
        title={disabled ? t('aiOps.needsPermission') : undefined}
        onClick={() => {
          stop.reset();
          setOpen(true);
        }}
      >
        <OctagonX />
        {label ?? t('aiOps.realtime.emergencyStop')}
      </Button>
      <ReasonDialog
        open={open}
        destructive
        title={algorithm ? t('aiOps.stop.title', { name: algorithm.name }) : t('aiOps.stop.titleAll')}
        text={algorithm ? t('aiOps.stop.text') : t('aiOps.stop.textAll')}
        confirmLabel={t('aiOps.stop.confirm')}
        pending={stop.isPending}
        error={stop.error && isApiError(stop.error) ? (stop.error.serverError ?? stop.error.message) : null}
        onOpenChange={setOpen}
        onConfirm={(reason) =>
          stop.mutate(reason, {
            onSuccess: (result) => {
              toast.success(
                algorithm
                  ? t('aiOps.stop.done', { name: algorithm.name, runs: result.cancelled_runs.length })
                  : t('aiOps.stop.doneAll', { runs: result.cancelled_runs.length }),
              );
              setOpen(false);
            },
          })
        }
      />
    </>
  );
}
