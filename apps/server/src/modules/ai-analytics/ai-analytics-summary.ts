import { AI_ANALYSIS_WINDOW_HOURS, type AiDashboard } from '@bist/contracts';
import { STOCKS } from '@bist/market';
import type { Clock } from '@/lib/clock';
import type { MarketData } from '@/market/market-data';
import type { PredictionsService } from '@/modules/predictions/predictions.service';
import type { AiAnalyticsRepository } from './ai-analytics.repository.ts';
import { round, universeOf } from './ai-analytics-common.ts';

export interface AiAnalyticsSummaryDeps {
  repo: Pick<AiAnalyticsRepository, 'summary'>;
  predictions: Pick<PredictionsService, 'productionBatch'>;
  market: Pick<MarketData, 'hasStock' | 'quote'>;
  clock: Clock;
}

/** The page's summary cards: totals and averages over the stored predictions, analyses and optimisations. */
export class AiAnalyticsSummary {
  constructor(private readonly d: AiAnalyticsSummaryDeps) {}

  async dashboard(): Promise<AiDashboard> {
    const now = this.d.clock.now();
    const [s, production] = await Promise.all([
      this.d.repo.summary(new Date(now.getTime() - AI_ANALYSIS_WINDOW_HOURS * 3_600_000)),
      this.d.predictions.productionBatch(1),
    ]);
    const universe = universeOf(this.d.market);
    return {
      predictions: {
        total_predictions: s.predictions,
        avg_confidence: s.avgConfidence === null ? null : round(s.avgConfidence, 4),
        production_predictions: production.predictions.length,
        production_as_of: production.asOfDate,
      },
      analysis: { total_analyses: s.analyses, recent_analyses: s.recentAnalyses },
      portfolio: {
        total_optimizations: s.optimizations,
        avg_expected_return: s.avgExpectedReturn === null ? null : round(s.avgExpectedReturn, 4),
      },
      stocks: {
        stocks_with_data: universe.filter((st) => this.d.market.quote(st.symbol)).length,
        total_stocks: STOCKS.length,
      },
    };
  }
}
