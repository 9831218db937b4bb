import {
  istanbulDate,
  istanbulInstant,
  isTradingDay,
  previousTradingDay,
  sessionPhasesOn,
} from '@bist/market';

/** The last minute of a trading day's session (closing trades end): after it the day's bar is final. */
export function sessionEndOf(date: string): Date {
  const phases = sessionPhasesOn(date);
  const end = Math.max(...phases.map((p) => p.endMinute));
  return istanbulInstant(date, end);
}

/** The newest trading day whose session has fully ended at `now`. */
export function lastCompletedTradingDay(now: Date): string {
  const today = istanbulDate(now);
  if (isTradingDay(today) && now >= sessionEndOf(today)) return today;
  return previousTradingDay(today);
}

/** The trading day `n` trading days before `date`. */
export function tradingDaysBack(date: string, n: number): string {
  let d = date;
  for (let i = 0; i < n; i += 1) d = previousTradingDay(d);
  return d;
}
