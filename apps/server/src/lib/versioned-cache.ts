/**
 * Values kept per key and version: a caller asking a key at the version it was made from gets the kept value; a new
 * version is made once and replaces the old one. Concurrent `getAsync` calls for a key and version share one
 * `make` (a failure is shared too, and nothing is kept); when calls for another version of the key start meanwhile,
 * the newest asked version is the one kept. At most `maxEntries` keys are kept (the one made longest ago goes
 * first), so keys a client can choose cannot grow it without bound.
 */
export class VersionedCache<K, V> {
  private readonly entries = new Map<K, { version: string; value: V }>();
  private readonly pending = new Map<K, { version: string; value: Promise<V> }>();

  constructor(private readonly maxEntries: number) {}

  get(key: K, version: string, make: () => V): V {
    const kept = this.entries.get(key);
    if (kept?.version === version) return kept.value;
    const value = make();
    this.keep(key, version, value);
    return value;
  }

  async getAsync(key: K, version: string, make: () => Promise<V>): Promise<V> {
    const kept = this.entries.get(key);
    if (kept?.version === version) return kept.value;
    const inFlight = this.pending.get(key);
    if (inFlight?.version === version) return inFlight.value;
    const value = make();
    this.pending.set(key, { version, value });
    try {
      const made = await value;
      if (this.pending.get(key)?.value === value) this.keep(key, version, made);
      return made;
    } finally {
      if (this.pending.get(key)?.value === value) this.pending.delete(key);
    }
  }

  /** Keys kept (for tests of the bound). */
  get size(): number {
    return this.entries.size;
  }

  private keep(key: K, version: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { version, value });
  }
}
