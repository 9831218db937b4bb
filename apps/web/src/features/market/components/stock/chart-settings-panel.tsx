import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import {
  averageColor,
  averageId,
  CHART_TYPES,
  MOVING_AVERAGE_KINDS,
  MOVING_AVERAGE_PERIODS,
  toggleAverage,
  type ChartSettings,
} from '@/lib/chart-settings';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

/** A toggle of the panel: at least 44 × 44 px, pressed when on. */
function Toggle({
  pressed,
  onClick,
  children,
  swatch,
  testId,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  swatch?: string;
  testId?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      data-testid={testId}
      className={cn(
        'inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1.5 rounded-md border px-3 text-sm font-medium transition-colors',
        pressed
          ? 'border-primary bg-primary/10 text-foreground'
          : 'border-border bg-card text-muted-foreground hover:text-foreground',
      )}
    >
      {swatch ? (
        <span className="h-0.5 w-3 rounded" style={{ backgroundColor: swatch }} aria-hidden="true" />
      ) : null}
      {children}
    </button>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="space-y-1.5">
      <p className="text-xs font-semibold text-muted-foreground">{label}</p>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

/** The chart's choices: candles or line, moving averages by kind and period, Bollinger, volume, RSI, MACD. */
export function ChartSettingsPanel({
  settings,
  onChange,
  id,
}: {
  settings: ChartSettings;
  onChange: (next: ChartSettings) => void;
  id: string;
}) {
  const { t } = useTranslation('market');
  const colorOf = (kind: 'sma' | 'ema', period: number) => {
    const at = settings.averages.findIndex((a) => a.kind === kind && a.period === period);
    return at < 0 ? undefined : averageColor(at);
  };
  return (
    <div id={id} className="mb-3 space-y-3 rounded-lg border bg-muted/30 p-3" data-testid="chart-settings">
      <Group label={t('stock.settings.type')}>
        {CHART_TYPES.map((type) => (
          <Toggle
            key={type}
            pressed={settings.type === type}
            onClick={() => onChange({ ...settings, type })}
            testId={`chart-type-${type}`}
          >
            {t(`stock.settings.${type}`)}
          </Toggle>
        ))}
      </Group>
      {MOVING_AVERAGE_KINDS.map((kind) => (
        <Group key={kind} label={t(`stock.settings.${kind}`)}>
          {MOVING_AVERAGE_PERIODS[kind].map((period) => (
            <Toggle
              key={period}
              pressed={colorOf(kind, period) !== undefined}
              swatch={colorOf(kind, period)}
              onClick={() => onChange(toggleAverage(settings, { kind, period }))}
              testId={`chart-${averageId({ kind, period })}`}
            >
              {t(`stock.settings.${kind}Short`, { period })}
            </Toggle>
          ))}
        </Group>
      ))}
      <Group label={t('stock.settings.other')}>
        {(['bollinger', 'volume', 'rsi', 'macd'] as const).map((key) => (
          <Toggle
            key={key}
            pressed={settings[key]}
            onClick={() => onChange({ ...settings, [key]: !settings[key] })}
            testId={`chart-${key}`}
          >
            {t(`stock.settings.${key}`)}
          </Toggle>
        ))}
      </Group>
      <p className="text-xs text-muted-foreground">{t('stock.settings.hint')}</p>
    </div>
  );
}
