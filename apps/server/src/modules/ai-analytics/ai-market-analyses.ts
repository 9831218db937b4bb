import { analysisFiguresSchema, type AiAnalysisType, type AiMarketAnalysis } from '@bist/contracts';
import { addCalendarDays } from '@bist/market';
import type { Clock } from '@/lib/clock';
import { ConflictError } from '@/lib/errors';
import type { MarketEngine } from '@/market/engine';
import type { MarketData } from '@/market/market-data';
import type { MarketRepository, StoredDailyBar } from '@/market/market.repository';
import type { AuditService } from '@/modules/audit/audit.service';
import type { ModelRegistryService } from '@/modules/models/registry.service';
import type { StaffAction } from '@/modules/models/runs.service';
import type { PredictionsService } from '@/modules/predictions/predictions.service';
import type { AiAnalysisRow, AiAnalyticsRepository } from './ai-analytics.repository.ts';
import { BENCHMARK_CODE, auditAction, championVersion, universeOf } from './ai-analytics-common.ts';
import { probabilityUpOf } from './ai-predictions.ts';
import {
  momentumAnalysis,
  momentumSentences,
  sectorAnalysis,
  sectorSentences,
  type AnalysisBar,
  type AnalysisStock,
} from './market-analysis.ts';

export interface AiMarketAnalysesDeps {
  repo: Pick<AiAnalyticsRepository, 'insertAnalysis' | 'analysesSince'>;
  predictions: Pick<PredictionsService, 'productionBatch'>;
  runs: Pick<ModelRegistryService, 'versions'>;
  market: Pick<MarketData, 'hasStock' | 'quote'>;
  /** The running market engine (share counts); null in processes without one. */
  engine: Pick<MarketEngine, 'sharesOutstanding'> | null;
  bars: Pick<MarketRepository, 'latestDailyDate' | 'dailyBarsBetween'>;
  audit: Pick<AuditService, 'record'>;
  clock: Clock;
}

/** Calendar days of bars a sector analysis loads (50 sessions for the SMA50 and 20-day returns, with holidays). */
const SECTOR_LOOKBACK_CALENDAR_DAYS = 100;
/** Calendar days a momentum analysis loads (252 sessions for 12-1 momentum and 52-week highs, with holidays). */
const MOMENTUM_LOOKBACK_CALENDAR_DAYS = 380;

export function analysisOf(row: AiAnalysisRow): AiMarketAnalysis {
  return {
    analysis_id: row.id,
    analysis_type: row.analysisType as AiAnalysisType,
    insights: row.insights,
    recommendations: row.recommendations,
    inputs_date: row.inputsDate,
    figures: analysisFiguresSchema.parse(row.figures),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Market analyses: a sector or momentum reading of the universe from stored daily bars and the day's quotes (the
 * momentum one with the production model's calls alongside), stored and audited.
 */
export class AiMarketAnalyses {
  constructor(private readonly d: AiMarketAnalysesDeps) {}

  /**
   * Stored daily bars of the universe's stocks and XU100 from `calendarDays` before the newest stored date, with the
   * day's quotes appended as a provisional bar when the session is newer than the stored bars.
   */
  private async analysisInputs(calendarDays: number): Promise<{
    asOfDate: string;
    stocks: AnalysisStock[];
    benchmark: AnalysisBar[];
  }> {
    const universe = universeOf(this.d.market);
    const latest = await this.d.bars.latestDailyDate();
    if (!latest) throw new ConflictError('No stored daily bars yet: the market history has not been written');
    const symbols = [...universe.map((s) => s.symbol), BENCHMARK_CODE];
    const stored = await this.d.bars.dailyBarsBetween(
      symbols,
      addCalendarDays(latest, -calendarDays),
      latest,
    );
    const bySymbol = new Map<string, AnalysisBar[]>();
    const push = (symbol: string, bar: AnalysisBar) => {
      const list = bySymbol.get(symbol);
      if (list) list.push(bar);
      else bySymbol.set(symbol, [bar]);
    };
    stored.forEach((b: StoredDailyBar) =>
      push(b.symbol, { date: b.date, closeTry: b.closeTry, volumeShares: b.volumeShares }),
    );
    let asOfDate = latest;
    for (const symbol of symbols) {
      const q = this.d.market.quote(symbol);
      const list = bySymbol.get(symbol);
      if (!q || q.priceTry <= 0 || (list && list[list.length - 1]!.date >= q.date)) continue;
      push(symbol, { date: q.date, closeTry: q.priceTry, volumeShares: q.volume });
      if (q.date > asOfDate) asOfDate = q.date;
    }
    return {
      asOfDate,
      benchmark: bySymbol.get(BENCHMARK_CODE) ?? [],
      stocks: universe.map((s) => ({
        symbol: s.symbol,
        sector: s.sector,
        sharesOutstanding: this.d.engine?.sharesOutstanding(s.symbol) ?? null,
        bars: bySymbol.get(s.symbol) ?? [],
      })),
    };
  }

  async runAnalysis(type: AiAnalysisType, staff: StaffAction): Promise<AiMarketAnalysis> {
    const now = this.d.clock.now();
    let stored: AiAnalysisRow;
    if (type === 'sector') {
      const input = await this.analysisInputs(SECTOR_LOOKBACK_CALENDAR_DAYS);
      const figures = sectorAnalysis(input.stocks, input.benchmark, input.asOfDate, BENCHMARK_CODE);
      stored = await this.d.repo.insertAnalysis(
        {
          analysisType: type,
          ...sectorSentences(figures),
          figures,
          inputsDate: input.asOfDate,
          modelVersion: null,
          requestedBy: staff.actor.id ?? staff.actor.email,
        },
        now,
      );
    } else {
      const input = await this.analysisInputs(MOMENTUM_LOOKBACK_CALENDAR_DAYS);
      const batch = await this.d.predictions.productionBatch(1);
      const version = batch.model ? await championVersion(this.d.runs, batch.model.algorithm_id, 1) : null;
      const figures = momentumAnalysis(input.stocks, input.asOfDate, {
        modelName: batch.model?.algorithm_name_en ?? null,
        asOfDate: batch.asOfDate,
        callMode: batch.model?.call_mode ?? null,
        // A call without a calibrated probability (no calibration, a factor's ranking) is not ranked by one.
        calls: batch.predictions.flatMap((p) => {
          const probabilityUp = probabilityUpOf(p.served);
          return probabilityUp === null ? [] : [{ symbol: p.row.symbol, probabilityUp }];
        }),
      });
      stored = await this.d.repo.insertAnalysis(
        {
          analysisType: type,
          ...momentumSentences(figures),
          figures,
          inputsDate: input.asOfDate,
          modelVersion: batch.model ? `${batch.model.algorithm_id}@${version ?? '?'}` : null,
          requestedBy: staff.actor.id ?? staff.actor.email,
        },
        now,
      );
    }
    await auditAction(this.d.audit, 'ai_market_analysis_generated', staff, stored.id, {
      type,
      inputs_date: stored.inputsDate,
    });
    return analysisOf(stored);
  }

  async listAnalyses(hours: number): Promise<AiMarketAnalysis[]> {
    const since = new Date(this.d.clock.now().getTime() - hours * 3_600_000);
    return (await this.d.repo.analysesSince(since)).map(analysisOf);
  }
}
