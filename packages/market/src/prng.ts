// Seeded pseudo-random numbers: sfc32 (Small Fast Chaotic, 128-bit state) seeded through splitmix32.
// Streams are derived from (seed, keys…) by hashing, so "the path of THYAO on 2026-07-10" is reproducible without
// replaying any other stream.

/** 32-bit FNV-1a hash of a string. */
export function hashString32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A deterministic random stream. */
export interface Prng {
  /** Next 32-bit unsigned integer. */
  nextUint32(): number;
  /** Uniform in [0, 1) with 32 bits of resolution. */
  uniform(): number;
  /** Uniform in [min, max). */
  uniformBetween(min: number, max: number): number;
  /** Integer uniform in [0, n). */
  int(n: number): number;
  /** Standard normal N(0, 1) (Marsaglia polar method). */
  normal(): number;
  /** Gamma(shape, 1) (Marsaglia–Tsang), shape > 0. */
  gamma(shape: number): number;
  /** Student-t with `degreesOfFreedom` > 2, rescaled to unit variance: t·√((ν − 2)/ν). */
  studentT(degreesOfFreedom: number): number;
}

/** Creates an sfc32 stream from a numeric or string seed plus optional keys; equal inputs give equal streams. */
export function createPrng(seed: number | string, ...keys: (number | string)[]): Prng {
  const seedText = [String(seed), ...keys.map(String)].join('\u0000');
  const mix = splitmix32(
    hashString32(seedText) ^ Math.imul(typeof seed === 'number' ? seed | 0 : 0, 0x9e3779b1),
  );
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  let spareNormal: number | undefined;

  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up: the first outputs of sfc32 are correlated with the seed words.
  for (let i = 0; i < 12; i++) nextUint32();

  const uniform = () => nextUint32() / 4294967296;
  const normal = (): number => {
    if (spareNormal !== undefined) {
      const value = spareNormal;
      spareNormal = undefined;
      return value;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * uniform() - 1;
      v = 2 * uniform() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const factor = Math.sqrt((-2 * Math.log(s)) / s);
    spareNormal = v * factor;
    return u * factor;
  };
  const gamma = (shape: number): number => {
    if (!(shape > 0)) throw new RangeError(`gamma shape must be positive, got ${shape}`);
    if (shape < 1) return gamma(shape + 1) * Math.pow(uniform() || Number.MIN_VALUE, 1 / shape);
    const dd = shape - 1 / 3;
    const cc = 1 / Math.sqrt(9 * dd);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = normal();
        v = 1 + cc * x;
      } while (v <= 0);
      v = v * v * v;
      const u = uniform();
      if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + dd * (1 - v + Math.log(v))) return dd * v;
    }
  };
  return {
    nextUint32,
    uniform,
    uniformBetween: (min, max) => min + (max - min) * uniform(),
    int: (n) => Math.floor(uniform() * n),
    normal,
    gamma,
    studentT: (nu) => {
      if (!(nu > 2)) throw new RangeError(`unit-variance Student-t needs ν > 2, got ${nu}`);
      // Bailey's polar method: (u, v) uniform in the unit disc, w = u² + v², t = u·√(ν(w^(−2/ν) − 1)/w).
      let u: number;
      let w: number;
      do {
        u = 2 * uniform() - 1;
        const v = 2 * uniform() - 1;
        w = u * u + v * v;
      } while (w >= 1 || w === 0);
      const t = u * Math.sqrt((nu * (Math.pow(w, -2 / nu) - 1)) / w);
      return t * Math.sqrt((nu - 2) / nu);
    },
  };
}
