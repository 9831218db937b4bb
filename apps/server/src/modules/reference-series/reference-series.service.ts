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
import { EvdsError, type EvdsClient, type EvdsFailure } from './evds-client.ts';
import { EVDS_GROUPS, linkCpi, valuesOf, EVDS_CODES, type EvdsGroup } from './evds-series.ts';
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

/** A source's last failed fetch of a series, shown to staff until a fetch of it succeeds. */
export interface FetchProblem {
  source: SeriesSource;
  at: string;
  message: string;
}

/** What a fill from TCMB EVDS wrote, what failed (per request), and TÜFE's missing months after it. */
export interface EvdsFill {
  written: SeriesWritten[];
  problems: { series: ReferenceSeriesCode[]; failure: EvdsFailure | 'unlinked'; message: string }[];
  missingMonths: string[];
}

/** The first CPI month asked of EVDS at least: TP.FG.J0 (2003=100) and the 2025=100 series both carry 2025. */
const EVDS_CPI_LINK_FROM = '2025-01-01';

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
  /** Each series' last failed fetch from a source (this process's refresh), until one succeeds. */
  private readonly problems = new Map<ReferenceSeriesCode, FetchProblem>();

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
  async fillFromProvider(
    client: YahooClient,
    fromDate: string,
    toDate: string,
    options: { fx?: boolean } = {},
  ): Promise<SeriesWritten[]> {
    const storeFx = options.fx ?? true;
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
    const eur = storeFx ? await closes(PROVIDER_SYMBOLS.EURTRY) : [];
    const goldUsd = await closes(PROVIDER_SYMBOLS.GOLD_USD_OUNCE);
    const usdByDate = new Map(usd.map((p) => [p.date, p.value]));
    const gold = goldUsd.flatMap((p) => {
      const fx = usdByDate.get(p.date);
      return fx === undefined ? [] : [{ date: p.date, value: (p.value * fx) / GRAMS_PER_TROY_OUNCE }];
    });
    const written: SeriesWritten[] = [];
    for (const [code, values] of [
      ['USDTRY', storeFx ? usd : []],
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
   * Brings the provider's series up to date: from a week before the latest stored day (six years back on a first
   * fill) to today. `fx: false` (TCMB EVDS fills USD/TRY and EUR/TRY) stores gold only, still converted at the
   * provider's own USD/TRY of each day.
   */
  async refreshFromProvider(client: YahooClient, options: { fx?: boolean } = {}): Promise<SeriesWritten[]> {
    const today = istanbulDate(this.clock.now());
    const last = await this.lastDate(options.fx === false ? 'GOLD_TRY_GRAM' : 'USDTRY');
    const from = last ? addCalendarDays(last, -7) : this.yearsBack(today);
    return this.fillFromProvider(client, from, today, options);
  }

  /**
   * Fills TÜFE, USD/TRY, EUR/TRY and the deposit rate from TCMB EVDS (decision 0067), one request per frequency.
   * A request that fails (key refused, EVDS unavailable, a bad answer) is reported in its series' status and the
   * others go on; a month EVDS leaves empty between published ones is not stored, so it is reported as missing.
   * A series' publication date becomes today when its latest period moved (EVDS's answer carries no release date:
   * the value was published by the day it was read).
   */
  async fillFromEvds(client: EvdsClient): Promise<EvdsFill> {
    const now = this.clock.now();
    const today = istanbulDate(now);
    const metas = new Map((await this.repo.metas()).map((m) => [m.code, m]));
    const fill: EvdsFill = { written: [], problems: [], missingMonths: [] };
    for (const group of EVDS_GROUPS) {
      try {
        const observations = await client.series(group.codes, this.evdsFrom(group, metas, today), today);
        const series = await this.evdsValues(group, observations);
        for (const [code, values] of series.values) {
          if (values.length === 0) continue;
          const lastDate = values.at(-1)!.date;
          const previous = metas.get(code)?.lastDate ?? null;
          await this.repo.upsert(
            code,
            'evds',
            values,
            previous === null || lastDate > previous ? today : null,
          );
          fill.written.push({ code, values: values.length, lastDate });
        }
        for (const code of group.fills) this.problems.delete(code);
        if (series.problem) this.noteProblem(fill, group.fills, 'unlinked', series.problem, now);
      } catch (error) {
        if (!(error instanceof EvdsError)) throw error;
        this.noteProblem(fill, group.fills, error.failure, error.message, now);
      }
    }
    fill.missingMonths = missingMonths(
      (await this.repo.values('TUFE')).map((v) => ({ month: v.date.slice(0, 7), value: v.value })),
    );
    this.cached = null;
    this.writes += 1;
    return fill;
  }

  private noteProblem(
    fill: EvdsFill,
    codes: readonly ReferenceSeriesCode[],
    failure: EvdsFill['problems'][number]['failure'],
    message: string,
    at: Date,
  ): void {
    for (const code of codes) this.problems.set(code, { source: 'evds', at: at.toISOString(), message });
    fill.problems.push({ series: [...codes], failure, message });
  }

  /** The first day asked of EVDS for a group: a little before the latest stored period, or years back. */
  private evdsFrom(
    group: EvdsGroup,
    metas: ReadonlyMap<string, { lastDate: string | null }>,
    today: string,
  ): string {
    const last = metas.get(group.fills[0]!)?.lastDate ?? null;
    if (group.name === 'cpi') {
      // Three months back (a revised month comes in again), and never after the months both CPI bases carry.
      const from = last ? addCalendarDays(last, -92).slice(0, 8) + '01' : '2005-01-01';
      return from < EVDS_CPI_LINK_FROM ? from : EVDS_CPI_LINK_FROM;
    }
    // Weekly deposit rates: five weeks back; daily FX: two weeks back.
    return last ? addCalendarDays(last, group.name === 'deposit' ? -35 : -14) : this.yearsBack(today);
  }

  private async evdsValues(
    group: EvdsGroup,
    observations: Awaited<ReturnType<EvdsClient['series']>>,
  ): Promise<{ values: [ReferenceSeriesCode, StoredSeriesValue[]][]; problem: string | null }> {
    if (group.name === 'fx')
      return {
        values: [
          ['USDTRY', valuesOf(observations, EVDS_CODES.USD_TRY)],
          ['EURTRY', valuesOf(observations, EVDS_CODES.EUR_TRY)],
        ],
        problem: null,
      };
    if (group.name === 'deposit')
      return {
        values: [['DEPOSIT_RATE', valuesOf(observations, EVDS_CODES.DEPOSIT_TRY_TOTAL)]],
        problem: null,
      };
    const linked = linkCpi(observations, await this.repo.values('TUFE'));
    return {
      values: [['TUFE', linked.values]],
      problem:
        linked.unlinked.length > 0
          ? `TCMB EVDS: the 2025=100 CPI for ${linked.unlinked.join(', ')} could not be linked to 2003=100 (no month both carry); not stored`
          : null,
    };
  }

  private async lastDate(code: ReferenceSeriesCode): Promise<string | null> {
    return (await this.repo.metas()).find((m) => m.code === code)?.lastDate ?? null;
  }

  private yearsBack(today: string): string {
    return addCalendarDays(today, -Math.ceil(PROVIDER_HISTORY_YEARS * 365.25));
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
        fetch_problem: this.problems.get(code) ?? null,
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
