/**
 * Small dense linear algebra on row-major Float64Arrays (p ≤ ~100): Gram matrices, Cholesky solves, Jacobi eigen, and
 * the unrolled vector kernels of the neural learners' hot loops (4-way unrolling cuts V8 loop overhead ≈ 25 %).
 */

/** Rows per chunk of gramWithIntercept (the chunk of Z stays in the L1/L2 cache while every 4 × 4 tile sweeps it). */
const GRAM_CHUNK = 128;

/**
 * Z'Z and Z'y with Z = [1, X] (intercept first): returns g ((p+1)²) and c (p+1), plus y'y. Rows with weight 0 are
 * skipped. Every entry is summed over the rows in row order (a row's term is (w·z_a)·z_b), as a plain row-by-row
 * update would; the rows are taken in cached chunks and the upper triangle in 4 × 4 register tiles for speed.
 */
export function gramWithIntercept(
  X: Float64Array,
  n: number,
  p: number,
  y: Float64Array,
  weights?: Float64Array,
): { g: Float64Array; c: Float64Array; yy: number } {
  const q = p + 1;
  // Columns padded with zeros to a multiple of 4 so that every tile is a full 4 × 4 one.
  const qp = Math.ceil(q / 4) * 4;
  const padded = new Float64Array(qp * qp);
  const c = new Float64Array(q);
  let yy = 0;
  // A chunk of rows of Z and of w·Z (row-major, qp per row).
  const z = new Float64Array(GRAM_CHUNK * qp);
  const wz = new Float64Array(GRAM_CHUNK * qp);
  for (let start = 0; start < n;) {
    let m = 0;
    for (; start < n && m < GRAM_CHUNK; start++) {
      const w = weights ? weights[start]! : 1;
      if (w === 0) continue;
      const o = m * qp;
      z[o] = 1;
      for (let j = 0; j < p; j++) z[o + j + 1] = X[start * p + j]!;
      for (let a = 0; a < q; a++) wz[o + a] = w * z[o + a]!;
      const yi = y[start]!;
      yy += w * yi * yi;
      for (let a = 0; a < q; a++) c[a]! += wz[o + a]! * yi;
      m++;
    }
    gramChunk(z, wz, m, qp, padded);
  }
  const g = new Float64Array(q * q);
  for (let a = 0; a < q; a++) {
    for (let b = a; b < q; b++) g[a * q + b] = padded[a * qp + b]!;
    for (let b = 0; b < a; b++) g[a * q + b] = padded[b * qp + a]!;
  }
  return { g, c, yy };
}

/**
 * Adds Σ_k wz[k, a]·z[k, b] (k = 0 … m − 1 in order) to g[a, b] (qp × qp, qp a multiple of 4) for the tiles on and
 * above the diagonal; entries below the diagonal inside diagonal tiles are filled too and ignored by the caller.
 */
function gramChunk(z: Float64Array, wz: Float64Array, m: number, qp: number, g: Float64Array): void {
  for (let a0 = 0; a0 < qp; a0 += 4) {
    for (let b0 = a0; b0 < qp; b0 += 4) {
      const r0 = a0 * qp + b0;
      const r1 = r0 + qp;
      const r2 = r1 + qp;
      const r3 = r2 + qp;
      let s00 = g[r0]!;
      let s01 = g[r0 + 1]!;
      let s02 = g[r0 + 2]!;
      let s03 = g[r0 + 3]!;
      let s10 = g[r1]!;
      let s11 = g[r1 + 1]!;
      let s12 = g[r1 + 2]!;
      let s13 = g[r1 + 3]!;
      let s20 = g[r2]!;
      let s21 = g[r2 + 1]!;
      let s22 = g[r2 + 2]!;
      let s23 = g[r2 + 3]!;
      let s30 = g[r3]!;
      let s31 = g[r3 + 1]!;
      let s32 = g[r3 + 2]!;
      let s33 = g[r3 + 3]!;
      for (let k = 0, o = 0; k < m; k++, o += qp) {
        const x0 = wz[o + a0]!;
        const x1 = wz[o + a0 + 1]!;
        const x2 = wz[o + a0 + 2]!;
        const x3 = wz[o + a0 + 3]!;
        const v0 = z[o + b0]!;
        const v1 = z[o + b0 + 1]!;
        const v2 = z[o + b0 + 2]!;
        const v3 = z[o + b0 + 3]!;
        s00 += x0 * v0;
        s01 += x0 * v1;
        s02 += x0 * v2;
        s03 += x0 * v3;
        s10 += x1 * v0;
        s11 += x1 * v1;
        s12 += x1 * v2;
        s13 += x1 * v3;
        s20 += x2 * v0;
        s21 += x2 * v1;
        s22 += x2 * v2;
        s23 += x2 * v3;
        s30 += x3 * v0;
        s31 += x3 * v1;
        s32 += x3 * v2;
        s33 += x3 * v3;
      }
      g[r0] = s00;
      g[r0 + 1] = s01;
      g[r0 + 2] = s02;
      g[r0 + 3] = s03;
      g[r1] = s10;
      g[r1 + 1] = s11;
      g[r1 + 2] = s12;
      g[r1 + 3] = s13;
      g[r2] = s20;
      g[r2 + 1] = s21;
      g[r2 + 2] = s22;
      g[r2 + 3] = s23;
      g[r3] = s30;
      g[r3 + 1] = s31;
      g[r3 + 2] = s32;
      g[r3 + 3] = s33;
    }
  }
}

