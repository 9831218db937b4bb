import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAdminTranslation } from '@/lib/admin-i18n';
import '@/features/admin/i18n';

/** An error card with a retry button (DESIGN.md), with the spec's text. */
export function ErrorPanel({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useAdminTranslation();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-destructive/30 bg-destructive/10 px-4 py-3 text-sm text-destructive"
    >
      <span className="flex items-center gap-2">
        <AlertTriangle className="size-4" aria-hidden="true" />
        {message}
      </span>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw />
          {t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}
