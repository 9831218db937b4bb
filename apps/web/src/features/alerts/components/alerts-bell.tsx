import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useOpenOnDemand } from '@/components/use-open-on-demand';
import { useUnreadAlertCount } from '@/features/alerts/api/get-unread-count';
import { AlertFormDialog } from './lazy-alert-form-dialog';
import '@/features/alerts/i18n';

const loadAlertsPopover = () => import('@/features/alerts/components/alerts-popover');
const LazyAlertsPopover = lazy(loadAlertsPopover);

/** The top bar bell: unread count (polled 30 s); its list, where alerts are read and deleted, loads on first use. */
export function AlertsBell() {
  const { t } = useTranslation('alerts');
  const popover = useOpenOnDemand(loadAlertsPopover);
  const [creating, setCreating] = useState(false);
  const unread = useUnreadAlertCount();
  const count = unread.data ?? 0;
  const label = count > 0 ? t('bellUnread', { count }) : t('bell');

  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={label}
      title={label}
      data-testid="alerts-bell"
      {...popover.triggerProps}
    >
      <Bell />
      {count > 0 ? (
        <span
          className="absolute right-0.5 top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-down px-1 text-[10px] font-semibold leading-none text-white tabular-nums"
          data-testid="alerts-badge"
          aria-hidden="true"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Button>
  );

  return (
    <>
      {popover.used ? (
        <Suspense fallback={trigger}>
          <LazyAlertsPopover
            trigger={trigger}
            open={popover.open}
            onOpenChange={popover.setOpen}
            count={count}
            onCreate={() => {
              popover.setOpen(false);
              setCreating(true);
            }}
          />
        </Suspense>
      ) : (
        trigger
      )}
      <AlertFormDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
