import { describe, expect, it } from 'vitest';
import { cnn1dNet } from './cnn1d.ts';
import { gruNet } from './gru.ts';
import { lstmNet } from './lstm.ts';
import { Rng } from '../random.ts';
import type { SequenceNet } from './sequence-core.ts';

/** Max relative error between backward() and central finite differences of the output, over all parameters. */
function gradientError(net: SequenceNet, T: number, F: number): number {
  const rng = new Rng(11);
  const p = new Float64Array(net.nParams);
  net.init(p, rng);
  for (let k = 0; k < p.length; k++) p[k]! += 0.1 * rng.normal();
  const Z = new Float64Array(T * F);
  for (let k = 0; k < Z.length; k++) Z[k] = rng.normal();
  const grad = new Float64Array(net.nParams);
  net.forward(p, Z, 0);
  net.backward(p, Z, 0, 1, grad);
  let worst = 0;
  const eps = 1e-5;
  for (let k = 0; k < p.length; k++) {
    const keep = p[k]!;
    p[k] = keep + eps;
    const up = net.forward(p, Z, 0);
    p[k] = keep - eps;
    const down = net.forward(p, Z, 0);
    p[k] = keep;
    const fd = (up - down) / (2 * eps);
    worst = Math.max(worst, Math.abs(fd - grad[k]!) / Math.max(1e-4, Math.abs(fd) + Math.abs(grad[k]!)));
  }
  return worst;
}

describe('sequence network gradients (BPTT vs finite differences)', () => {
  it('lstm', () => {
    expect(gradientError(lstmNet(5, 3, 4), 5, 3)).toBeLessThan(1e-5);
  });

  it('gru', () => {
    expect(gradientError(gruNet(5, 3, 4), 5, 3)).toBeLessThan(1e-5);
  });

  it('cnn1d', () => {
    expect(gradientError(cnn1dNet(6, 3, 4, 3, 5), 6, 3)).toBeLessThan(1e-5);
  });
});
