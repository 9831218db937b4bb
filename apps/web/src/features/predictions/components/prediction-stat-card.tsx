import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** A figure card: title, big figure, one supporting line; `footer` holds e.g. the accuracy bar. Same size while loading. */
export function PredictionStatCard({
  title,
  titleExtra,
  value,
  hint,
  footer,
  icon: Icon,
  loading = false,
  valueClassName,
  testId,
}: {
  title: string;
  titleExtra?: ReactNode;
  value?: ReactNode;
  hint?: ReactNode;
  footer?: ReactNode;
  icon: LucideIcon;
  loading?: boolean;
  valueClassName?: string;
  testId?: string;
}) {
  return (
    <Card className="flex min-h-[8.5rem] flex-col p-5" data-testid={testId} aria-busy={loading || undefined}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-1.5">
          <p className="text-sm font-medium text-muted-foreground">{title}</p>
          {titleExtra}
        </div>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      {loading ? (
        <>
          <Skeleton className="mt-2 h-8 w-28" />
          <Skeleton className="mt-2 h-4 w-40" />
        </>
      ) : (
        <>
          <p
            className={cn(
              'mt-2 h-8 truncate text-2xl font-semibold tracking-tight tabular-nums',
              valueClassName,
            )}
            data-role="value"
          >
            {value}
          </p>
          <div className="mt-2 min-h-4 truncate text-xs leading-4 text-muted-foreground tabular-nums">
            {hint}
          </div>
        </>
      )}
      {footer && !loading ? <div className="mt-auto pt-3">{footer}</div> : null}
    </Card>
  );
}
