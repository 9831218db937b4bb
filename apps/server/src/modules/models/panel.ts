/**
 * The panel a run computes on: every listed stock's stored daily bars and the XU100 as the market, aligned and
 * checked by @bist/ml, with the SHA-256 of every bar the model registry records with a trained version.
 */
import { createHash } from 'node:crypto';
import type { HistorySource } from '@bist/contracts';
import { panelFromBars, type SeriesBars } from '@bist/ml';
import { STOCKS } from '@bist/market';
import { AppError } from '@/lib/errors';
import { payloadOfPanel, type PanelPayload } from '@/jobs/ml-protocol';
import type { MarketRepository, SymbolBarArrays } from '@/market/market.repository';

/** Calendar days of bars loaded for a panel (≈ 4 years: a 3-year history and the 252-day momentum look-back). */
const PANEL_CALENDAR_DAYS = 1_500;

/** What the runs read of the market's stored daily bars (the market engine's repository implements it). */
export type PredictionBarReads = Pick<
  MarketRepository,
  'latestDailyDate' | 'hasRealDailyBars' | 'barArraysFrom' | 'firstClosesOnOrAfter'
>;

/** A panel with what the registry records about it: the bars' SHA-256 and its first and last date. */
export interface LoadedPanel {
  panel: PanelPayload;
  fingerprint: string;
  from: string | null;
  to: string | null;
  /** 'real' when real history is stored (simulated bars are then left out: never a mix), else 'simulated'. */
  dataSource: HistorySource;
}

export class NoMarketHistoryError extends AppError {
  constructor() {
    super(409, 'No daily bars stored yet: the market history must be written first');
  }
}

function barsOf(row: SymbolBarArrays): SeriesBars {
  return {
    dates: row.dates,
    open: Float64Array.from(row.open),
    high: Float64Array.from(row.high),
    low: Float64Array.from(row.low),
    close: Float64Array.from(row.close),
    volume: Float64Array.from(row.volume),
  };
}

const NO_MARKET: SymbolBarArrays = {
  symbol: 'XU100',
  dates: [],
  open: [],
  high: [],
  low: [],
  close: [],
  volume: [],
};

export class PanelLoader {
  constructor(private readonly bars: PredictionBarReads) {}

  /** Stored bars as a panel (every listed stock, the XU100 as the market), aligned and checked by @bist/ml. */
  async loadPanel(): Promise<PanelPayload> {
    return (await this.loadFingerprintedPanel()).panel;
  }

  /**
   * The models learn from real history whenever any is stored, and then from it alone (decision 0044): simulated
   * bars are left out so that no model ever learns from a mix of real and simulated prices.
   */
  private async panelSource(): Promise<HistorySource> {
    return (await this.bars.hasRealDailyBars()) ? 'real' : 'simulated';
  }

  /** The panel and the SHA-256 of every bar in it (symbols, dates and OHLCV of stocks and market). */
  async loadFingerprintedPanel(): Promise<LoadedPanel> {
    const latest = await this.bars.latestDailyDate();
    if (!latest) throw new NoMarketHistoryError();
    const from = new Date(Date.parse(`${latest}T00:00:00Z`) - PANEL_CALENDAR_DAYS * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const dataSource = await this.panelSource();
    const rows = await this.bars.barArraysFrom(from, dataSource === 'real');
    const sectorOf = new Map(STOCKS.map((s) => [s.symbol, s.sector]));
    const market = rows.find((r) => r.symbol === 'XU100');
    const stocks = rows
      .filter((r) => sectorOf.has(r.symbol))
      .map((r) => ({ symbol: r.symbol, sector: sectorOf.get(r.symbol)!, ...barsOf(r) }));
    if (stocks.length === 0) throw new NoMarketHistoryError();
    const panel = payloadOfPanel(panelFromBars(stocks, barsOf(market ?? NO_MARKET)));
    const hash = createHash('sha256');
    hash.update(panel.symbols.join(','));
    hash.update(panel.dates.join(','));
    for (const a of [
      panel.open,
      panel.high,
      panel.low,
      panel.close,
      panel.volume,
      panel.marketOpen,
      panel.marketHigh,
      panel.marketLow,
      panel.marketClose,
      panel.marketVolume,
    ]) {
      hash.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    }
    return {
      panel,
      fingerprint: hash.digest('hex'),
      from: panel.dates[0] ?? null,
      to: panel.dates.at(-1) ?? null,
      dataSource,
    };
  }
}
