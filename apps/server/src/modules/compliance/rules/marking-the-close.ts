import type { EvidenceBar, Finding } from './finding.ts';
import { round } from './finding.ts';

/** One stock's minute bars of one session, ascending (`at` is the minute, ISO). */
export interface SessionMinutes {
  symbol: string;
  /** The trading day, YYYY-MM-DD. */
  date: string;
  bars: readonly EvidenceBar[];
}

export interface MarkingTheCloseParams {
  /** The closing window: the session's last this many minute bars. */
  lastMinutes: number;
  /** The last close beyond this fraction from the VWAP of the session before the closing window … */
  minDeviationFraction: number;
  /** … and a move over this fraction inside the closing window itself. */
  minLastMoveFraction: number;
  /** Sessions with fewer minute bars are skipped (too thin for a VWAP). */
  minBars: number;
}

export const MARKING_THE_CLOSE_DEFAULTS: MarkingTheCloseParams = {
  lastMinutes: 5,
  minDeviationFraction: 0.03,
  minLastMoveFraction: 0.02,
  minBars: 30,
};

/**
 * One stock's session folded bar by bar, as marking the close reads it: the volume-weighted sums of the bars before
 * the closing window, the last of them (the reference) and the closing window's bars. Bars are added in order and
 * leave the window in order, so the sums are the same, to the last bit, whether a session is folded at once or a
 * minute at a time (the minute-bar runs keep one per stock and add each new minute: compliance/closing-scan.ts).
 */
export class ClosingWindowFold {
  /** Bars added so far. */
  count = 0;
  private value = 0;
  private volume = 0;
  /** The last bar before the closing window. */
  reference: EvidenceBar | null = null;
  /** The closing window: the last `lastMinutes` bars added. */
  readonly closing: EvidenceBar[] = [];

  constructor(readonly lastMinutes: number) {}

  add(bar: EvidenceBar): void {
    this.count += 1;
    this.closing.push(bar);
    if (this.closing.length <= this.lastMinutes) return;
    const before = this.closing.shift()!;
    this.value += ((before.highTry + before.lowTry + before.closeTry) / 3) * before.volumeShares;
    this.volume += before.volumeShares;
    this.reference = before;
  }

  /** The last bar added. */
  get last(): EvidenceBar | null {
    return this.closing.at(-1) ?? this.reference;
  }

  /** Volume-weighted average of the typical prices ((H+L+C)/3) before the closing window, or null without volume. */
  get vwapBefore(): number | null {
    return this.volume > 0 ? this.value / this.volume : null;
  }
}

/** Volume-weighted average of the bars' typical prices ((H+L+C)/3), or null without volume. */
export function sessionVwap(bars: readonly EvidenceBar[]): number | null {
  const fold = new ClosingWindowFold(0);
  for (const bar of bars) fold.add(bar);
  return fold.vwapBefore;
}

/**
 * Marking the close (MAR Annex II): the session's last close moved in its last minutes away from where the stock
 * traded all day (the VWAP before the closing window). One finding per stock and session.
 */
export function markingTheClose(session: SessionMinutes, params: MarkingTheCloseParams): Finding[] {
  const fold = new ClosingWindowFold(params.lastMinutes);
  for (const bar of session.bars) fold.add(bar);
  return markingTheCloseOf(session.symbol, session.date, fold, params);
}

/** Marking the close on a folded session (`fold.lastMinutes` must be `params.lastMinutes`). */
export function markingTheCloseOf(
  symbol: string,
  date: string,
  fold: ClosingWindowFold,
  params: MarkingTheCloseParams,
): Finding[] {
  if (fold.count < Math.max(params.minBars, params.lastMinutes + 1)) return [];
  const vwap = fold.vwapBefore;
  const last = fold.last!;
  const reference = fold.reference!;
  if (vwap === null || !(reference.closeTry > 0)) return [];
  const deviation = last.closeTry / vwap - 1;
  const lastMove = last.closeTry / reference.closeTry - 1;
  if (Math.abs(deviation) <= params.minDeviationFraction || Math.abs(lastMove) <= params.minLastMoveFraction)
    return [];
  return [
    {
      entityType: 'stock',
      entityId: symbol,
      windowKey: date,
      occurredAt: last.at,
      description: `${symbol} closed ${round(deviation * 100, 2)} % from its intraday VWAP after a ${round(lastMove * 100, 2)} % move in the last ${params.lastMinutes} minutes on ${date}`,
      evidence: {
        figures: {
          intraday_vwap_try: round(vwap),
          last_close_try: last.closeTry,
          deviation_fraction: round(deviation),
          last_minutes_move_fraction: round(lastMove),
          min_deviation_fraction: params.minDeviationFraction,
          min_last_move_fraction: params.minLastMoveFraction,
        },
        bars: [reference, ...fold.closing],
      },
    },
  ];
}
