// Calendar-date arithmetic on 'YYYY-MM-DD' strings (UTC arithmetic, no time zones involved).
import type { PerformanceRange } from '@bist/contracts';

/** Türkiye has been on UTC+3 all year since 2016. */
const ISTANBUL_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Istanbul calendar date of an instant. */
export function istanbulToday(now: Date): string {
  return new Date(now.getTime() + ISTANBUL_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the Istanbul calendar day of `now` began. */
export function istanbulDayStart(now: Date): Date {
  return new Date(Date.parse(`${istanbulToday(now)}T00:00:00Z`) - ISTANBUL_OFFSET_MS);
}

export function dateAddDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Shifts by whole months, clamping the day to the target month's length (31 March − 1 month = 28/29 February). */
export function dateAddMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** First day of a performance range ending today; 'ALL' starts at the first transaction. */
export function rangeStartDate(
  range: PerformanceRange,
  today: string,
  firstTransactionDate: string | null,
): string {
  switch (range) {
    case '1A':
      return dateAddMonths(today, -1);
    case '3A':
      return dateAddMonths(today, -3);
    case '6A':
      return dateAddMonths(today, -6);
    case '1Y':
      return dateAddMonths(today, -12);
    case 'YTD':
      return `${today.slice(0, 4)}-01-01`;
    case 'ALL':
      return firstTransactionDate ?? today;
  }
}