/**
 * Cholesky factor L (row-major lower triangle, A + eps·I = L L') of a symmetric positive (semi)definite q × q matrix,
 * adding `jitter`·(mean diagonal) to the diagonal and retrying with 100× more while A is not positive definite; null
 * when even 1e6·(mean diagonal) does not help. A is not modified.
 */
export function choleskyFactor(A: Float64Array, q: number, jitter = 1e-10): Float64Array | null {
  let meanDiag = 0;
  for (let i = 0; i < q; i++) meanDiag += A[i * q + i]!;
  meanDiag = Math.max(meanDiag / Math.max(1, q), 1e-12);
  for (let eps = jitter; eps < 1e6; eps *= 100) {
    const L = new Float64Array(q * q);
    let ok = true;
    for (let i = 0; i < q && ok; i++) {
      for (let j = 0; j <= i; j++) {
        let s = A[i * q + j]! + (i === j ? eps * meanDiag : 0);
        for (let k = 0; k < j; k++) s -= L[i * q + k]! * L[j * q + k]!;
        if (i === j) {
          if (!(s > 0)) {
            ok = false;
            break;
          }
          L[i * q + i] = Math.sqrt(s);
        } else L[i * q + j] = s / L[j * q + j]!;
      }
    }
    if (ok) return L;
  }
  return null;
}

/** Solves L L' x = b for a factor from choleskyFactor (forward then back substitution). b is not modified. */
export function choleskySolveFactored(L: Float64Array, b: Float64Array, q: number): Float64Array {
  const z = new Float64Array(q);
  for (let i = 0; i < q; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= L[i * q + k]! * z[k]!;
    z[i] = s / L[i * q + i]!;
  }
  const x = new Float64Array(q);
  for (let i = q - 1; i >= 0; i--) {
    let s = z[i]!;
    for (let k = i + 1; k < q; k++) s -= L[k * q + i]! * x[k]!;
    x[i] = s / L[i * q + i]!;
  }
  return x;
}

/**
 * Solves A x = b for symmetric positive (semi)definite A (q × q) by Cholesky, adding `jitter`·(mean diagonal) to the
 * diagonal and retrying with more when A is singular (zeros when that never succeeds). A and b are not modified.
 */
export function choleskySolve(A: Float64Array, b: Float64Array, q: number, jitter = 1e-10): Float64Array {
  const L = choleskyFactor(A, q, jitter);
  return L ? choleskySolveFactored(L, b, q) : new Float64Array(q);
}

/** x' A x for a row-major q × q matrix A. */
export function quadraticForm(A: Float64Array, x: ArrayLike<number>, q: number): number {
  let s = 0;
  for (let i = 0; i < q; i++) {
    let t = 0;
    for (let j = 0; j < q; j++) t += A[i * q + j]! * x[j]!;
    s += x[i]! * t;
  }
  return s;
}

