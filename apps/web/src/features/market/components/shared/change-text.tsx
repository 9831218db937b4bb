import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { changeColorClass, formatChange, trendOf } from '@/lib/format';
import { cn } from '@/lib/utils';

/** A signed percent change in the up/down/muted colour with an arrow, so colour is never alone. */
export function ChangeText({
  value,
  className,
  showIcon = true,
}: {
  value: number | null | undefined;
  className?: string;
  showIcon?: boolean;
}) {
  const trend = trendOf(value);
  const Icon = trend === 'up' ? ArrowUpRight : trend === 'down' ? ArrowDownRight : Minus;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 font-medium tabular-nums',
        changeColorClass(value),
        className,
      )}
    >
      {showIcon && value !== null && value !== undefined ? (
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      ) : null}
      {formatChange(value)}
    </span>
  );
}
