import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * A figure card: title, big figure, one supporting line cut to fit (`hint`), and an optional `footer` under them
 * that may take several lines (a longer note, a list). Keeps its size while loading, so a grid of cards does not
 * jump when the data arrives.
 */
export function StatCard({
  title,
  value,
  hint,
  footer,
  icon: Icon,
  loading = false,
  valueClassName,
  testId,
  compact = false,
}: {
  title: string;
  value: ReactNode;
  hint?: ReactNode;
  footer?: ReactNode;
  icon?: LucideIcon;
  loading?: boolean;
  valueClassName?: string;
  testId?: string;
  /** Three across on phones: smaller padding and figure, no icon below the sm breakpoint. */
  compact?: boolean;
}) {
  return (
    <Card className={cn('p-5', compact && 'p-3 sm:p-5')} data-testid={testId}>
      <div className="flex items-start justify-between gap-3">
        <p
          className={cn(
            'text-sm font-medium text-muted-foreground',
            // Phones: a long label wraps onto a second line instead of being cut.
            compact && 'text-xs leading-tight break-words hyphens-auto sm:text-sm',
          )}
        >
          {title}
        </p>
        {Icon ? (
          <span
            className={cn(
              'flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground',
              compact && 'hidden sm:flex',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
          </span>
        ) : null}
      </div>
      {loading ? (
        <>
          <Skeleton className="mt-2 h-8 w-32" />
          <Skeleton className="mt-2 h-4 w-40" />
        </>
      ) : (
        <>
          <p
            className={cn(
              'mt-2 h-8 truncate text-2xl font-semibold tracking-tight tabular-nums',
              compact && 'h-7 text-xl sm:h-8 sm:text-2xl',
              valueClassName,
            )}
            data-role="value"
          >
            {value}
          </p>
          {hint === undefined ? null : (
            <div
              className={cn(
                'mt-2 text-xs leading-4 text-muted-foreground tabular-nums',
                compact ? 'min-h-4 break-words' : 'h-4 truncate',
              )}
            >
              {hint}
            </div>
          )}
          {footer ? <div className="mt-2 text-xs text-muted-foreground">{footer}</div> : null}
        </>
      )}
    </Card>
  );
}
