import { readFileSync } from 'node:fs';
import {
  GRAMS_PER_TROY_OUNCE,
  REFERENCE_SERIES,
  REFERENCE_SERIES_CODES,
  type ReferenceSeriesCode,
  type ReferenceSeriesStatus,
} from '@bist/contracts';
import {
  istanbulDate,
  istanbulInstant,
  addCalendarDays,
  missingMonths,
  type DailyPoint,
  type MonthlyPoint,
} from '@bist/market';
import type { Clock } from '@/lib/clock';
import type { YahooClient } from '@/market/yahoo/yahoo-client';
import type {
  ReferenceSeriesRepository,
  SeriesSource,
  StoredSeriesValue,
} from './reference-series.repository.ts';
import { parseSeriesCsv, type SeriesCsvRow } from './series-csv.ts';

/** The shipped TÜFE history (TÜİK, 2003=100; its source in the file's header and the README). */
const SHIPPED_CPI = new URL('./data/tufe-2003-100.csv', import.meta.url);

/** The provider's symbols of the daily series it carries (Yahoo): gram gold is derived from GC=F and USD/TRY. */
export const PROVIDER_SYMBOLS = { USDTRY: 'USDTRY=X', EURTRY: 'EURTRY=X', GOLD_USD_OUNCE: 'GC=F' } as const;

/** How far back a first fill from the provider reaches (the 5Y change of the stock pages). */
const PROVIDER_HISTORY_YEARS = 6;

/** How long the series read for returns are kept before the tables are read again (another process's import). */
const CACHE_MS = 60_000;

export interface SeriesWritten {
  code: ReferenceSeriesCode;
  values: number;
  lastDate: string | null;
}

/** The series a return comparison reads, with where the CPI came from. */
export interface ComparisonSeries {
  cpi: MonthlyPoint[];
  cpiSource: string | null;
  usdTry: DailyPoint[];
  usdSource: string | null;
  eurTry: DailyPoint[];
  goldTryGram: DailyPoint[];
  depositRate: DailyPoint[];
  depositSource: string | null;
}

/**
 * The reference series (decision 0063): stored with their source, publication date and last value; filled from the
 * provider's FX and gold charts, from a CSV (`import-series`) and, on a fresh install, from the shipped TÜFE history.
 * A missing month is reported (`missing_months`), never filled in.
 */
export class ReferenceSeriesService {
  private cached: { at: number; series: Promise<ComparisonSeries> } | null = null;
  /** Writes made through this process (each moves `version`). */
  private writes = 0;

  constructor(
    private readonly repo: ReferenceSeriesRepository,
    private readonly clock: Clock,
  ) {}

  /** Stores parsed CSV rows, one upsert per series; the series' source becomes `source`. */
  async importRows(rows: readonly SeriesCsvRow[], source: SeriesSource): Promise<SeriesWritten[]> {
    const written: SeriesWritten[] = [];
    for (const code of REFERENCE_SERIES_CODES) {
      const mine = rows.filter((r) => r.code === code);
      if (mine.length === 0) continue;
      const published = mine.reduce<string | null>(
        (latest, r) => (r.publishedAt && (!latest || r.publishedAt > latest) ? r.publishedAt : latest),
        null,
      );
      await this.repo.upsert(
        code,
        source,
        mine.map((r) => ({ date: r.date, value: r.value })),
        published,
      );
      written.push({
        code,
        values: mine.length,
        lastDate:
          mine
            .map((r) => r.date)
            .sort()
            .at(-1) ?? null,
      });
    }
    this.cached = null;
    this.writes += 1;
    return written;
  }

  /** Loads the shipped TÜFE history when the database holds no TÜFE yet (a fresh install); returns the months loaded. */
  async ensureShippedHistory(): Promise<number> {
    if ((await this.repo.count('TUFE')) > 0) return 0;
    const parsed = parseSeriesCsv(readFileSync(SHIPPED_CPI, 'utf8'));
    if (parsed.problems.length > 0)
      throw new Error(`the shipped TÜFE history is broken: line ${parsed.problems[0]!.line}`);
    await this.importRows(parsed.rows, 'shipped');
    return parsed.rows.length;
  }

