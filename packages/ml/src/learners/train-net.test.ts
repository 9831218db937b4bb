import { describe, expect, it } from 'vitest';
import { type TrainableNet, tailValidationRows, trainNet } from './sequence-core.ts';

/** A one-parameter net that records which rows it was fitted on (backward) and scored on (forward). */
function spyNet() {
  const fitted = new Set<number>();
  const forwarded = new Set<number>();
  const net: TrainableNet = {
    nParams: 1,
    init: (p) => p.fill(0),
    forward: (p, _Z, off) => {
      forwarded.add(off);
      return p[0]!;
    },
    backward: (_p, _Z, off, dOut, grad) => {
      fitted.add(off);
      grad[0]! += dOut;
    },
  };
  return { net, fitted, forwarded };
}

const OPTIONS = { learningRate: 1e-2, batchSize: 8, maxEpochs: 2, patience: 2, clipNorm: 5, seed: 3 };

describe(trainNet.name, () => {
  const nRows = 100;
  const Z = new Float64Array(nRows);
  const t = Float64Array.from({ length: nRows }, (_, i) => Math.sin(i));
  const nVal = tailValidationRows(nRows, 0.1);

  it('fits the rows before the gap, validates on the tail, and leaves the gap rows out of both', () => {
    const { net, fitted, forwarded } = spyNet();
    trainNet(net, Z, nRows, 1, t, false, { ...OPTIONS, validationFraction: 0.1, validationGap: 7 });
    expect(nVal).toBe(10);
    expect([...fitted].sort((a, b) => a - b)).toEqual(Array.from({ length: nRows - nVal - 7 }, (_, i) => i));
    for (let i = nRows - nVal; i < nRows; i++) expect(forwarded.has(i)).toBe(true);
    for (let i = nRows - nVal - 7; i < nRows - nVal; i++)
      expect(forwarded.has(i), `gap row ${i}`).toBe(false);
  });

  it('without a gap fits every row before the tail', () => {
    const { net, fitted } = spyNet();
    trainNet(net, Z, nRows, 1, t, false, { ...OPTIONS, validationFraction: 0.1, validationGap: 0 });
    expect(fitted.size).toBe(nRows - nVal);
    expect(fitted.has(nRows - nVal - 1)).toBe(true);
  });
});
