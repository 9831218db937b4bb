/**
 * The logistic link and Platt scaling, shared by the classifiers and the confidence rule.
 */

/** Logistic function 1 / (1 + e^−z), overflow-safe. */
export function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

/** Platt scaling P(y = 1 | s) = σ(a·s + b); a > 0 when a larger score means class 1. */
export interface PlattScaling {
  a: number;
  b: number;
}

/**
 * Fits σ(a·s + b) to 0/1 labels by Newton's method with backtracking on the log loss against Platt's smoothed
 * targets t₊ = (n₊ + 1)/(n₊ + 2), t₋ = 1/(n₋ + 2) (Lin, Lin & Weng 2007), which keeps a and b finite on separable data.
 */
export function plattFit(scores: ArrayLike<number>, labels: ArrayLike<number>): PlattScaling {
  const n = scores.length;
  let nPos = 0;
  for (let i = 0; i < n; i++) if (labels[i] === 1) nPos++;
  const nNeg = n - nPos;
  const hiT = (nPos + 1) / (nPos + 2);
  const loT = 1 / (nNeg + 2);
  const t = Float64Array.from({ length: n }, (_, i) => (labels[i] === 1 ? hiT : loT));
  let a = 0;
  let b = Math.log((nPos + 1) / (nNeg + 1));
  // Σ −t·log p − (1 − t)·log(1 − p) with p = σ(z), z = a·s + b, written so that no exp overflows.
  const objective = (A: number, B: number): number => {
    let f = 0;
    for (let i = 0; i < n; i++) {
      const z = A * scores[i]! + B;
      f += z >= 0 ? (1 - t[i]!) * z + Math.log1p(Math.exp(-z)) : -t[i]! * z + Math.log1p(Math.exp(z));
    }
    return f;
  };
  let fval = objective(a, b);
  for (let it = 0; it < 100; it++) {
    let h11 = 1e-12;
    let h22 = 1e-12;
    let h21 = 0;
    let g1 = 0;
    let g2 = 0;
    for (let i = 0; i < n; i++) {
      const s = scores[i]!;
      const p = sigmoid(a * s + b);
      const w = p * (1 - p);
      h11 += s * s * w;
      h22 += w;
      h21 += s * w;
      const d = p - t[i]!;
      g1 += s * d;
      g2 += d;
    }
    if (Math.abs(g1) < 1e-5 && Math.abs(g2) < 1e-5) break;
    const det = h11 * h22 - h21 * h21;
    const dA = -(h22 * g1 - h21 * g2) / det;
    const dB = -(-h21 * g1 + h11 * g2) / det;
    const slope = g1 * dA + g2 * dB;
    let step = 1;
    let moved = false;
    while (step >= 1e-10) {
      const na = a + step * dA;
      const nb = b + step * dB;
      const nf = objective(na, nb);
      if (nf < fval + 1e-4 * step * slope) {
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

/** σ(a·score + b). */
export function plattApply(p: PlattScaling, score: number): number {
  return sigmoid(p.a * score + p.b);
}
