import {
  createSimulator,
  istanbulDate,
  istanbulInstant,
  isTradingDay,
  previousTradingDay,
  roundToTick,
  type DailyBar,
  type IntradayPath,
  type Simulator,
} from '@bist/market';
import type { ComponentHealth } from '@/lib/health';
import type { FeedProvider, LiveSnapshot, MinuteBar } from './feed.ts';

/** Scale applied to a symbol's simulated prices after the last imported real bar, so the two join without a jump. */
export interface PriceAnchor {
  /** Last date with imported real data; simulated bars after it are scaled. */
  date: string;
  factor: number;
}

/** The deterministic simulator as a feed: same seed and start date → same bars, after any restart. */
export class SimulatedFeed implements FeedProvider {
  readonly name = 'simulated' as const;
  private readonly simulator: Simulator;
  private readonly paths = new Map<string, IntradayPath>();
  private pathsDate = '';

  constructor(
    seed: number,
    private readonly startDate: string,
    private readonly anchors: ReadonlyMap<string, PriceAnchor> = new Map(),
  ) {
    this.simulator = createSimulator({ seed, startDate });
  }

  historyStartDate(): string {
    return this.simulator.startDate;
  }

  async dailyBars(
    symbols: readonly string[],
    fromDate: string,
    toDate: string,
  ): Promise<Map<string, DailyBar[]>> {
    const wanted = new Set(symbols);
    const result = new Map<string, DailyBar[]>();
    if (toDate < this.simulator.startDate) return result;
    for (const day of this.simulator.dailyBars(toDate)) {
      if (day.date < fromDate) continue;
      for (const bar of day.bars) {
        if (!wanted.has(bar.symbol)) continue;
        const scaled = this.scale(bar.symbol, bar);
        const list = result.get(bar.symbol);
        if (list) list.push(scaled);
        else result.set(bar.symbol, [scaled]);
      }
    }
    return result;
  }

  async snapshots(symbols: readonly string[], instant: Date): Promise<LiveSnapshot[]> {
    const date = tradingDateOf(instant);
    if (!date) return [];
    const out: LiveSnapshot[] = [];
    for (const symbol of symbols) {
      const path = this.path(symbol, date);
      if (!path) continue;
      const s = path.snapshotAt(instant);
      const factor = this.factorFor(symbol, date);
      out.push({
        symbol,
        priceTry: applyFactor(s.priceTry, factor),
        openTry: applyFactor(s.openTry, factor),
        highTry: applyFactor(s.highTry, factor),
        lowTry: applyFactor(s.lowTry, factor),
        volumeShares: factor === 1 ? s.volumeShares : Math.round(s.volumeShares / factor),
        previousCloseTry: applyFactor(
          path.previousCloseTry,
          this.factorFor(symbol, previousTradingDay(date)),
        ),
      });
    }
    return out;
  }

  async minuteBarsUntil(
    symbols: readonly string[],
    date: string,
    until: Date,
  ): Promise<Map<string, MinuteBar[]>> {
    const result = new Map<string, MinuteBar[]>();
    for (const symbol of symbols) {
      const path = this.path(symbol, date);
      if (!path) continue;
      const factor = this.factorFor(symbol, date);
      const bars: MinuteBar[] = [];
      for (let i = 0; i + 1 < path.minutePricesTry.length; i += 1) {
        const minute = istanbulInstant(date, path.startMinute + i);
        const end = new Date(minute.getTime() + 60_000);
        if (end > until) break;
        const open = path.minutePricesTry[i]!;
        const close = path.minutePricesTry[i + 1]!;
        bars.push({
          minute,
          openTry: applyFactor(open, factor),
          highTry: applyFactor(Math.max(open, close), factor),
          lowTry: applyFactor(Math.min(open, close), factor),
          closeTry: applyFactor(close, factor),
          volumeShares: Math.max(
            0,
            path.minuteCumulativeVolumeShares[i + 1]! - path.minuteCumulativeVolumeShares[i]!,
          ),
        });
      }
      result.set(symbol, bars);
    }
    return result;
  }

  sharesOutstanding(symbol: string): number | undefined {
    return this.simulator.modelOf(symbol)?.sharesOutstanding;
  }

  health(): ComponentHealth {
    return {
      status: 'ok',
      detail: `Simulated BIST feed (seed ${String(this.simulator.seed)}, since ${this.startDate})`,
    };
  }

  private path(symbol: string, date: string): IntradayPath | undefined {
    if (this.pathsDate !== date) {
      this.paths.clear();
      this.pathsDate = date;
    }
    let path = this.paths.get(symbol);
    if (!path) {
      if (!this.simulator.modelOf(symbol) || date < this.simulator.startDate) return undefined;
      path = this.simulator.intradayPath(symbol, date);
      this.paths.set(symbol, path);
    }
    return path;
  }

  private factorFor(symbol: string, date: string): number {
    const anchor = this.anchors.get(symbol);
    return anchor && date > anchor.date ? anchor.factor : 1;
  }

  private scale(symbol: string, bar: DailyBar): DailyBar {
    const factor = this.factorFor(symbol, bar.date);
    if (factor === 1) return bar;
    return {
      date: bar.date,
      openTry: applyFactor(bar.openTry, factor),
      highTry: applyFactor(bar.highTry, factor),
      lowTry: applyFactor(bar.lowTry, factor),
      closeTry: applyFactor(bar.closeTry, factor),
      volumeShares: Math.round(bar.volumeShares / factor),
    };
  }
}

function applyFactor(priceTry: number, factor: number): number {
  return factor === 1 ? priceTry : roundToTick(priceTry * factor);
}

/** The trading date an instant belongs to, when it is a trading day. */
function tradingDateOf(instant: Date): string | undefined {
  const date = istanbulDate(instant);
  return isTradingDay(date) ? date : undefined;
}
