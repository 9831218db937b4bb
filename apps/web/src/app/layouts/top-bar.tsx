import { lazy, Suspense } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Menu, RefreshCw, ServerOff, Settings, WifiOff } from 'lucide-react';
import { AlertsBell } from '@/features/alerts/components/alerts-bell';
import { Bist100Ticker } from '@/features/market/components/bist100-ticker';
import { MarketSourceBadge } from '@/features/market/components/market-source-badge';
import { MarketStatusIndicator } from '@/features/market/components/market-status-indicator';
import { StockSearchBox } from '@/features/market/components/stock-search-box';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { useOpenOnDemand } from '@/components/use-open-on-demand';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useServerReachability } from '@/lib/use-server-reachability';
import { cn } from '@/lib/utils';

/**
 * The connection as it is: nothing while the server answers; 'Sunucuya ulaşılamıyor' when the browser is online but
 * the server does not answer (stopped, or the network between); 'Çevrimdışı' when the browser itself has no
 * connection (lib/server-reachability.ts). The top bar does not say 'Çevrimiçi': beside the market's figures it read
 * as a live exchange connection, which the source badge states truthfully (real and delayed, or simulated).
 */
function ConnectionIndicator({ className }: { className?: string }) {
  const { t } = useTranslation();
  const reachability = useServerReachability();
  return (
    <span role="status" className={cn(reachability === 'reachable' && 'sr-only')}>
      {reachability === 'reachable' ? null : (
        <span
          className={cn(
            'inline-flex items-center gap-1.5 whitespace-nowrap text-xs font-medium text-down sm:text-sm',
            className,
          )}
          data-testid="online-status"
          data-state={reachability}
        >
          {reachability === 'offline' ? (
            <WifiOff className="size-4" aria-hidden="true" />
          ) : (
            <ServerOff className="size-4" aria-hidden="true" />
          )}
          {reachability === 'offline' ? t('topbar.offline') : t('topbar.serverUnreachable')}
        </span>
      )}
    </span>
  );
}

const loadSettingsMenu = () => import('@/app/layouts/settings-menu');
const LazySettingsMenu = lazy(loadSettingsMenu);

/** The settings button; its menu loads on first use. */
function SettingsMenu() {
  const { t } = useTranslation();
  const menu = useOpenOnDemand(loadSettingsMenu);
  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('topbar.settings')}
      title={t('topbar.settings')}
      {...menu.triggerProps}
    >
      <Settings />
    </Button>
  );
  if (!menu.used) return trigger;
  return (
    <Suspense fallback={trigger}>
      <LazySettingsMenu trigger={trigger} open={menu.open} onOpenChange={menu.setOpen} />
    </Suspense>
  );
}

/** The investor's top bar: search, market status, BIST 100, data source, connectivity, refresh, bell, settings, user. */
export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const fetching = useIsFetching() > 0;
  const name = session?.user.name.trim() || t('user.fallbackName');
  const roleLabel = session?.user.role === 'investor' ? t('user.roleInvestor') : t('user.roleUser');

  // Phones get a smaller type so all three fit one line at 360–390 px; wrapping is the fallback below that.
  const statusItems = (itemClass?: string) => (
    <>
      <MarketStatusIndicator className={itemClass} />
      <Bist100Ticker className={itemClass} />
      <MarketSourceBadge className={itemClass} />
      <ConnectionIndicator className={itemClass} />
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 md:px-6">
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          onClick={onOpenMenu}
          aria-label={t('nav.menu')}
        >
          <Menu className="size-5" />
        </Button>
        <StockSearchBox className="min-w-0 flex-1 xl:max-w-sm" />
        <div className="hidden items-center gap-4 xl:flex" data-testid="status-inline">
          {statusItems()}
        </div>
        <div className="ml-auto flex items-center gap-0.5">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('topbar.refresh')}
            title={t('topbar.refresh')}
            onClick={() => {
              // 'Veriler yenilendi' only once every active query answered; offline or a failure says why instead.
              if (!navigator.onLine) {
                toast.error(t('errors.network'), { id: 'refresh' });
                return;
              }
              queryClient
                .refetchQueries({ type: 'active' }, { throwOnError: true })
                .then(() => toast.success(t('topbar.refreshed'), { id: 'refresh' }))
                .catch((error: unknown) =>
                  toast.error(isApiError(error) ? error.message : t('errors.unexpected'), {
                    id: 'refresh',
                  }),
                );
            }}
          >
            <RefreshCw className={cn(fetching && 'animate-spin')} />
          </Button>
          <AlertsBell />
          <SettingsMenu />
          <div className="ml-2 hidden flex-col items-end leading-tight md:flex" data-testid="topbar-user">
            <span className="max-w-40 truncate text-sm font-medium">{name}</span>
            <span className="text-xs text-muted-foreground">{roleLabel}</span>
          </div>
        </div>
      </div>
      <div
        className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-t px-3 py-2 sm:gap-x-3 md:px-6 xl:hidden"
        data-testid="status-strip"
      >
        {statusItems('text-[11px] sm:text-sm')}
      </div>
    </header>
  );
}
