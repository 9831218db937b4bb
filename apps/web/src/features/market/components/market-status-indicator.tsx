import { useTranslation } from '@/lib/use-translation';
import { useMarketStatus } from '@/features/market/api/get-market-status';
import { cn } from '@/lib/utils';

/** 'Piyasa Açık' / 'Piyasa Kapalı' from the server's trading calendar (Europe/Istanbul, business days). */
export function MarketStatusIndicator({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { data } = useMarketStatus();
  const isOpen = data?.isOpen;
  const label =
    isOpen === undefined
      ? t('topbar.marketUnknown')
      : isOpen
        ? t('topbar.marketOpen')
        : t('topbar.marketClosed');
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap text-xs font-medium sm:text-sm',
        className,
      )}
      data-testid="market-status"
      title={label}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          isOpen === undefined ? 'bg-neutral' : isOpen ? 'bg-up animate-pulse' : 'bg-down',
        )}
      />
      <span className={cn(isOpen === undefined && 'text-muted-foreground')}>
        {isOpen === undefined ? t('common.missing') : label}
      </span>
    </span>
  );
}
