/**
 * Timing script for the learners of @bist/ml (not a test): `npx tsx bench/lib/ml-learners.ts`.
 * Tabular learners: fit on 30,000 × 30, predict those 30,000 rows; sequence learners: 5,000 sequences of 20 × 8.
 * Also prints a held-out quality figure (R² or accuracy on 5,000 fresh rows) as a sanity check.
 */
import { learners } from '@bist/ml';
import {
  accuracy,
  makeLinear,
  makeSequences,
  makeXor,
  rSquared,
  type Dataset,
} from '../../packages/ml/test/learner-data.ts';

const { LEARNERS } = learners;
type LearnerInfo = learners.LearnerInfo;

interface Module {
  fit(X: Float64Array, nRows: number, nCols: number, y: Float64Array, options: object): object;
  predict(state: object, X: Float64Array, nRows: number, nCols: number): Float64Array;
}

const modules = learners as unknown as Record<string, Module>;

function run(
  info: LearnerInfo,
  task: 'regression' | 'classification',
  train: Dataset,
  test: Dataset,
  options: object,
) {
  const mod = modules[info.namespace]!;
  const t0 = performance.now();
  const state = mod.fit(train.X, train.nRows, train.nCols, train.y, { ...options, task });
  const t1 = performance.now();
  mod.predict(state, train.X, train.nRows, train.nCols);
  const t2 = performance.now();
  const p = mod.predict(state, test.X, test.nRows, test.nCols);
  const quality =
    task === 'regression' ? `R² ${rSquared(test.y, p).toFixed(3)}` : `acc ${accuracy(test.y, p).toFixed(3)}`;
  const kb = JSON.stringify(state).length / 1024;
  console.log(
    `${info.name.padEnd(14)} ${task.padEnd(14)} fit ${(t1 - t0).toFixed(0).padStart(6)} ms  ` +
      `predict(${train.nRows}) ${(t2 - t1).toFixed(0).padStart(6)} ms  ${quality}  state ${kb.toFixed(0)} kB`,
  );
}

const N = 30_000;
const D = 30;
const reg = { train: makeLinear(N, D, 1), test: makeLinear(5000, D, 2) };
const cls = { train: makeXor(N, D, 3), test: makeXor(5000, D, 4) };
const seqTrain = makeSequences(5000, 20, 8, 5);
const seqTest = makeSequences(2000, 20, 8, 6);
const seqCls = {
  train: { ...seqTrain, y: seqTrain.label },
  test: { ...seqTest, y: seqTest.label },
};

for (const info of LEARNERS) {
  const tasks = info.task === 'both' ? (['regression', 'classification'] as const) : ([info.task] as const);
  for (const task of tasks) {
    if (info.sequence) {
      const d = task === 'regression' ? { train: seqTrain, test: seqTest } : seqCls;
      run(info, task, d.train, d.test, { seqLen: 20, nFeatures: 8 });
    } else {
      const d = task === 'regression' ? reg : cls;
      run(info, task, d.train, d.test, {});
    }
  }
}
