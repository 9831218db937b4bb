import type { DailyBar } from '@bist/market';

/** Daily bars from closes (and volumes), on consecutive calendar days from 2026-01-01; open = previous close. */
export function barsOf(closes: readonly number[], volumes?: readonly number[]): DailyBar[] {
  return closes.map((close, i) => {
    const open = i === 0 ? close : closes[i - 1]!;
    return {
      date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
      openTry: open,
      highTry: Math.max(open, close),
      lowTry: Math.min(open, close),
      closeTry: close,
      volumeShares: volumes?.[i] ?? 1_000,
    };
  });
}

/** `n` flat closes at `price`, then `next`. */
export const flatThen = (n: number, price: number, next: readonly number[]): number[] => [
  ...Array.from({ length: n }, () => price),
  ...next,
];
