/**
 * The CPU-heavy part of the ML jobs: features, walk-forward, final fits and serving, on @bist/ml. Runs inside a
 * worker thread (ml-worker.ts) so the API's event loop never waits for it; pure apart from the progress callback.
 */
import {
  type Algorithm,
  type FeatureSet,
  type Horizon,
  type Panel,
  type StackInputs,
  algorithmById,
  NOT_REALISED,
  type WalkForwardRun,
  buildFeatures,
  evaluationPeriods,
  evaluationRecord,
  fitLatest,
  isMarketWideFeature,
  latestRows,
  latestTrainingData,
  rowsOfDays,
  servePredictions,
  walkForwardAlgorithm,
} from '@bist/ml';
import {
  PSI_SIGNIFICANT,
  WALK_FORWARD_RECENT_DAYS,
  directionalHit,
  psi,
  type WalkForwardDay,
} from '@bist/contracts';
import type {
  DriftTask,
  FeatureDrift,
  ModelForServing,
  OosPredictions,
  PanelPayload,
  PredictTask,
  ServedOutcome,
  TrainOutcome,
  TrainTask,
} from './ml-protocol.ts';

export class UnknownAlgorithmError extends Error {
  constructor(id: string) {
    super(`Unknown algorithm: ${id}`);
    this.name = 'UnknownAlgorithmError';
  }
}

/** Called between algorithms; throwing from it (cancellation) stops the task. */
export type ProgressHook = (algorithmId: string, horizon: Horizon) => void;

/** Views of the flat payload as a Panel (no copies). */
export function panelOfPayload(p: PanelPayload): Panel {
  const nDays = p.dates.length;
  const view = (a: Float64Array, s: number) => a.subarray(s * nDays, (s + 1) * nDays);
  return {
    dates: p.dates,
    market: {
      open: p.marketOpen,
      high: p.marketHigh,
      low: p.marketLow,
      close: p.marketClose,
      volume: p.marketVolume,
    },
    series: p.symbols.map((symbol, s) => ({
      symbol,
      sector: p.sectors[s] ?? '',
      open: view(p.open, s),
      high: view(p.high, s),
      low: view(p.low, s),
      close: view(p.close, s),
      volume: view(p.volume, s),
    })),
  };
}

/** How long a worker keeps the last panel's features for the next task on the same panel. */
export const FEATURE_REUSE_MS = 15_000;

let lastFeatures: { payload: PanelPayload; fs: FeatureSet; timer: ReturnType<typeof setTimeout> } | null =
  null;

const bytesOf = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const sameStrings = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);
const PAYLOAD_ARRAYS = [
  'open',
  'high',
  'low',
  'close',
  'volume',
  'marketOpen',
  'marketHigh',
  'marketLow',
  'marketClose',
  'marketVolume',
] as const;

/** Equal dates, symbols, sectors and bit-identical price and volume arrays. */
export function samePanelPayload(a: PanelPayload, b: PanelPayload): boolean {
  return (
    sameStrings(a.dates, b.dates) &&
    sameStrings(a.symbols, b.symbols) &&
    sameStrings(a.sectors, b.sectors) &&
    PAYLOAD_ARRAYS.every((k) => bytesOf(a[k]).equals(bytesOf(b[k])))
  );
}

/**
 * The features of a panel payload. A worker keeps the last panel's features for FEATURE_REUSE_MS after its last use,
 * so the task that follows on the same panel (the ensembles after the base algorithms, a predict after a train) does
 * not build them again (≈ 1.5 s for 600 stocks × 3 years); a panel that differs in any value is built afresh.
 */
export function featuresOfPayload(p: PanelPayload): FeatureSet {
  if (lastFeatures && samePanelPayload(lastFeatures.payload, p)) {
    lastFeatures.timer.refresh();
    return lastFeatures.fs;
  }
  if (lastFeatures) clearTimeout(lastFeatures.timer);
  lastFeatures = null;
  const fs = buildFeatures(panelOfPayload(p));
  const timer = setTimeout(() => (lastFeatures = null), FEATURE_REUSE_MS);
  timer.unref();
  lastFeatures = { payload: p, fs, timer };
  return fs;
}

