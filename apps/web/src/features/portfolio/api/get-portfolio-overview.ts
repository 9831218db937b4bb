import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, PerformanceRange, portfolioOverviewResponseSchema } from '@bist/contracts';
import { PORTFOLIO_REFRESH_MS } from '@bist/contracts/values';
import { useLiveRefreshMs } from '@/lib/use-market-source';
import { apiRequest } from '@/lib/api-client';

/** GET /api/portfolio/overview?range=: cards, holdings, performance with the XU100 benchmark. */
export async function getPortfolioOverview(range: PerformanceRange, signal?: AbortSignal) {
  const response = await apiRequest<Infer<typeof portfolioOverviewResponseSchema>>(
    `/api/portfolio/overview?range=${encodeURIComponent(range)}`,
    {
      signal,
    },
  );
  return response.data;
}

export function getPortfolioOverviewQueryOptions(range: PerformanceRange) {
  return queryOptions({
    queryKey: ['portfolio', 'overview', range],
    queryFn: ({ signal }) => getPortfolioOverview(range, signal),
    refetchInterval: PORTFOLIO_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function usePortfolioOverview(range: PerformanceRange) {
  const refetchInterval = useLiveRefreshMs(PORTFOLIO_REFRESH_MS);
  return useQuery({ ...getPortfolioOverviewQueryOptions(range), refetchInterval });
}
