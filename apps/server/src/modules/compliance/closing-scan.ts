// Marking the close over the latest session's minute bars, kept folded per stock between runs (decision 0068): the
// minute-bar runs read only the minutes stored since the previous run, the other runs the whole session.
import type { MarketRepository } from '@/market/market.repository';
import type { EvidenceBar, Finding } from './rules/finding.ts';
import {
  ClosingWindowFold,
  markingTheCloseOf,
  type MarkingTheCloseParams,
} from './rules/marking-the-close.ts';

/** What the scan reads of the stored minute bars (the market engine's repository implements it). */
export type ClosingScanReads = Pick<MarketRepository, 'newestMinute' | 'minuteBarsFrom'>;

/** The latest session: the minute bars of the 12 hours before the newest stored minute. */
const SESSION_WINDOW_MS = 12 * 3_600_000;
/** Istanbul is UTC+3 all year. */
const ISTANBUL_OFFSET_MS = 3 * 3_600_000;
/** Continuous trading ends at 18:00 Istanbul; a session whose last minute bar is from 17:55 on reached its close. */
const SESSION_CLOSE_MINUTE = 17 * 60 + 55;

/** Whether a minute bar is from the session's closing minutes (17:55 Istanbul or later). */
function reachedClose(minuteMs: number): boolean {
  const local = new Date(minuteMs + ISTANBUL_OFFSET_MS);
  return local.getUTCHours() * 60 + local.getUTCMinutes() >= SESSION_CLOSE_MINUTE;
}

interface SymbolSession {
  fold: ClosingWindowFold;
  lastMs: number;
}

interface Folded {
  lastMinutes: number;
  /** The newest minute folded (every later read starts there). */
  seenMs: number;
  /** The oldest minute folded: once it leaves the session window, the window is read again. */
  earliestMs: number;
  symbols: Map<string, SymbolSession>;
}

/**
 * Marking the close on the latest session, folded a minute at a time. A full scan folds the whole session; an
 * incremental one adds the minutes stored since the newest one it folded (that minute included, for the stocks whose
 * bar of it came later) and falls back to the full scan when what it holds no longer matches the store: another
 * closing window, a session window that moved past its oldest minute (a new session), a newest minute older than
 * the one folded (bars deleted) or a folded minute stored again with other figures. Both give the same findings.
 */
export class ClosingScan {
  private folded: Folded | null = null;

  constructor(
    private readonly reads: ClosingScanReads,
    private readonly isStock: (symbol: string) => boolean,
  ) {}

  /**
   * The findings over the stocks whose session reached its close. A full scan mid-session (no stock reached the
   * close) reads nothing; an incremental one folds the new minutes anyway, so the close finds them folded.
   */
  async findings(params: MarkingTheCloseParams, incremental: boolean): Promise<Finding[]> {
    const latest = await this.reads.newestMinute();
    if (!latest) {
      this.folded = null;
      return [];
    }
    const latestMs = latest.getTime();
    if (!incremental && !reachedClose(latestMs)) return [];
    const fromMs = latestMs - SESSION_WINDOW_MS;
    const kept = this.folded;
    let folded =
      incremental &&
      kept &&
      kept.lastMinutes === params.lastMinutes &&
      kept.earliestMs >= fromMs &&
      kept.seenMs <= latestMs
        ? kept
        : null;
    if (!folded || !(await this.foldFrom(folded, fromMs))) {
      folded = {
        lastMinutes: params.lastMinutes,
        seenMs: -Infinity,
        earliestMs: Infinity,
        symbols: new Map(),
      };
      await this.foldFrom(folded, fromMs);
    }
    this.folded = folded;
    const findings: Finding[] = [];
    for (const symbol of [...folded.symbols.keys()].sort()) {
      const session = folded.symbols.get(symbol)!;
      // Only a session that reached its close: mid-session, the last minutes are not the close.
      if (!this.isStock(symbol) || !reachedClose(session.lastMs)) continue;
      const date = new Date(session.lastMs + ISTANBUL_OFFSET_MS).toISOString().slice(0, 10);
      findings.push(...markingTheCloseOf(symbol, date, session.fold, params));
    }
    return findings;
  }

  /** Folds the stored minutes from the newest folded one (or `fromMs`) on; false when a folded minute changed. */
  private async foldFrom(folded: Folded, fromMs: number): Promise<boolean> {
    const rows = await this.reads.minuteBarsFrom(new Date(Math.max(fromMs, folded.seenMs)));
    for (const row of rows) {
      const ms = row.minute.getTime();
      const bar: EvidenceBar = {
        at: row.minute.toISOString(),
        openTry: row.openTry,
        highTry: row.highTry,
        lowTry: row.lowTry,
        closeTry: row.closeTry,
        volumeShares: row.volumeShares,
      };
      let session = folded.symbols.get(row.symbol);
      if (session && ms <= session.lastMs) {
        if (!sameBar(session.fold.last!, bar)) return false;
        continue;
      }
      if (!session) {
        session = { fold: new ClosingWindowFold(folded.lastMinutes), lastMs: ms };
        folded.symbols.set(row.symbol, session);
        folded.earliestMs = Math.min(folded.earliestMs, ms);
      }
      session.fold.add(bar);
      session.lastMs = ms;
      folded.seenMs = Math.max(folded.seenMs, ms);
    }
    return true;
  }
}

function sameBar(a: EvidenceBar, b: EvidenceBar): boolean {
  return (
    a.at === b.at &&
    a.openTry === b.openTry &&
    a.highTry === b.highTry &&
    a.lowTry === b.lowTry &&
    a.closeTry === b.closeTry &&
    a.volumeShares === b.volumeShares
  );
}
