/**
 * Coalesces concurrent loads of the same key into one: while a load for a key is in flight, every further caller
 * gets the same promise instead of starting another (50 requests arriving together after a cache entry went stale
 * cause one database query, not 50). The entry is removed when the load settles, so a failure is not cached.
 */
export class SingleFlight<K, V> {
  private readonly inFlight = new Map<K, Promise<V>>();

  run(key: K, load: () => Promise<V>): Promise<V> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise = load().finally(() => {
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
    });
    this.inFlight.set(key, promise);
    return promise;
  }

  /** The next call for the key starts a new load (the data changed); callers of the old one still get its result. */
  forget(key: K): void {
    this.inFlight.delete(key);
  }

  get size(): number {
    return this.inFlight.size;
  }
}
