import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { getLiveDataQueryOptions, liveDataFromBody, liveDataPath } from '@/features/market/api/get-live-data';
import {
  getMarketStatusQueryOptions,
  MARKET_STATUS_PATH,
  marketStatusFromBody,
} from '@/features/market/api/get-market-status';
import {
  getMarketSummaryQueryOptions,
  MARKET_SUMMARY_PATH,
  marketSummaryFromBody,
} from '@/features/market/api/get-market-summary';
import {
  DAILY_SUMMARY_PATH,
  dailySummaryFromBody,
  getDailySummaryQueryOptions,
} from '@/features/predictions/api/get-daily-summary';
import { DASHBOARD_CHART_ITEMS } from '@bist/contracts/values';
import { i18n } from '@/lib/i18n';
import { MARKET_SOURCE_PATH } from '@/lib/market-source';
import { getMarketSourceQueryOptions, marketSourceQueryFromBody } from '@/lib/use-market-source';
import { investorSession, isOfflineToken } from '@/lib/investor-session';

/** One data set of a page's first visit: its API path, the query it fills and how the body becomes its value. */
interface FirstVisitQuery {
  path: string;
  queryKey: QueryKey;
  prefetch: (queryClient: QueryClient) => Promise<void>;
  fromBody: (body: unknown) => unknown;
}

function firstVisitQuery<Data, Key extends QueryKey, Body>(
  path: string,
  options: FetchQueryOptions<Data, Error, Data, Key>,
  fromBody: (body: Body) => Data,
): FirstVisitQuery {
  return {
    path,
    queryKey: options.queryKey,
    prefetch: (queryClient) => queryClient.prefetchQuery(options),
    // The body is the API's answer to `path`, checked against its schema by the server's serializer.
    fromBody: (body) => fromBody(body as Body),
  };
}

/** The data sets a first visit to a page asks for at once: the dashboard's (public market data). */
const FIRST_VISIT_QUERIES: Record<string, () => FirstVisitQuery[]> = {
  '/dashboard': () => [
    firstVisitQuery(MARKET_SUMMARY_PATH, getMarketSummaryQueryOptions(), marketSummaryFromBody),
    firstVisitQuery(
      liveDataPath(DASHBOARD_CHART_ITEMS),
      getLiveDataQueryOptions(DASHBOARD_CHART_ITEMS),
      liveDataFromBody,
    ),
    firstVisitQuery(DAILY_SUMMARY_PATH, getDailySummaryQueryOptions(), dailySummaryFromBody),
    // The top bar's market status (every investor page shows it).
    firstVisitQuery(MARKET_STATUS_PATH, getMarketStatusQueryOptions(), marketStatusFromBody),
    // The top bar's source badge: the first paint already says whether the prices are real or simulated.
    firstVisitQuery(MARKET_SOURCE_PATH, getMarketSourceQueryOptions(), marketSourceQueryFromBody),
  ],
};

/** The API paths of a page's first-visit data (the server renders the page from their answers). */
export function firstVisitDataPaths(pathname: string): string[] {
  return (FIRST_VISIT_QUERIES[pathname]?.() ?? []).map((query) => query.path);
}

/**
 * The dashboard's data, asked for as the app starts (main.tsx) rather than once its chunks have loaded and
 * rendered: the requests run beside the JavaScript downloads, and the page's queries find them in flight (same keys).
 * Only for a signed-in investor opening /dashboard, the page most visits start on.
 */
export function prefetchFirstVisit(pathname: string, queryClient: QueryClient): Promise<unknown> {
  const token = investorSession.token();
  const queries = FIRST_VISIT_QUERIES[pathname]?.();
  if (!queries || !token || isOfflineToken(token)) return Promise.resolve();
  return Promise.all(queries.map((query) => query.prefetch(queryClient)));
}

/** The data a server-rendered page was rendered from, sent with it for the app's query cache. */
export interface ServerRenderedData {
  page: string;
  /** When the server took the data (ms since the epoch): the queries' dataUpdatedAt. */
  updatedAt: number;
  /** API path → its answer's body. */
  bodies: Record<string, unknown>;
}

/**
 * Fills the page's first-visit queries from the data a server render used (the server's render and the app's first
 * render then show the same figures). False, filling nothing, when the data is not the page's or is incomplete.
 */
export function seedFirstVisit(
  pathname: string,
  queryClient: QueryClient,
  data: ServerRenderedData,
): boolean {
  const queries = FIRST_VISIT_QUERIES[pathname]?.();
  if (!queries || data.page !== pathname || !queries.every((query) => query.path in data.bodies))
    return false;
  for (const query of queries) {
    queryClient.setQueryData(query.queryKey, query.fromBody(data.bodies[query.path]), {
      updatedAt: data.updatedAt,
    });
  }
  return true;
}

/** The id of the JSON data block a server-rendered page carries (apps/server/src/plugins/server-pages.ts). */
export const SERVER_DATA_ID = 'server-data';

/**
 * Takes over a page the server rendered with its data: fills the page's queries from that data (React's first render
 * then shows the same figures and replaces the markup without a request) and returns true. When the render does not
 * fit the visitor — it is Turkish and the visitor chose English, or its data does not fit the page — the markup is
 * removed at once (theme-init.mjs hid it) and false returned: the app loads the page as it would without it.
 */
export function adoptServerRender(root: HTMLElement, pathname: string, queryClient: QueryClient): boolean {
  const script = document.getElementById(SERVER_DATA_ID);
  if (!root.hasAttribute('data-server-rendered') || !script) return false;
  script.remove();
  root.removeAttribute('data-server-rendered');
  let adopted = false;
  if (i18n.language === 'tr') {
    try {
      adopted = seedFirstVisit(pathname, queryClient, JSON.parse(script.textContent) as ServerRenderedData);
    } catch {
      adopted = false;
    }
  }
  if (!adopted) root.replaceChildren();
  return adopted;
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
