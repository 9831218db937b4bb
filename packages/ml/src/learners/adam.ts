/**
 * Adam optimiser over one flat parameter vector (Kingma & Ba 2015):
 * m ← β1·m + (1−β1)·g, v ← β2·v + (1−β2)·g², θ ← θ − η·m̂/(√v̂ + ε) with bias-corrected m̂, v̂.
 */
export class Adam {
  private readonly m: Float64Array;
  private readonly v: Float64Array;
  private t = 0;

  /** Optimises `params` in place; gradients are passed to step() in the same layout. */
  constructor(
    private readonly params: Float64Array,
    private readonly learningRate: number,
    private readonly beta1 = 0.9,
    private readonly beta2 = 0.999,
    private readonly eps = 1e-8,
  ) {
    this.m = new Float64Array(params.length);
    this.v = new Float64Array(params.length);
  }

  /** One update with gradient `grad` (same length as params); optional gradient-norm clip. */
  step(grad: Float64Array, clipNorm = Infinity): void {
    this.t++;
    let scale = 1;
    if (Number.isFinite(clipNorm)) {
      let n = 0;
      for (let i = 0; i < grad.length; i++) n += grad[i]! * grad[i]!;
      n = Math.sqrt(n);
      if (n > clipNorm) scale = clipNorm / n;
    }
    const { m, v, params, beta1: b1, beta2: b2 } = this;
    const c1 = 1 / (1 - Math.pow(b1, this.t));
    const c2 = 1 / (1 - Math.pow(b2, this.t));
    const lr = this.learningRate;
    for (let i = 0; i < params.length; i++) {
      const g = grad[i]! * scale;
      m[i] = b1 * m[i]! + (1 - b1) * g;
      v[i] = b2 * v[i]! + (1 - b2) * g * g;
      params[i]! -= (lr * m[i]! * c1) / (Math.sqrt(v[i]! * c2) + this.eps);
    }
  }
}