  /**
   * Fetches USD/TRY, EUR/TRY and gold (GC=F, USD per troy ounce) daily closes from the provider for
   * [fromDate, toDate] and stores them with gram gold in TRY = GC=F × USD/TRY ÷ 31.1034768 on each day both have.
   */
  async fillFromProvider(client: YahooClient, fromDate: string, toDate: string): Promise<SeriesWritten[]> {
    const period1 = istanbulInstant(fromDate, 0);
    const period2 = istanbulInstant(addCalendarDays(toDate, 1), 0);
    const closes = async (symbol: string): Promise<StoredSeriesValue[]> => {
      const chart = await client.dailyChart(symbol, period1, period2);
      const byDate = new Map<string, number>();
      for (const row of chart.rows) {
        if (row.close === null || !(row.close > 0)) continue;
        byDate.set(istanbulDate(row.date), row.close);
      }
      return [...byDate].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, value]) => ({ date, value }));
    };
    const usd = await closes(PROVIDER_SYMBOLS.USDTRY);
    const eur = await closes(PROVIDER_SYMBOLS.EURTRY);
    const goldUsd = await closes(PROVIDER_SYMBOLS.GOLD_USD_OUNCE);
    const usdByDate = new Map(usd.map((p) => [p.date, p.value]));
    const gold = goldUsd.flatMap((p) => {
      const fx = usdByDate.get(p.date);
      return fx === undefined ? [] : [{ date: p.date, value: (p.value * fx) / GRAMS_PER_TROY_OUNCE }];
    });
    const written: SeriesWritten[] = [];
    for (const [code, values] of [
      ['USDTRY', usd],
      ['EURTRY', eur],
      ['GOLD_TRY_GRAM', gold],
    ] as const) {
      if (values.length === 0) continue;
      await this.repo.upsert(code, 'yahoo', values, null);
      written.push({ code, values: values.length, lastDate: values.at(-1)!.date });
    }
    this.cached = null;
    this.writes += 1;
    return written;
  }

  /**
   * Brings the provider's series up to date: from a week before the latest stored USD/TRY day (five years back on
   * a first fill) to today.
   */
  async refreshFromProvider(client: YahooClient): Promise<SeriesWritten[]> {
    const today = istanbulDate(this.clock.now());
    const usd = await this.repo.values('USDTRY');
    const last = usd.at(-1)?.date;
    const from = last
      ? addCalendarDays(last, -7)
      : addCalendarDays(today, -Math.ceil(PROVIDER_HISTORY_YEARS * 365.25));
    return this.fillFromProvider(client, from, today);
  }

  /** Moves with this process's writes and at least every minute (another process's import shows within it). */
  version(): string {
    return `${this.writes}.${Math.floor(this.clock.now().getTime() / CACHE_MS)}`;
  }

  /** The series a return comparison needs, read at most once a minute. */
  comparisonSeries(): Promise<ComparisonSeries> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.series;
    const series = this.readComparisonSeries();
    this.cached = { at: now, series };
    series.catch(() => {
      this.cached = null;
    });
    return series;
  }

  private async readComparisonSeries(): Promise<ComparisonSeries> {
    const metas = new Map((await this.repo.metas()).map((m) => [m.code, m]));
    const daily = async (code: ReferenceSeriesCode) =>
      (await this.repo.values(code)).map((v) => ({ date: v.date, value: v.value }));
    return {
      cpi: (await this.repo.values('TUFE')).map((v) => ({ month: v.date.slice(0, 7), value: v.value })),
      cpiSource: metas.get('TUFE')?.source ?? null,
      usdTry: await daily('USDTRY'),
      usdSource: metas.get('USDTRY')?.source ?? null,
      eurTry: await daily('EURTRY'),
      goldTryGram: await daily('GOLD_TRY_GRAM'),
      depositRate: await daily('DEPOSIT_RATE'),
      depositSource: metas.get('DEPOSIT_RATE')?.source ?? null,
    };
  }

  /** Each series' source, publication date, last value and freshness (staff). */
  async status(): Promise<ReferenceSeriesStatus[]> {
    const today = istanbulDate(this.clock.now());
    const metas = new Map((await this.repo.metas()).map((m) => [m.code, m]));
    const out: ReferenceSeriesStatus[] = [];
    for (const code of REFERENCE_SERIES_CODES) {
      const info = REFERENCE_SERIES[code];
      const meta = metas.get(code);
      const monthly = info.frequency === 'monthly';
      let missing: string[] = [];
      if (monthly && meta && meta.values > 0)
        missing = missingMonths(
          (await this.repo.values(code)).map((v) => ({ month: v.date.slice(0, 7), value: v.value })),
        );
      // A month's figure describes the whole month: its age runs from the month's end.
      const periodEnd =
        meta?.lastDate && monthly ? addCalendarDays(addMonth(meta.lastDate), -1) : (meta?.lastDate ?? null);
      const ageDays = periodEnd === null ? null : Math.max(0, daysBetween(periodEnd, today));
      out.push({
        code,
        frequency: info.frequency,
        unit: info.unit,
        source: meta?.source ?? null,
        published_at: meta?.publishedAt ?? null,
        last_date: meta?.lastDate ? (monthly ? meta.lastDate.slice(0, 7) : meta.lastDate) : null,
        last_value: meta?.lastValue ?? null,
        values: meta?.values ?? 0,
        missing_months: missing,
        freshness: ageDays === null ? 'empty' : ageDays > info.expectedDelayDays ? 'stale' : 'fresh',
        age_days: ageDays,
      });
    }
    return out;
  }
}

function addMonth(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
