import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** The red error card: what failed, optionally why, and a button to try again (its label in the realm's words). */
export function ErrorCard({
  message,
  detail,
  retry,
  className,
}: {
  message: string;
  detail?: string | undefined;
  retry?: { label: string; onRetry: () => void; pending?: boolean };
  className?: string;
}) {
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
        {retry ? (
          <Button variant="outline" onClick={retry.onRetry} disabled={retry.pending}>
            <RefreshCw className={cn(retry.pending && 'animate-spin')} aria-hidden="true" />
            {retry.label}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
