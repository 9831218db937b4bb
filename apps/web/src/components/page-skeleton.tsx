import { Skeleton } from '@/components/ui/skeleton';

/** The shape of a page while its code or first data loads: a title, four cards and a large panel. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label={label} role="status" data-testid="page-skeleton">
      <div className="grid gap-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}
