/**
 * Whether the BIST AI server answers, as this page last saw it — not the browser's `navigator.onLine`, which stays
 * true while the server is down. Every API call reports its outcome here (request-json.ts); while no call has been
 * answered for PROBE_INTERVAL_MS, a probe of /health asks, so a stopped server is noticed within
 * 2 × PROBE_INTERVAL_MS + PROBE_TIMEOUT_MS (under 10 s) even on a page that calls nothing. A failure is put on the right
 * side: 'offline' when the browser itself has no connection, else 'unreachable' (the server did not answer).
 */
export type Reachability = 'reachable' | 'unreachable' | 'offline';

const PROBE_INTERVAL_MS = 3_000;
const PROBE_TIMEOUT_MS = 3_000;
/** Probes while the server is unreachable: it is noticed back soon after it returns. */
const RETRY_INTERVAL_MS = 2_000;

let state: Reachability = 'reachable';
let lastAnswerAt = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | null = null;
let probing = false;

function set(next: Reachability): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** The server answered (any HTTP status but a gateway's 502/504, which means the server behind it did not). */
export function reportServerAnswer(status: number): void {
  if (status === 502 || status === 504) {
    reportNoAnswer();
    return;
  }
  lastAnswerAt = Date.now();
  set('reachable');
}

/** A call got no answer: the browser's connection when it says it is offline, else the server's side. */
export function reportNoAnswer(): void {
  set(browserOnline() ? 'unreachable' : 'offline');
}

/** The reachability as last seen (the header subscribes through useServerReachability, use-server-reachability.ts). */
export function currentReachability(): Reachability {
  return state;
}

/** What a failed call without an answer is put down to, right now. */
export function noAnswerSide(): 'offline' | 'unreachable' {
  return browserOnline() ? 'unreachable' : 'offline';
}

async function probe(): Promise<void> {
  if (probing) return;
  probing = true;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    const response = await fetch('/health', { cache: 'no-store', signal: controller.signal });
    reportServerAnswer(response.status);
  } catch {
    reportNoAnswer();
  } finally {
    clearTimeout(timeout);
    probing = false;
  }
}

function schedule(): void {
  if (listeners.size === 0) return;
  const interval = state === 'reachable' ? PROBE_INTERVAL_MS : RETRY_INTERVAL_MS;
  timer = setTimeout(() => {
    timer = null;
    const due = Date.now() - lastAnswerAt >= interval;
    const visible = typeof document === 'undefined' || document.visibilityState !== 'hidden';
    void (due && visible ? probe() : Promise.resolve()).finally(schedule);
  }, interval);
}

function onBrowserChange(): void {
  if (!browserOnline()) set('offline');
  else void probe();
}

/** Listens to reachability changes (the header's hook, use-server-reachability.ts); returns the unsubscribe. */
export function subscribeReachability(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', onBrowserChange);
    window.addEventListener('offline', onBrowserChange);
    document.addEventListener('visibilitychange', onBrowserChange);
    if (!browserOnline()) set('offline');
    schedule();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', onBrowserChange);
      window.removeEventListener('offline', onBrowserChange);
      document.removeEventListener('visibilitychange', onBrowserChange);
      if (timer !== null) clearTimeout(timer);
      timer = null;
    }
  };
}
