import { TrendingUp } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <TrendingUp className="size-5" aria-hidden="true" />
      </span>
      {compact ? null : (
        <span className="text-lg">
          BIST <span className="text-primary">AI</span>
        </span>
      )}
    </span>
  );
}
