/**
 * The package's one source of randomness: xoshiro128** seeded through splitmix32. The same seed always yields the same
 * stream; nothing here reads Math.random or a clock, so every fit and every evaluation is reproducible.
 */

function splitmix32(state: number): [number, number] {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z ^= z >>> 16;
  return [next, z >>> 0];
}

/** xoshiro128** generator; `uniform()` ∈ [0, 1) with 32 random bits, `normal()` ~ N(0, 1) by Box–Muller. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  /** Seeds the four 32-bit words from splitmix32(seed); any finite seed is accepted (truncated to 32 bits). */
  constructor(seed: number) {
    let s = Math.trunc(Number.isFinite(seed) ? seed : 0) | 0;
    let out: number;
    [s, out] = splitmix32(s);
    this.a = out;
    [s, out] = splitmix32(s);
    this.b = out;
    [s, out] = splitmix32(s);
    this.c = out;
    [, out] = splitmix32(s);
    this.d = out;
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** Next raw 32-bit unsigned integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** Uniform double in [0, 1). */
  uniform(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n) for 1 ≤ n ≤ 2^32 (multiply-shift, negligible bias for small n). */
  int(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  /** Standard normal draw (Box–Muller, caches the second value). */
  normal(): number {
    if (this.spareNormal !== null) {
      const v = this.spareNormal;
      this.spareNormal = null;
      return v;
    }
    let u = this.uniform();
    while (u <= 0) u = this.uniform();
    const v = this.uniform();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** In-place Fisher–Yates shuffle of `arr`; returns it. */
  shuffle<T extends { length: number; [i: number]: number }>(arr: T): T {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = arr[i]!;
      arr[i] = arr[j]!;
      arr[j] = tmp;
    }
    return arr;
  }

  /** `k` distinct indices from [0, n), sorted ascending (partial Fisher–Yates); k is clamped to n. */
  sampleWithoutReplacement(n: number, k: number): Uint32Array {
    const m = Math.min(k, n);
    const idx = new Uint32Array(n);
    for (let i = 0; i < n; i++) idx[i] = i;
    for (let i = 0; i < m; i++) {
      const j = i + this.int(n - i);
      const tmp = idx[i]!;
      idx[i] = idx[j]!;
      idx[j] = tmp;
    }
    return idx.slice(0, m).sort();
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** k distinct values of `items` chosen uniformly (seeded), returned in their original order; all of them if k ≥ n. */
export function sampleSorted(items: Int32Array, k: number, seed: number): Int32Array {
  if (k >= items.length) return items.slice();
  const chosen = new Rng(seed).sampleWithoutReplacement(items.length, k);
  const out = new Int32Array(chosen.length);
  for (let i = 0; i < chosen.length; i++) out[i] = items[chosen[i]!]!;
  return out;
}