function algorithmOf(id: string): Algorithm {
  const a = algorithmById(id);
  if (!a) throw new UnknownAlgorithmError(id);
  return a;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function stackInputsFor(
  fs: FeatureSet,
  base: readonly OosPredictions[] | undefined,
  horizon: Horizon,
): StackInputs {
  const runs = (base ?? []).filter((b) => b.horizon === horizon);
  return {
    baseIds: runs.map((r) => r.algorithmId),
    values: runs.map((r) => {
      const v = new Float64Array(fs.rows).fill(NaN);
      for (let i = 0; i < r.rows.length; i++) v[r.rows[i]!] = r.expectedReturn[i]!;
      return v;
    }),
  };
}

/**
 * The last WALK_FORWARD_RECENT_DAYS target dates of a walk-forward's out-of-sample predictions, oldest first: per
 * date the scored calls (directionalHit, so zero returns and zero calls are left out), hits and those that closed up.
 * The accuracy history shown until live predictions mature.
 */
export function recentWalkForwardDays(fs: FeatureSet, run: WalkForwardRun): WalkForwardDay[] {
  const target = fs.targets[run.horizon];
  const byDay = new Map<number, WalkForwardDay>();
  for (let i = 0; i < run.rows.length; i++) {
    const r = run.rows[i]!;
    const day = target.realisedDay[r]!;
    if (day === NOT_REALISED) continue;
    const realised = target.logReturn[r]!;
    const hit = directionalHit(run.expectedReturn[i]!, realised);
    if (hit === null) continue;
    let d = byDay.get(day);
    if (!d) {
      d = { date: fs.panel.dates[day] ?? '', scored: 0, hits: 0, ups: 0 };
      byDay.set(day, d);
    }
    d.scored++;
    if (hit) d.hits++;
    if (realised > 0) d.ups++;
  }
  return [...byDay.entries()]
    .sort((a, b) => a[0] - b[0])
    .slice(-WALK_FORWARD_RECENT_DAYS)
    .map(([, d]) => d);
}

/**
 * Walk-forward evaluation of each algorithm and horizon, then the final fit on every target realised by the last
 * day (the model the predict job serves): @bist/ml's fitLatest, with the walk-forward's seed derivation, so the served
 * model is the fit the evaluation would make at that cutoff. Timings use `now` (performance.now in the worker).
 */
export function runTrainTask(task: TrainTask, now: () => number, progress: ProgressHook): TrainOutcome[] {
  const fs = featuresOfPayload(task.panel);
  const outcomes: TrainOutcome[] = [];
  let own = 0;
  const nextIndex = () => (task.claim ? Atomics.add(task.claim, 0, 1) : own++);
  for (let k = nextIndex(); k < task.algorithmIds.length; k = nextIndex()) {
    const id = task.algorithmIds[k]!;
    const algorithm = algorithmOf(id);
    for (const horizon of task.horizons) {
      const stack = algorithm.needsStack ? stackInputsFor(fs, task.stackBase, horizon) : undefined;
      const t0 = now();
      const run = walkForwardAlgorithm(fs, algorithm, { horizon, ...task.walkForward, clock: now }, stack);
      const t1 = now();
      let stateJson: string | null = null;
      let cutoffDate: string | null = null;
      let trainRows = 0;
      let error = run.error;
      try {
        const fitOptions = {
          ...(task.walkForward.maxTrainRows !== undefined
            ? { maxTrainRows: task.walkForward.maxTrainRows }
            : {}),
          ...(task.walkForward.seed !== undefined ? { seed: task.walkForward.seed } : {}),
          ...(stack ? { stack } : {}),
        };
        trainRows = latestTrainingData(fs, algorithm, horizon, fitOptions).rows.length;
        const model = fitLatest(fs, algorithm, horizon, fitOptions);
        stateJson = JSON.stringify(model);
        cutoffDate = model.cutoffDate;
      } catch (e) {
        error = `final fit: ${message(e)}`;
      }
      outcomes.push({
        algorithmId: id,
        horizon,
        evaluation: {
          ...evaluationRecord(run),
          recentDays: recentWalkForwardDays(fs, run),
          periods: evaluationPeriods(fs, run),
        },
        stateJson,
        cutoffDate,
        trainRows,
        walkForwardMs: t1 - t0,
        finalFitMs: now() - t1,
        error,
        oos: { algorithmId: id, horizon, rows: run.rows.slice(), expectedReturn: run.expectedReturn.slice() },
      });
      progress(id, horizon);
    }
  }
  return outcomes;
}

/** Serves the latest day's rows with stored models: base algorithms first, then ensembles on their predictions. */
export function runPredictTask(task: PredictTask, progress: ProgressHook): ServedOutcome[] {
  const fs = featuresOfPayload(task.panel);
  const rows = latestRows(fs);
  const asOfDate = rows.length > 0 ? (fs.panel.dates[fs.rowDay[rows[0]!]!] ?? '') : '';
  const ordered = [...task.models].sort(
    (a, b) =>
      Number(algorithmOf(a.algorithmId).needsStack ?? false) -
      Number(algorithmOf(b.algorithmId).needsStack ?? false),
  );
  const base: OosPredictions[] = [];
  const outcomes: ServedOutcome[] = [];
  for (const m of ordered) {
    outcomes.push(serveOne(fs, rows, asOfDate, m, base));
    progress(m.algorithmId, m.horizon);
  }
  return outcomes;
}

function serveOne(
  fs: FeatureSet,
  rows: Int32Array,
  asOfDate: string,
  m: ModelForServing,
  base: OosPredictions[],
): ServedOutcome {
  const algorithm = algorithmOf(m.algorithmId);
  const empty: ServedOutcome = {
    algorithmId: m.algorithmId,
    horizon: m.horizon,
    asOfDate,
    seriesIndex: new Int32Array(0),
    expectedReturn: new Float64Array(0),
    direction: new Int8Array(0),
    confidence: new Float64Array(0),
    currentPrice: new Float64Array(0),
    targetPrice: new Float64Array(0),
    error: null,
  };
  if (rows.length === 0) return empty;
  try {
    const model = algorithm.deserialize(JSON.parse(m.stateJson));
    const stack = algorithm.needsStack ? stackInputsFor(fs, base, m.horizon) : undefined;
    const calibration = m.calibration ? { platt: { a: m.calibration.a, b: m.calibration.b } } : null;
    const served = servePredictions(algorithm, model, fs, rows, m.hitRate, stack, calibration);
    if (!algorithm.needsStack)
      base.push({
        algorithmId: m.algorithmId,
        horizon: m.horizon,
        rows: rows.slice(),
        expectedReturn: served.expectedReturn.slice(),
      });
    return {
      ...empty,
      seriesIndex: Int32Array.from(rows, (r) => fs.rowSeries[r]!),
      expectedReturn: Float64Array.from(served.expectedReturn, (r) => Math.expm1(r)),
      direction: served.direction.slice(),
      confidence: served.confidence.slice(),
      currentPrice: served.currentPrice.slice(),
      targetPrice: served.targetPrice.slice(),
    };
  } catch (e) {
    return { ...empty, error: message(e) };
  }
}

/**
 * Drift of every model input: PSI of the panel's last `recentDays` trading days against the days before them, which
 * the models were trained on — on the standardised values the models see (each day's cross-sectional z-score), so a
 * market-wide level shift (inflation in turnover, a crash moving every stock) is not drift of any model; raw values'
 * PSI beside it, and the inputs whose raw level moved while their cross-section did not reported once as a market
 * event (decision 0060). A few seconds of CPU for 600 stocks × 3 years — the reason it runs in a thread and not on
 * the API's event loop.
 */
const LIMIT_FLAGS = new Set(['limit_up', 'limit_down']);

export function runDriftTask(task: DriftTask): FeatureDrift {
  const fs = featuresOfPayload(task.panel);
  const dates = task.panel.dates;
  const nDays = dates.length;
  const asOf = task.asOf;
  const split = Math.max(0, nDays - task.recentDays);
  const before = rowsOfDays(fs, 0, split);
  const recent = rowsOfDays(fs, split, nDays);
  // Values of column c on the given rows; a row whose raw value is missing (a look-back not yet available, which the
  // standardised matrix holds as 0) is left out of both, so young stocks' history is no drift.
  const column = (values: Float64Array, rows: Int32Array, c: number) => {
    const out = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const at = rows[i]! * fs.cols + c;
      out[i] = Number.isFinite(fs.raw[at]!) ? values[at]! : Number.NaN;
    }
    return out;
  };
  const features = fs.featureNames.map((name, c) => {
    // Market-wide inputs have no cross-section; the 0/1 limit flags' share moves with the market's days (a crash
    // day puts many stocks at the lower limit): both are market events, not drift of what a model sees.
    const marketWide = isMarketWideFeature(c) || LIMIT_FLAGS.has(name);
    return {
      name,
      psi: marketWide ? null : psi(column(fs.x, before, c), column(fs.x, recent, c)),
      rawPsi: psi(column(fs.raw, before, c), column(fs.raw, recent, c)),
      marketWide,
    };
  });
  const measured = features.flatMap((f) => (f.psi === null ? [] : [f.psi]));
  const shifted = features.filter(
    (f) => f.rawPsi !== null && f.rawPsi > PSI_SIGNIFICANT && (f.psi === null || f.psi <= PSI_SIGNIFICANT),
  );
  return {
    asOf,
    trainingFrom: dates[0] ?? asOf,
    recentFrom: dates[split] ?? asOf,
    features,
    maxPsi: measured.length > 0 ? Math.max(...measured) : null,
    marketEvent:
      shifted.length > 0
        ? { features: shifted.map((f) => f.name), maxRawPsi: Math.max(...shifted.map((f) => f.rawPsi!)) }
        : null,
  };
}
