// Request metrics, cheap: every answered API request adds one to an in-memory series of its minute, keyed by route
// template (never the raw URL), method and status class, with a fixed-bucket latency histogram. Nothing is written per
// request; the BI service drains the finished minutes once a minute into request_metrics (one row per series).
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { bucketIndex, emptyHistogram } from '@/lib/latency-histogram';

/** Request counters of one route × method × status class (one minute, or summed over many). */
export interface RequestCounters {
  method: string;
  route: string;
  /** 2 for 2xx, 4 for 4xx, … */
  statusClass: number;
  count: number;
  sumMs: number;
  maxMs: number;
  /** Counters of the fixed latency buckets (lib/latency-histogram.ts). */
  buckets: number[];
}

/** One minute of one route × method × status class. */
export interface RequestSeries extends RequestCounters {
  minute: Date;
}

type Accumulator = RequestCounters;

/** Route label of requests that matched no route (404s under the API prefixes): one series, not one per URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** One minute's accumulators: route → method → status class. */
type Series = Map<string, Map<string, Accumulator[]>>;

/** Finished minutes kept while the database cannot take them; older ones are dropped first. */
const MAX_PENDING_MINUTES = 120;

export class RequestMetricsCollector {
  private minute = -1;
  private current: Series = new Map();
  private finished: { minute: number; series: Series }[] = [];

  constructor(private readonly nowMs: () => number = Date.now) {}

  record(method: string, route: string, status: number, ms: number): void {
    const minute = Math.floor(this.nowMs() / 60_000);
    if (minute !== this.minute) this.rotate(minute);
    const statusClass = (status / 100) | 0;
    // route → method → status class, so the hot path builds no key string.
    let byMethod = this.current.get(route);
    if (!byMethod) this.current.set(route, (byMethod = new Map<string, Accumulator[]>()));
    let byClass = byMethod.get(method);
    if (!byClass) byMethod.set(method, (byClass = []));
    let acc = byClass[statusClass];
    if (!acc) {
      acc = { method, route, statusClass, count: 0, sumMs: 0, maxMs: 0, buckets: emptyHistogram() };
      byClass[statusClass] = acc;
    }
    acc.count++;
    acc.sumMs += ms;
    if (ms > acc.maxMs) acc.maxMs = ms;
    acc.buckets[bucketIndex(ms)]!++;
  }

  /**
   * Removes and returns the series of finished minutes (with `includeCurrent`, the running minute's too: at shutdown).
   * A caller that fails to store them gives them back with `restore`.
   */
  drain(includeCurrent = false): RequestSeries[] {
    const minuteNow = Math.floor(this.nowMs() / 60_000);
    if (minuteNow !== this.minute) this.rotate(minuteNow);
    const taken = this.finished;
    this.finished = [];
    if (includeCurrent && this.current.size > 0) {
      taken.push({ minute: this.minute, series: this.current });
      this.current = new Map();
    }
    return taken.flatMap(({ minute, series }) => toSeries(minute, series));
  }

  /** Gives back series a failed flush took, so the next flush stores them. */
  restore(series: readonly RequestSeries[]): void {
    const byMinute = new Map<number, Series>();
    for (const s of series) {
      const minute = Math.floor(s.minute.getTime() / 60_000);
      let map = byMinute.get(minute);
      if (!map) byMinute.set(minute, (map = new Map<string, Map<string, Accumulator[]>>()));
      let byMethod = map.get(s.route);
      if (!byMethod) map.set(s.route, (byMethod = new Map<string, Accumulator[]>()));
      let byClass = byMethod.get(s.method);
      if (!byClass) byMethod.set(s.method, (byClass = []));
      byClass[s.statusClass] = { ...s, buckets: [...s.buckets] };
    }
    this.finished = [...[...byMinute].map(([minute, map]) => ({ minute, series: map })), ...this.finished];
    this.trim();
  }

  /** Everything not yet drained (finished minutes and the running one), without removing it: this process's live view. */
  pending(): RequestSeries[] {
    const all = [...this.finished];
    if (this.current.size > 0) all.push({ minute: this.minute, series: this.current });
    return all.flatMap(({ minute, series }) => toSeries(minute, series));
  }

  private rotate(minute: number): void {
    if (this.current.size > 0) this.finished.push({ minute: this.minute, series: this.current });
    this.current = new Map();
    this.minute = minute;
    this.trim();
  }

  private trim(): void {
    if (this.finished.length > MAX_PENDING_MINUTES)
      this.finished.splice(0, this.finished.length - MAX_PENDING_MINUTES);
  }
}

function toSeries(minute: number, series: Series): RequestSeries[] {
  const at = new Date(minute * 60_000);
  const accumulators = [...series.values()].flatMap((byMethod) =>
    [...byMethod.values()].flatMap((byClass) => byClass.filter((a) => a !== undefined)),
  );
  return accumulators.map((a) => ({
    minute: at,
    method: a.method,
    route: a.route,
    statusClass: a.statusClass,
    count: a.count,
    sumMs: a.sumMs,
    maxMs: a.maxMs,
    buckets: [...a.buckets],
  }));
}

/** Whether a route (or, unmatched, a URL) belongs to the API: /api/*, /admin/api/*, /health. Pages are not counted. */
function isApi(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith('/admin/api/') || path === '/health';
}

/**
 * Counts every answered API request into the collector by its route template. Each API route gets its own onResponse
 * hook with the template in its closure (Fastify's `request.routeOptions` builds a new frozen object on every read,
 * which cost measurable throughput); requests no route matched are counted by one app-wide hook that looks at 404s only.
 * Must be called before the routes are registered.
 */
export function registerRequestMetrics(app: FastifyInstance, collector: RequestMetricsCollector): void {
  app.addHook('onRoute', (route) => {
    if (!isApi(route.url)) return;
    const url = route.url;
    const count: onResponseHookHandler = (request, reply, done) => {
      collector.record(request.method, url, reply.statusCode, reply.elapsedTime);
      done();
    };
    const existing = route.onResponse;
    route.onResponse =
      existing === undefined ? [count] : [...(Array.isArray(existing) ? existing : [existing]), count];
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode === 404 && request.routeOptions.url === undefined && isApi(request.url))
      collector.record(request.method, UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime);
    done();
  });
}
