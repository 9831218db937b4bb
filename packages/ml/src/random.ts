/**
 * Seeded randomness for the ML package (mulberry32): the same seed always gives the same stream.
 * No Math.random anywhere in this package, so every fit and every evaluation is reproducible.
 */
export class SeededRandom {
  private state: number;
  private spare: number | null = null;

  constructor(seed: number) {
    this.state = (Math.trunc(seed) ^ 0x6d2b79f5) >>> 0;
  }

  /** Uniform in [0, 1). */
  uniform(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer uniform in [0, n). */
  int(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    if (this.spare !== null) {
      const v = this.spare;
      this.spare = null;
      return v;
    }
    let u = this.uniform();
    while (u <= 1e-300) u = this.uniform();
    const v = this.uniform();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** In-place Fisher–Yates shuffle. */
  shuffle<T extends { length: number; [i: number]: number }>(a: T): T {
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
    return a;
  }
}

/** k distinct values of `items` chosen uniformly (seeded), returned in their original order; all of them if k ≥ n. */
export function sampleSorted(items: Int32Array, k: number, seed: number): Int32Array {
  const n = items.length;
  if (k >= n) return items.slice();
  const rng = new SeededRandom(seed);
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(n - i);
    const t = idx[i]!;
    idx[i] = idx[j]!;
    idx[j] = t;
  }
  const chosen = idx.subarray(0, k).sort();
  const out = new Int32Array(k);
  for (let i = 0; i < k; i++) out[i] = items[chosen[i]!]!;
  return out;
}
