import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_REFRESH_MS } from '@bist/contracts';
import { apiRequest, type ResponseParser } from '@/lib/api-client';

/** What the dashboard needs of GET /api/predictions/daily-summary (another team's endpoint). */
export interface DashboardPredictions {
  predictionsGenerated: number | null;
  averageAccuracy: number | null;
  top: {
    stockCode: string;
    direction: 'UP' | 'DOWN' | 'OTHER';
    confidence: number | null;
    algorithm: string;
  }[];
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function directionOf(value: unknown): 'UP' | 'DOWN' | 'OTHER' {
  const text = typeof value === 'string' ? value.toLocaleLowerCase('tr-TR') : '';
  if (text === 'up' || text === 'yükseliş') return 'UP';
  if (text === 'down' || text === 'düşüş') return 'DOWN';
  return 'OTHER';
}

/** A lenient reader: the endpoint is still being built, so anything missing becomes null instead of an error. */
const parser: ResponseParser<DashboardPredictions> = {
  safeParse(payload) {
    const data = (payload as { data?: unknown }).data;
    if (typeof data !== 'object' || data === null) return { success: false, error: new Error('no data') };
    const { summary, top_predictions: top } = data as {
      summary?: Record<string, unknown>;
      top_predictions?: unknown;
    };
    const rows = Array.isArray(top) ? (top as Record<string, unknown>[]) : [];
    return {
      success: true,
      data: {
        predictionsGenerated: num(summary?.predictions_generated),
        averageAccuracy: num(summary?.average_accuracy),
        top: rows
          .filter((row) => typeof row.stock_code === 'string')
          .map((row) => ({
            stockCode: String(row.stock_code),
            direction: directionOf(row.prediction),
            confidence: num(row.confidence),
            algorithm: typeof row.algorithm === 'string' ? row.algorithm : '',
          })),
      },
    };
  },
};

export async function getDailyPredictions(signal?: AbortSignal) {
  return apiRequest('/api/predictions/daily-summary', { schema: parser, signal });
}

export function getDailyPredictionsQueryOptions() {
  return queryOptions({
    queryKey: ['predictions', 'daily-summary', 'dashboard'],
    queryFn: ({ signal }) => getDailyPredictions(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    retry: false,
  });
}

export function useDailyPredictions() {
  return useQuery(getDailyPredictionsQueryOptions());
}