/** Sum of squared residuals of w on data summarised by (g, c, yy): yy − 2 w'c + w'g w. */
export function sseFromGram(g: Float64Array, c: Float64Array, yy: number, w: Float64Array): number {
  const q = w.length;
  let s = yy;
  for (let a = 0; a < q; a++) {
    s -= 2 * w[a]! * c[a]!;
    let t = 0;
    for (let b = 0; b < q; b++) t += g[a * q + b]! * w[b]!;
    s += w[a]! * t;
  }
  return Math.max(0, s);
}

/** Eigen-decomposition of a symmetric q × q matrix by cyclic Jacobi: A = V diag(values) V' (V column-major in rows). */
export function symmetricEigen(A: Float64Array, q: number): { values: Float64Array; vectors: Float64Array } {
  const a = A.slice();
  const v = new Float64Array(q * q);
  for (let i = 0; i < q; i++) v[i * q + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let i = 0; i < q; i++) for (let j = i + 1; j < q; j++) off += a[i * q + j]! ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < q; p++) {
      for (let r = p + 1; r < q; r++) {
        const apr = a[p * q + r]!;
        if (Math.abs(apr) < 1e-300) continue;
        const theta = (a[r * q + r]! - a[p * q + p]!) / (2 * apr);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < q; k++) {
          const akp = a[k * q + p]!;
          const akr = a[k * q + r]!;
          a[k * q + p] = c * akp - s * akr;
          a[k * q + r] = s * akp + c * akr;
        }
        for (let k = 0; k < q; k++) {
          const apk = a[p * q + k]!;
          const ark = a[r * q + k]!;
          a[p * q + k] = c * apk - s * ark;
          a[r * q + k] = s * apk + c * ark;
        }
        for (let k = 0; k < q; k++) {
          const vkp = v[k * q + p]!;
          const vkr = v[k * q + r]!;
          v[k * q + p] = c * vkp - s * vkr;
          v[k * q + r] = s * vkp + c * vkr;
        }
      }
    }
  }
  const values = new Float64Array(q);
  for (let i = 0; i < q; i++) values[i] = a[i * q + i]!;
  return { values, vectors: v };
}

/** y[yOff + r] += a · x[xOff + r] for r < n. */
export function vecAddScaled(
  y: Float64Array,
  yOff: number,
  x: Float64Array,
  xOff: number,
  a: number,
  n: number,
): void {
  let r = 0;
  for (; r + 3 < n; r += 4) {
    y[yOff + r]! += a * x[xOff + r]!;
    y[yOff + r + 1]! += a * x[xOff + r + 1]!;
    y[yOff + r + 2]! += a * x[xOff + r + 2]!;
    y[yOff + r + 3]! += a * x[xOff + r + 3]!;
  }
  for (; r < n; r++) y[yOff + r]! += a * x[xOff + r]!;
}

/**
 * Backward row kernel: grad[gOff + r] += a · d[r] for r < n, and returns Σ_r w[gOff + r] · d[r]
 * (weight gradient and back-propagated signal of one input unit in one pass).
 */
export function vecGradAndDot(
  grad: Float64Array,
  w: Float64Array,
  gOff: number,
  d: Float64Array,
  a: number,
  n: number,
): number {
  let s0 = 0;
  let s1 = 0;
  let r = 0;
  for (; r + 1 < n; r += 2) {
    const d0 = d[r]!;
    const d1 = d[r + 1]!;
    grad[gOff + r]! += a * d0;
    grad[gOff + r + 1]! += a * d1;
    s0 += w[gOff + r]! * d0;
    s1 += w[gOff + r + 1]! * d1;
  }
  for (; r < n; r++) {
    const dr = d[r]!;
    grad[gOff + r]! += a * dr;
    s0 += w[gOff + r]! * dr;
  }
  return s0 + s1;
}

/** Σ_r a[aOff + r] · b[bOff + r] for r < n (two accumulators). */
export function vecDot(a: Float64Array, aOff: number, b: Float64Array, bOff: number, n: number): number {
  let s0 = 0;
  let s1 = 0;
  let r = 0;
  for (; r + 3 < n; r += 4) {
    s0 += a[aOff + r]! * b[bOff + r]! + a[aOff + r + 2]! * b[bOff + r + 2]!;
    s1 += a[aOff + r + 1]! * b[bOff + r + 1]! + a[aOff + r + 3]! * b[bOff + r + 3]!;
  }
  for (; r < n; r++) s0 += a[aOff + r]! * b[bOff + r]!;
  return s0 + s1;
}
