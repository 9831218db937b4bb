// Borsa Istanbul trading calendar (equity market, Europe/Istanbul).
// Turkey has stayed on UTC+3 all year since 2016-09-07 (no daylight saving), so local wall time is computed with a
// fixed +03:00 offset: exact for every instant after that date, and independent of the host's ICU time-zone data.
// Every function is pure: instants and dates are arguments, nothing reads a clock.

import type { SessionPhase } from '@bist/contracts';

/** The phases of an equity session are defined once, in the API contract (@bist/contracts SESSION_PHASES). */
export { SESSION_PHASES, type SessionPhase } from '@bist/contracts';

/** Offset of Europe/Istanbul from UTC, in minutes (constant since 2016). */
export const ISTANBUL_UTC_OFFSET_MINUTES = 180;
export const ISTANBUL_TIME_ZONE = 'Europe/Istanbul' as const;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A market holiday: full day closed, or half day (arife) with continuous trading until 12:30. */
export interface MarketHoliday {
  date: string;
  kind: 'full' | 'half';
  /** Turkish name for display. */
  name: string;
}

/** Ramazan and Kurban Bayramı first days as observed in Turkey (Diyanet), 2020–2027. Ramazan lasts 3 days, Kurban 4. */
const RELIGIOUS_HOLIDAY_STARTS: readonly { year: number; ramazan: string; kurban: string }[] = [
  { year: 2020, ramazan: '2020-05-24', kurban: '2020-07-31' },
  { year: 2021, ramazan: '2021-05-13', kurban: '2021-07-20' },
  { year: 2022, ramazan: '2022-05-02', kurban: '2022-07-09' },
  { year: 2023, ramazan: '2023-04-21', kurban: '2023-06-28' },
  { year: 2024, ramazan: '2024-04-10', kurban: '2024-06-16' },
  { year: 2025, ramazan: '2025-03-30', kurban: '2025-06-06' },
  { year: 2026, ramazan: '2026-03-20', kurban: '2026-05-27' },
  { year: 2027, ramazan: '2027-03-09', kurban: '2027-05-16' },
];

/** First and last year of the religious-holiday table; outside it only weekends and fixed-date holidays are known. */
export const HOLIDAY_TABLE_YEARS = { first: 2020, last: 2027 } as const;

function buildHolidays(): Map<string, MarketHoliday> {
  const map = new Map<string, MarketHoliday>();
  const put = (date: string, kind: MarketHoliday['kind'], name: string) => {
    // A full holiday wins over an arife half day falling on the same date.
    if (map.get(date)?.kind !== 'full') map.set(date, { date, kind, name });
  };
  for (let year = HOLIDAY_TABLE_YEARS.first; year <= HOLIDAY_TABLE_YEARS.last; year++) {
    put(`${year}-01-01`, 'full', 'Yılbaşı');
    put(`${year}-04-23`, 'full', 'Ulusal Egemenlik ve Çocuk Bayramı');
    put(`${year}-05-01`, 'full', 'Emek ve Dayanışma Günü');
    put(`${year}-05-19`, 'full', "Atatürk'ü Anma, Gençlik ve Spor Bayramı");
    put(`${year}-07-15`, 'full', 'Demokrasi ve Milli Birlik Günü');
    put(`${year}-08-30`, 'full', 'Zafer Bayramı');
    put(`${year}-10-28`, 'half', 'Cumhuriyet Bayramı Arifesi');
    put(`${year}-10-29`, 'full', 'Cumhuriyet Bayramı');
  }
  for (const { ramazan, kurban } of RELIGIOUS_HOLIDAY_STARTS) {
    put(addCalendarDays(ramazan, -1), 'half', 'Ramazan Bayramı Arifesi');
    for (let d = 0; d < 3; d++) put(addCalendarDays(ramazan, d), 'full', `Ramazan Bayramı ${d + 1}. gün`);
    put(addCalendarDays(kurban, -1), 'half', 'Kurban Bayramı Arifesi');
    for (let d = 0; d < 4; d++) put(addCalendarDays(kurban, d), 'full', `Kurban Bayramı ${d + 1}. gün`);
  }
  return map;
}

