import { Bell, BellRing } from 'lucide-react';
import { useTranslation } from '@/lib/use-translation';
import { useAlerts } from '@/features/alerts/api/get-alerts';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/alerts/i18n';

/** A stock's price alerts as small labels: active ones with their condition, triggered ones marked. Nothing without. */
export function SymbolAlerts({ symbol }: { symbol: string }) {
  const { t } = useTranslation('alerts');
  const alerts = useAlerts().data?.alerts.filter((alert) => alert.symbol === symbol) ?? [];
  if (alerts.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('chip.label', { symbol })} data-testid="symbol-alerts">
      {alerts.slice(0, 3).map((alert) => {
        const Icon = alert.status === 'triggered' ? BellRing : Bell;
        return (
          <li
            key={alert.id}
            className={cn(
              'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs tabular-nums',
              alert.status === 'triggered' ? 'border-primary text-primary' : 'text-muted-foreground',
            )}
          >
            <Icon className="size-3" aria-hidden="true" />
            {t(`chip.${alert.direction}`, { price: formatPrice(alert.threshold_price) })}
            {alert.status === 'triggered' ? ` · ${t('chip.triggered')}` : null}
          </li>
        );
      })}
    </ul>
  );
}
