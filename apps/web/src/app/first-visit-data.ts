import type { QueryClient } from '@tanstack/react-query';
import { getLiveDataQueryOptions } from '@/features/market/api/get-live-data';
import { getMarketSummaryQueryOptions } from '@/features/market/api/get-market-summary';
import { getDailySummaryQueryOptions } from '@/features/predictions/api/get-daily-summary';
import { investorSession, isOfflineToken } from '@/lib/investor-session';

/**
 * The dashboard's data, asked for as the app starts (main.tsx) rather than once its chunks have loaded and
 * rendered: the requests run beside the JavaScript downloads, and the page's queries find them in flight (same keys).
 * Only for a signed-in investor opening /dashboard, the page most visits start on.
 */
export function prefetchFirstVisit(pathname: string, queryClient: QueryClient): Promise<unknown> {
  const token = investorSession.token();
  if (pathname !== '/dashboard' || !token || isOfflineToken(token)) return Promise.resolve();
  return Promise.all([
    queryClient.prefetchQuery(getMarketSummaryQueryOptions()),
    queryClient.prefetchQuery(getLiveDataQueryOptions()),
    queryClient.prefetchQuery(getDailySummaryQueryOptions()),
  ]);
}

/**
 * Resolves when `work` settles or after `ms`, whichever comes first; never rejects. The first render waits this
 * way for the first page's chunks and data: a slow or failing request costs at most `ms` of splash.
 */
export function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });
}