/** 'YYYY-MM-DD' shifted by whole calendar days (proleptic Gregorian, UTC arithmetic). */
export function addCalendarDays(date: string, days: number): string {
  return new Date(parseDateMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

function parseDateMs(date: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`expected YYYY-MM-DD, got '${date}'`);
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`not a calendar date: '${date}'`);
  }
  return ms;
}

const HOLIDAYS = buildHolidays();

/** All market holidays and half days of 2020–2027, sorted by date (weekend ones included). */
export const MARKET_HOLIDAYS: readonly MarketHoliday[] = [...HOLIDAYS.values()].sort((a, b) =>
  a.date.localeCompare(b.date),
);

/** The holiday or half day on this date, if any (weekends are not listed unless a holiday falls on one). */
export function marketHolidayOn(date: string): MarketHoliday | undefined {
  return HOLIDAYS.get(date);
}

/** Istanbul calendar date 'YYYY-MM-DD' of an instant (UTC + 3 h). */
export function istanbulDate(instant: Date): string {
  return new Date(instant.getTime() + ISTANBUL_UTC_OFFSET_MINUTES * MINUTE_MS).toISOString().slice(0, 10);
}

/** Minutes since Istanbul midnight of an instant, in [0, 1440). */
export function istanbulMinuteOfDay(instant: Date): number {
  const localMs = instant.getTime() + ISTANBUL_UTC_OFFSET_MINUTES * MINUTE_MS;
  return Math.floor((((localMs % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
}

/** The instant of an Istanbul wall-clock time on a date; `minuteOfDay` may carry fractions. */
export function istanbulInstant(date: string, minuteOfDay: number): Date {
  return new Date(parseDateMs(date) + (minuteOfDay - ISTANBUL_UTC_OFFSET_MINUTES) * MINUTE_MS);
}

/** True on Monday–Friday dates that are not full market holidays (half days trade). */
export function isTradingDay(date: string): boolean {
  const weekday = new Date(parseDateMs(date)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return HOLIDAYS.get(date)?.kind !== 'full';
}

/** True on trading days with a shortened (arife) session. */
export function isHalfDay(date: string): boolean {
  return isTradingDay(date) && HOLIDAYS.get(date)?.kind === 'half';
}

/** One phase of a day's session, as Istanbul minutes [startMinute, endMinute). */
export interface SessionPhaseWindow {
  phase: Exclude<SessionPhase, 'closed'>;
  startMinute: number;
  endMinute: number;
}

const hm = (h: number, m: number) => h * 60 + m;
const FULL_DAY_PHASES: readonly SessionPhaseWindow[] = [
  { phase: 'opening_auction', startMinute: hm(9, 40), endMinute: hm(9, 55) },
  { phase: 'opening_price', startMinute: hm(9, 55), endMinute: hm(10, 0) },
  { phase: 'continuous', startMinute: hm(10, 0), endMinute: hm(18, 0) },
  { phase: 'closing_margin', startMinute: hm(18, 0), endMinute: hm(18, 1) },
  { phase: 'closing_auction', startMinute: hm(18, 1), endMinute: hm(18, 5) },
  { phase: 'closing_trades', startMinute: hm(18, 5), endMinute: hm(18, 10) },
];
const HALF_DAY_PHASES: readonly SessionPhaseWindow[] = [
  { phase: 'opening_auction', startMinute: hm(9, 40), endMinute: hm(9, 55) },
  { phase: 'opening_price', startMinute: hm(9, 55), endMinute: hm(10, 0) },
  { phase: 'continuous', startMinute: hm(10, 0), endMinute: hm(12, 30) },
  { phase: 'closing_auction', startMinute: hm(12, 30), endMinute: hm(12, 40) },
];

/** Minute of day when continuous trading starts (10:00). */
export const CONTINUOUS_OPEN_MINUTE = hm(10, 0);

/** The phase windows of a date: full day, arife half day, or empty when the market is closed all day. */
export function sessionPhasesOn(date: string): readonly SessionPhaseWindow[] {
  if (!isTradingDay(date)) return [];
  return isHalfDay(date) ? HALF_DAY_PHASES : FULL_DAY_PHASES;
}

/** Continuous-trading window of a trading day in Istanbul minutes ([600, 1080) or [600, 750) on a half day); undefined when closed. */
export function continuousWindowOn(date: string): { startMinute: number; endMinute: number } | undefined {
  const window = sessionPhasesOn(date).find((p) => p.phase === 'continuous');
  return window ? { startMinute: window.startMinute, endMinute: window.endMinute } : undefined;
}

/** Session phase at an instant: the window containing its Istanbul wall time, else 'closed'. */
export function sessionPhaseAt(instant: Date): SessionPhase {
  const minute = (instant.getTime() + ISTANBUL_UTC_OFFSET_MINUTES * MINUTE_MS) / MINUTE_MS;
  const minuteOfDay = ((minute % 1440) + 1440) % 1440;
  for (const window of sessionPhasesOn(istanbulDate(instant))) {
    if (minuteOfDay >= window.startMinute && minuteOfDay < window.endMinute) return window.phase;
  }
  return 'closed';
}

/** True while continuous trading runs (10:00–18:00, or 10:00–12:30 on a half day). */
export function isContinuousTrading(instant: Date): boolean {
  return sessionPhaseAt(instant) === 'continuous';
}

/** Instant when continuous trading ends on a date (18:00, 12:30 on half days); null when the market is closed. */
export function continuousCloseOn(date: string): Date | null {
  const window = continuousWindowOn(date);
  return window ? istanbulInstant(date, window.endMinute) : null;
}

/** The first continuous-trading open (10:00 Istanbul on a trading day) strictly after the instant. */
export function nextContinuousOpen(instant: Date): Date {
  let date = istanbulDate(instant);
  for (let guard = 0; guard < 40; guard++) {
    if (isTradingDay(date)) {
      const open = istanbulInstant(date, CONTINUOUS_OPEN_MINUTE);
      if (open.getTime() > instant.getTime()) return open;
    }
    date = addCalendarDays(date, 1);
  }
  throw new RangeError(`no trading day within 40 days after ${instant.toISOString()}`);
}

/** The trading day strictly after a date. */
export function nextTradingDay(date: string): string {
  let d = addCalendarDays(date, 1);
  while (!isTradingDay(d)) d = addCalendarDays(d, 1);
  return d;
}

/** The trading day strictly before a date. */
export function previousTradingDay(date: string): string {
  let d = addCalendarDays(date, -1);
  while (!isTradingDay(d)) d = addCalendarDays(d, -1);
  return d;
}

/** Moves |n| trading days forward (n > 0) or back (n < 0); n = 0 returns the date itself. */
export function addTradingDays(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`n must be an integer, got ${n}`);
  let d = date;
  for (let i = 0; i < Math.abs(n); i++) d = n > 0 ? nextTradingDay(d) : previousTradingDay(d);
  return d;
}

/** Trading days d with fromDate ≤ d ≤ toDate, ascending (empty when fromDate > toDate). */
export function tradingDaysBetween(fromDate: string, toDate: string): string[] {
  const days: string[] = [];
  const endMs = parseDateMs(toDate);
  for (let ms = parseDateMs(fromDate); ms <= endMs; ms += DAY_MS) {
    const d = new Date(ms).toISOString().slice(0, 10);
    if (isTradingDay(d)) days.push(d);
  }
  return days;
}

/** The market status the API reports (same fields as `MarketStatus` in @bist/contracts). */
export interface MarketStatusSnapshot {
  /** True during continuous trading only. */
  isOpen: boolean;
  phase: SessionPhase;
  /** ISO instant of the next continuous-trading open, or null while open. */
  nextOpen: string | null;
  /** ISO instant when the current continuous session ends, or null while not open. */
  closesAt: string | null;
  serverTime: string;
  timeZone: typeof ISTANBUL_TIME_ZONE;
}

/** Market status at an instant: phase, open flag, next open (null while open) and today's close (null unless open). */
export function marketStatusAt(instant: Date): MarketStatusSnapshot {
  const phase = sessionPhaseAt(instant);
  const isOpen = phase === 'continuous';
  return {
    isOpen,
    phase,
    nextOpen: isOpen ? null : nextContinuousOpen(instant).toISOString(),
    closesAt: isOpen ? (continuousCloseOn(istanbulDate(instant))?.toISOString() ?? null) : null,
    serverTime: instant.toISOString(),
    timeZone: ISTANBUL_TIME_ZONE,
  };
}
