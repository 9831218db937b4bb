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

/** Volume-weighted average of the bars' typical prices ((H+L+C)/3), or null without volume. */
export function sessionVwap(bars: readonly EvidenceBar[]): number | null {
  let value = 0;
  let volume = 0;
  for (const bar of bars) {
    value += ((bar.highTry + bar.lowTry + bar.closeTry) / 3) * bar.volumeShares;
    volume += bar.volumeShares;
  }
  return volume > 0 ? value / volume : null;
}

/**
 * Marking the close (MAR Annex II): the session's last close moved in its last minutes away from where the stock
 * traded all day (the VWAP before the closing window). One finding per stock and session.
 */
export function markingTheClose(session: SessionMinutes, params: MarkingTheCloseParams): Finding[] {
  const { bars } = session;
  if (bars.length < Math.max(params.minBars, params.lastMinutes + 1)) return [];
  const before = bars.slice(0, bars.length - params.lastMinutes);
  const closing = bars.slice(bars.length - params.lastMinutes);
  const vwap = sessionVwap(before);
  const last = bars[bars.length - 1]!;
  const reference = before[before.length - 1]!;
  if (vwap === null || !(reference.closeTry > 0)) return [];
  const deviation = last.closeTry / vwap - 1;
  const lastMove = last.closeTry / reference.closeTry - 1;
  if (Math.abs(deviation) <= params.minDeviationFraction || Math.abs(lastMove) <= params.minLastMoveFraction)
    return [];
  return [
    {
      entityType: 'stock',
      entityId: session.symbol,
      windowKey: session.date,
      occurredAt: last.at,
      description: `${session.symbol} closed ${round(deviation * 100, 2)} % from its intraday VWAP after a ${round(lastMove * 100, 2)} % move in the last ${params.lastMinutes} minutes on ${session.date}`,
      evidence: {
        figures: {
          intraday_vwap_try: round(vwap),
          last_close_try: last.closeTry,
          deviation_fraction: round(deviation),
          last_minutes_move_fraction: round(lastMove),
          min_deviation_fraction: params.minDeviationFraction,
          min_last_move_fraction: params.minLastMoveFraction,
        },
        bars: [reference, ...closing],
      },
    },
  ];
}
