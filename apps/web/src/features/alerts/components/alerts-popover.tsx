import type { ReactElement } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import * as Popover from '@radix-ui/react-popover';
import { BellPlus, Check, CheckCheck, Trash2 } from 'lucide-react';
import type { PriceAlert } from '@bist/contracts';
import { Button, IconButton } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDeleteAlert } from '@/features/alerts/api/delete-alert';
import { useAlerts } from '@/features/alerts/api/get-alerts';
import { useMarkAlertRead } from '@/features/alerts/api/mark-alert-read';
import { useMarkAllAlertsRead } from '@/features/alerts/api/mark-all-alerts-read';

function timeText(iso: string): string {
  return new Date(iso).toLocaleString('tr-TR', {
    timeZone: 'Europe/Istanbul',
    day: '2-digit',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The bell's list, where alerts are read and deleted; loaded on the bell's first use (alerts-bell.tsx). */
export default function AlertsPopover({
  trigger,
  open,
  onOpenChange,
  count,
  onCreate,
}: {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  onCreate: () => void;
}) {
  const { t } = useTranslation('alerts');
  const list = useAlerts({ enabled: open });
  const markAll = useMarkAllAlertsRead();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-xl border bg-popover text-popover-foreground shadow-lg"
          aria-label={t('title')}
          data-testid="alerts-popover"
        >
          <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
            <p className="font-semibold">{t('title')}</p>
            <Button
              variant="ghost"
              size="sm"
              disabled={count === 0 || markAll.isPending}
              onClick={() =>
                markAll.mutate(undefined, {
                  onError: (e) => toast.error(isApiError(e) ? e.displayMessage : t('failed')),
                })
              }
            >
              <CheckCheck /> {t('markAllRead')}
            </Button>
          </div>
          <div className="max-h-[min(24rem,60vh)] overflow-y-auto">
            {list.isPending ? (
              <div className="grid gap-2 p-4">
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : list.isError ? (
              <p role="alert" className="p-4 text-sm text-down">
                {t('loadFailed')}
              </p>
            ) : list.data.alerts.length === 0 ? (
              <p className="p-6 text-center text-sm text-muted-foreground">{t('empty')}</p>
            ) : (
              <ul className="divide-y">
                {list.data.alerts.map((alert) => (
                  <AlertRow key={alert.id} alert={alert} onNavigate={() => onOpenChange(false)} />
                ))}
              </ul>
            )}
          </div>
          <div className="border-t p-2">
            <Button variant="ghost" size="sm" className="w-full" onClick={onCreate}>
              <BellPlus /> {t('newAlert')}
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function AlertRow({ alert, onNavigate }: { alert: PriceAlert; onNavigate: () => void }) {
  const { t } = useTranslation('alerts');
  const markRead = useMarkAlertRead();
  const remove = useDeleteAlert();
  const triggered = alert.status === 'triggered';
  const unread = triggered && alert.read_at === null;
  const onError = (e: unknown) => toast.error(isApiError(e) ? e.displayMessage : t('failed'));
  return (
    <li
      className={cn('flex items-start gap-3 px-4 py-3 text-sm', unread && 'bg-primary/5')}
      data-testid="alert-item"
      data-symbol={alert.symbol}
      data-status={alert.status}
      data-unread={unread}
    >
      <span
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2">
          <Link to={`/stocks/${alert.symbol}`} className="font-semibold hover:underline" onClick={onNavigate}>
            {alert.symbol}
          </Link>
          <span className="text-muted-foreground tabular-nums">
            {t(`condition.${alert.direction}`, { price: formatPrice(alert.threshold_price) })}
          </span>
        </p>
        {triggered && alert.triggered_at ? (
          <p className="text-xs text-muted-foreground tabular-nums">
            {t('triggeredAt', {
              price: formatPrice(alert.triggered_price),
              time: timeText(alert.triggered_at),
            })}
          </p>
        ) : (
          <p className="text-xs text-muted-foreground tabular-nums">
            {t('active', { price: formatPrice(alert.current_price) })}
          </p>
        )}
        {unread ? <span className="sr-only">{t('unread')}</span> : null}
      </div>
      <div className="flex shrink-0 gap-0.5">
        {unread ? (
          <IconButton
            className="size-7"
            label={t('markRead', { symbol: alert.symbol })}
            disabled={markRead.isPending}
            onClick={() => markRead.mutate(alert.id, { onError })}
          >
            <Check />
          </IconButton>
        ) : null}
        <IconButton
          className="size-7"
          tone="down"
          label={t('delete', { symbol: alert.symbol })}
          disabled={remove.isPending}
          onClick={() => remove.mutate(alert.id, { onSuccess: () => toast.success(t('deleted')), onError })}
        >
          <Trash2 />
        </IconButton>
      </div>
    </li>
  );
}
