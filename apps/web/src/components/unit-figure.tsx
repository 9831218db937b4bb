import type { ReactNode } from 'react';
import { InfoTooltip } from '@/components/info-tooltip';
import { changeColorClass, formatChange } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * One return in another unit (decision 0063) in a description list: its label, the signed percent ('---' when
 * missing) with `data-role="value"`, a note after it (why it is missing, a benchmark's figure) and its (i)
 * explanation. Used by the portfolio's performance card and the stock and index charts.
 */
export function UnitFigure({
  testId,
  label,
  value,
  note,
  help,
}: {
  testId: string;
  label: string;
  value: number | null;
  note?: ReactNode;
  help: { label: string; text: string; testId: string };
}) {
  return (
    <div className="inline-flex flex-wrap items-center gap-x-1" data-testid={testId}>
      <dt className="whitespace-nowrap">{label}:</dt>
      <dd className="inline-flex flex-wrap items-center gap-x-1">
        <span className={cn('whitespace-nowrap font-medium', changeColorClass(value))} data-role="value">
          {formatChange(value)}
        </span>
        {note}
        <InfoTooltip label={help.label} text={help.text} testId={help.testId} />
      </dd>
    </div>
  );
}
