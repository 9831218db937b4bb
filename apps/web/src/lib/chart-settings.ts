/**
 * What an investor chose to see on a stock's chart — candles or a close line, moving averages, Bollinger bands,
 * volume, RSI and MACD — and where it is kept: this browser's local storage, one entry per user id (decision 0057).
 * Pure but for the two storage functions.
 */
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

export const CHART_TYPES = ['candle', 'line'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const MOVING_AVERAGE_KINDS = ['sma', 'ema'] as const;
export type MovingAverageKind = (typeof MOVING_AVERAGE_KINDS)[number];

/** The periods offered per kind; the longest (200) is what the history's warm-up candles cover. */
export const MOVING_AVERAGE_PERIODS: Record<MovingAverageKind, readonly number[]> = {
  sma: [5, 10, 20, 50, 100, 200],
  ema: [9, 12, 21, 26, 50, 200],
};

export interface MovingAverage {
  kind: MovingAverageKind;
  period: number;
}

export interface ChartSettings {
  type: ChartType;
  /** In the order they were chosen (their colours follow it). */
  averages: MovingAverage[];
  bollinger: boolean;
  volume: boolean;
  rsi: boolean;
  macd: boolean;
}

/** What the chart showed before the investor could choose: candles, SMA 20/50, volume, RSI 14. */
export const DEFAULT_CHART_SETTINGS: ChartSettings = {
  type: 'candle',
  averages: [
    { kind: 'sma', period: 20 },
    { kind: 'sma', period: 50 },
  ],
  bollinger: false,
  volume: true,
  rsi: true,
  macd: false,
};

/** Colours of the moving averages in the order chosen (the legend and the lines), readable on both themes. */
export const AVERAGE_COLORS = [
  'rgb(37, 99, 235)',
  'rgb(217, 119, 6)',
  'rgb(13, 148, 136)',
  'rgb(219, 39, 119)',
  'rgb(101, 163, 13)',
  'rgb(79, 70, 229)',
] as const;
export const BOLLINGER_COLOR = 'rgb(100, 116, 139)';
export const RSI_COLOR = 'rgb(147, 51, 234)';
export const MACD_COLOR = 'rgb(8, 145, 178)';
export const SIGNAL_COLOR = 'rgb(192, 38, 211)';

export function averageColor(index: number): string {
  return AVERAGE_COLORS[index % AVERAGE_COLORS.length]!;
}

export function averageId(average: MovingAverage): string {
  return `${average.kind}${average.period}`;
}

const sameAverage = (a: MovingAverage, b: MovingAverage) => a.kind === b.kind && a.period === b.period;

/** The settings with that moving average added (at the end) or, when it was shown, removed. */
export function toggleAverage(settings: ChartSettings, average: MovingAverage): ChartSettings {
  const shown = settings.averages.some((a) => sameAverage(a, average));
  return {
    ...settings,
    averages: shown
      ? settings.averages.filter((a) => !sameAverage(a, average))
      : [...settings.averages, average],
  };
}

/** Stored settings read back, anything unknown or malformed replaced by the default (a stale entry never breaks the chart). */
export function parseChartSettings(text: string | null): ChartSettings {
  if (!text) return DEFAULT_CHART_SETTINGS;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return DEFAULT_CHART_SETTINGS;
  }
  if (typeof value !== 'object' || value === null) return DEFAULT_CHART_SETTINGS;
  const v = value as Record<string, unknown>;
  const flag = (key: 'bollinger' | 'volume' | 'rsi' | 'macd') =>
    typeof v[key] === 'boolean' ? v[key] : DEFAULT_CHART_SETTINGS[key];
  const averages: MovingAverage[] = [];
  if (Array.isArray(v.averages)) {
    for (const item of v.averages as unknown[]) {
      if (typeof item !== 'object' || item === null) continue;
      const { kind, period } = item as Record<string, unknown>;
      if (kind !== 'sma' && kind !== 'ema') continue;
      if (typeof period !== 'number' || !MOVING_AVERAGE_PERIODS[kind].includes(period)) continue;
      const average: MovingAverage = { kind, period };
      if (!averages.some((a) => sameAverage(a, average))) averages.push(average);
    }
  }
  return {
    type: v.type === 'line' ? 'line' : 'candle',
    averages: Array.isArray(v.averages) ? averages : DEFAULT_CHART_SETTINGS.averages,
    bollinger: flag('bollinger'),
    volume: flag('volume'),
    rsi: flag('rsi'),
    macd: flag('macd'),
  };
}

const keyOf = (userId: string) => `${STORAGE_KEYS.chartSettings}:${userId}` as const;

/** The user's chart settings on this browser (the default when none are kept). */
export function loadChartSettings(userId: string): ChartSettings {
  return parseChartSettings(userId ? readStorage(keyOf(userId)) : null);
}

/** Keeps the user's chart settings on this browser. */
export function saveChartSettings(userId: string, settings: ChartSettings): void {
  if (userId) writeStorage(keyOf(userId), JSON.stringify(settings));
}
