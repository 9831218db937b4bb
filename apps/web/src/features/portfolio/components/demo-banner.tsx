import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/components/ui/toaster';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { useRemoveDemo } from '@/features/portfolio/api/remove-demo';
import '@/features/portfolio/i18n';

/** Says that the portfolio holds demo transactions, and removes them all in one step. */
export function DemoBanner() {
  const { t } = useTranslation('portfolio');
  const remove = useRemoveDemo();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div
      className="flex flex-col items-start gap-2 rounded-lg border border-dashed border-amber-500/60 bg-amber-500/10 px-4 py-3 text-sm sm:flex-row sm:items-center"
      data-testid="demo-banner"
    >
      <Badge variant="secondary">{t('demo.badge')}</Badge>
      <span className="min-w-0 flex-1 text-muted-foreground">{t('demo.text')}</span>
      <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
        {t('demo.remove')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('demo.removeTitle')}
        text={t('demo.removeText')}
        confirmLabel={t('demo.remove')}
        cancelLabel={t('common.cancel')}
        pending={remove.isPending}
        error={error}
        onOpenChange={(open) => {
          setConfirming(open);
          setError(null);
        }}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('demo.removed'));
            },
            onError: (e) => setError(isApiError(e) ? e.displayMessage : t('common.failed')),
          })
        }
      />
    </div>
  );
}
