/**
 * Starts the worker that loads ICU's locale data (public/intl-warmup.mjs) so the first render's formatters do not pay
 * for it on the main thread (decision 0039). Called first thing by the app's entry, after its scripts are in and
 * before the first page's data: a worker started from the head's render-blocking script delayed the first paint.
 */
export function startIntlWarmup(): void {
  try {
    if (typeof Worker === 'function') new Worker('/intl-warmup.mjs');
  } catch {
    // No workers (or blocked): the main thread loads the data on first use, as before.
  }
}
