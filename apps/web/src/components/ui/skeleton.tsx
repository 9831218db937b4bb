import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A placeholder while data loads; `data-skeleton` lets the e2e suite wait until none is left. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      data-skeleton=""
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
