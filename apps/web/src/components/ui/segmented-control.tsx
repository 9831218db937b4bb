import { cn } from '@/lib/utils';

export interface SegmentedOption<V extends string> {
  value: V;
  /** The visible text. */
  text: string;
  /** An accessible name beside the visible text (e.g. '$ (ABD doları)'). */
  name?: string | undefined;
  /** A hover title (e.g. the range's full name). */
  title?: string | undefined;
  /** Set when the option cannot be chosen: the reason, shown as its title. */
  disabledBecause?: string | undefined;
}

/**
 * One choice among a few (a chart's range, a unit): a group of pressed/unpressed buttons on a muted track. On a phone
 * every button has a 44 px tap area (set here: the utilities' min-width outranks index.css's :where() rule).
 */
export function SegmentedControl<V extends string>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: readonly SegmentedOption<V>[];
  value: V;
  onChange: (value: V) => void;
  testId?: string;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg bg-muted p-1" data-testid={testId}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          aria-label={option.name}
          data-value={option.value}
          disabled={option.disabledBecause !== undefined}
          title={option.disabledBecause ?? option.title}
          onClick={() => onChange(option.value)}
          className={cn(
            'min-w-9 cursor-pointer rounded-md px-2.5 py-1 max-sm:min-h-11 max-sm:min-w-11 text-xs font-semibold text-muted-foreground transition-colors hover:text-foreground disabled:cursor-not-allowed disabled:opacity-60',
            value === option.value && 'bg-card text-foreground shadow-sm',
          )}
        >
          {option.text}
        </button>
      ))}
    </div>
  );
}
