// The product-event tracker: page views by route template (never the raw URL with ids or a query) and key actions,
// batched and sent to POST /api/analytics/events. A signed-in investor's batches go with fetch keepalive (the
// session's bearer header; sendBeacon cannot send headers); anonymous batches and the last batch when the page is
// hidden go with navigator.sendBeacon. The server stores no IP address or user agent (salted daily hashes).
import type { ProductEventType } from '@bist/contracts';
import { EVENT_BATCH_MAX, INVESTOR_PAGE_TEMPLATES } from '@bist/contracts/values';
import { analyticsSessionId } from '@/lib/analytics-session';
import { investorSession } from '@/lib/investor-session';

const ENDPOINT = '/api/analytics/events';
const FLUSH_MS = 5_000;

/** The route template a path matches ('/stocks/THYAO' → '/stocks/:symbol'). */
export function routeTemplate(pathname: string): string {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  for (const template of INVESTOR_PAGE_TEMPLATES) {
    const t = template.split('/').filter(Boolean);
    if (t.length === parts.length && t.every((seg, i) => seg.startsWith(':') || seg === parts[i]))
      return template;
  }
  return '/other';
}

let queue: { type: ProductEventType; page?: string }[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/** Sends what is queued (up to the batch limit per request). */
export function flushProductEvents(useBeacon = false): void {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length > 0) {
    const events = queue.slice(0, EVENT_BATCH_MAX);
    queue = queue.slice(EVENT_BATCH_MAX);
    const body = JSON.stringify({ session_id: analyticsSessionId(), events });
    const token = investorSession.token();
    if (token && !useBeacon) {
      void fetch(ENDPOINT, {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      }).catch(() => undefined);
    } else if (typeof navigator.sendBeacon === 'function') {
      navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'application/json' }));
    }
  }
}

/** Queues an event; the queue is sent every few seconds, when full, and when the page is hidden. */
export function trackEvent(type: ProductEventType, page?: string): void {
  queue.push(page === undefined ? { type } : { type, page });
  if (queue.length >= EVENT_BATCH_MAX) flushProductEvents();
  else timer ??= setTimeout(() => flushProductEvents(), FLUSH_MS);
}

/** A page view of a path, reported by its route template. */
export function trackPageView(pathname: string): void {
  const template = routeTemplate(pathname);
  trackEvent('page_view', template);
  if (template === '/stocks/:symbol') trackEvent('stock_view');
  if (template === '/predictions') trackEvent('prediction_viewed');
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => flushProductEvents(true));
}
