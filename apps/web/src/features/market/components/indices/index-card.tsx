import { useTranslation } from '@/lib/use-translation';
import type { IndexItem } from '@bist/contracts';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { ComputedIndexLabel } from '@/features/market/components/shared/source-line';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

/**
 * One index in the grid: code (marked when the product computes the level), name, change, level and member count;
 * pressing it selects the index.
 */
export function IndexCard({
  index,
  selected,
  onSelect,
  computed,
}: {
  index: IndexItem;
  selected: boolean;
  /** The product computes the level from the members (the provider does not publish it). */
  computed: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('market');
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      data-testid="index-card"
      data-code={index.code}
      className={cn(
        'flex h-[106px] min-w-0 cursor-pointer flex-col justify-between rounded-xl border bg-card p-3 text-left shadow-sm transition-colors hover:border-primary/60 sm:p-4',
        selected && 'border-primary ring-2 ring-primary/30',
      )}
    >
      <div className="flex w-full items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-semibold">
            {index.code}
            {computed ? <ComputedIndexLabel short /> : null}
          </p>
          <p className="truncate text-xs text-muted-foreground">{index.name}</p>
        </div>
        <ChangeText value={index.change_percent} className="text-xs sm:text-sm" showIcon={false} />
      </div>
      <div className="flex w-full items-end justify-between gap-2">
        <span className="truncate text-base font-semibold tabular-nums sm:text-lg">
          {formatNumber(index.value, 2)}
        </span>
        <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">
          {t('indices.members', { count: index.member_count })}
        </span>
      </div>
    </button>
  );
}
