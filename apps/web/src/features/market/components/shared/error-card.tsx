import { useTranslation } from 'react-i18next';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

/** The red error card with a retry button (spec §4/§8, DESIGN.md). */
export function ErrorCard({
  message,
  detail,
  onRetry,
  retrying = false,
  className,
}: {
  message: string;
  detail?: string | undefined;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('market');
  return (
    <Card role="alert" className={cn('border-down/40 bg-down/5 p-5', className)}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-down" aria-hidden="true" />
          <div>
            <p className="font-semibold text-down">{message}</p>
            {detail ? <p className="mt-1 text-sm text-muted-foreground">{detail}</p> : null}
          </div>
        </div>
        {onRetry ? (
          <Button variant="outline" onClick={onRetry} disabled={retrying}>
            <RefreshCw className={cn(retrying && 'animate-spin')} aria-hidden="true" />
            {t('common.refresh')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
