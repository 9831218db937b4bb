import type { DailyBar } from '@bist/market';
import type { EvidenceBar } from './finding.ts';

/** A stock's daily bars, ascending by date. */
export interface SymbolDailyBars {
  symbol: string;
  bars: readonly DailyBar[];
}

export const evidenceBar = (bar: DailyBar): EvidenceBar => ({
  at: bar.date,
  openTry: bar.openTry,
  highTry: bar.highTry,
  lowTry: bar.lowTry,
  closeTry: bar.closeTry,
  volumeShares: bar.volumeShares,
});

/** Close-to-close return of day i (a fraction), or null on the first day or a non-positive previous close. */
export function dailyReturn(bars: readonly DailyBar[], i: number): number | null {
  const previous = bars[i - 1];
  const bar = bars[i];
  if (!previous || !bar || !(previous.closeTry > 0)) return null;
  return bar.closeTry / previous.closeTry - 1;
}

/** Mean volume of the `days` bars before index i (exclusive), or null with fewer than `days` bars. */
export function meanVolumeBefore(bars: readonly DailyBar[], i: number, days: number): number | null {
  if (i < days) return null;
  let sum = 0;
  for (let j = i - days; j < i; j += 1) sum += bars[j]!.volumeShares;
  return sum / days;
}
