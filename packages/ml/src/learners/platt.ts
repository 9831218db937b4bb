/**
 * Platt scaling: P(y = 1 | f) = 1 / (1 + exp(A·f + B)), fitted by Newton's method with backtracking on the
 * regularised targets t+ = (N+ + 1)/(N+ + 2), t− = 1/(N− + 2) (Lin, Lin & Weng 2007).
 */
import { sigmoid } from './common.ts';

export interface PlattParams {
  a: number;
  b: number;
}

/** Fits (A, B) on decision values f and 0/1 labels y; A < 0 when larger f means class 1. */
export function plattFit(f: Float64Array, y: Float64Array): PlattParams {
  const n = f.length;
  let nPos = 0;
  for (let i = 0; i < n; i++) nPos += y[i]!;
  const nNeg = n - nPos;
  const hiT = (nPos + 1) / (nPos + 2);
  const loT = 1 / (nNeg + 2);
  const t = Float64Array.from(y, (v) => (v === 1 ? hiT : loT));
  let a = 0;
  let b = Math.log((nNeg + 1) / (nPos + 1));
  const sigma = 1e-12;
  const objective = (A: number, B: number): number => {
    let fval = 0;
    for (let i = 0; i < n; i++) {
      const fApB = f[i]! * A + B;
      fval +=
        fApB >= 0
          ? t[i]! * fApB + Math.log1p(Math.exp(-fApB))
          : (t[i]! - 1) * fApB + Math.log1p(Math.exp(fApB));
    }
    return fval;
  };
  let fval = objective(a, b);
  for (let it = 0; it < 100; it++) {
    let h11 = sigma;
    let h22 = sigma;
    let h21 = 0;
    let g1 = 0;
    let g2 = 0;
    for (let i = 0; i < n; i++) {
      // p = P(y = 1) = 1/(1 + exp(fApB)), q = 1 − p.
      const p = sigmoid(-(f[i]! * a + b));
      const q = 1 - p;
      const d2 = p * q;
      h11 += f[i]! * f[i]! * d2;
      h22 += d2;
      h21 += f[i]! * d2;
      const d1 = t[i]! - p;
      g1 += f[i]! * d1;
      g2 += d1;
    }
    if (Math.abs(g1) < 1e-5 && Math.abs(g2) < 1e-5) break;
    const det = h11 * h22 - h21 * h21;
    const dA = -(h22 * g1 - h21 * g2) / det;
    const dB = -(-h21 * g1 + h11 * g2) / det;
    const gd = g1 * dA + g2 * dB;
    let step = 1;
    let moved = false;
    while (step >= 1e-10) {
      const na = a + step * dA;
      const nb = b + step * dB;
      const nf = objective(na, nb);
      if (nf < fval + 1e-4 * step * gd) {
        a = na;
        b = nb;
        fval = nf;
        moved = true;
        break;
      }
      step /= 2;
    }
    if (!moved) break;
  }
  return { a, b };
}

/** P(y = 1 | f) = σ(−(A·f + B)). */
export function plattProbability(p: PlattParams, f: number): number {
  return sigmoid(-(p.a * f + p.b));
}
