/**
 * Messages between the main thread and the ML worker threads. Bars travel as flat typed arrays (moved with transfer
 * lists, never copied through structured clone twice); models travel as JSON text.
 */
import type { AlgorithmEvaluation } from '@bist/contracts';
import type { Horizon, Panel } from '@bist/ml';

/** A panel in flat form: `close[s * nDays + d]` is stock s on day d (NaN = no bar); market arrays have nDays values. */
export interface PanelPayload {
  dates: string[];
  symbols: string[];
  sectors: string[];
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  marketOpen: Float64Array;
  marketHigh: Float64Array;
  marketLow: Float64Array;
  marketClose: Float64Array;
  marketVolume: Float64Array;
}

export interface WalkForwardSettings {
  evalDays?: number;
  retrainEvery?: number;
  maxTrainRows?: number;
  minTrainDays?: number;
  seed?: number;
}

/** Out-of-sample predictions of a base algorithm, fed to the stacking ensemble. */
export interface OosPredictions {
  algorithmId: string;
  horizon: Horizon;
  rows: Int32Array;
  expectedReturn: Float64Array;
}

export interface TrainTask {
  kind: 'train';
  panel: PanelPayload;
  algorithmIds: string[];
  horizons: Horizon[];
  walkForward: WalkForwardSettings;
  /** Required for algorithms that need stack inputs (stacking). */
  stackBase?: OosPredictions[];
  /**
   * A counter shared (SharedArrayBuffer) by the tasks of one run that all list the same `algorithmIds`: each thread
   * claims the next unclaimed algorithm (Atomics.add) until none is left, so a thread that finishes early takes more.
   * Without it the task runs every algorithm it lists.
   */
  claim?: Int32Array;
}

export interface ModelForServing {
  algorithmId: string;
  horizon: Horizon;
  stateJson: string;
  /** Walk-forward hit rate (fraction) for the regressor confidence rule; null → confidence 0.5. */
  hitRate: number | null;
  /**
   * The walk-forward's cross-sectional calibration σ(a·(q − ½) + b) (contracts' crossSectionalCalibrationSchema);
   * when present the served confidence is the calibrated one. Null → the uncalibrated rules.
   */
  calibration?: { a: number; b: number } | null;
}

export interface PredictTask {
  kind: 'predict';
  panel: PanelPayload;
  models: ModelForServing[];
}

/** Feature drift of a panel: PSI of each model input, the last `recentDays` trading days against the days before. */
export interface DriftTask {
  kind: 'drift';
  panel: PanelPayload;
  recentDays: number;
  /** The date the measurement is recorded under (the latest bar date the caller saw). */
  asOf: string;
}

/** PSI per model input between the training window and the last DRIFT_RECENT_DAYS trading days. */
export interface FeatureDrift {
  /** Last bar date of the panel measured. */
  asOf: string;
  trainingFrom: string;
  recentFrom: string;
  /**
   * Per model input: `psi` of what the model sees (the day's cross-sectional z-score; market-wide inputs: null, they
   * have no cross-section), `rawPsi` of the raw values (levels: inflation, a crash, a rally move them all).
   */
  features: { name: string; psi: number | null; rawPsi: number | null; marketWide: boolean }[];
  /** Largest `psi`: the drift the models' health is judged on. */
  maxPsi: number | null;
  /**
   * A market-wide level shift, reported once (not per model): inputs whose raw values drifted significantly while
   * what the models see of them did not, and the market-wide inputs that drifted; null when there is none.
   */
  marketEvent: { features: string[]; maxRawPsi: number } | null;
}

export type MlTask = TrainTask | PredictTask | DriftTask;

/** One algorithm × horizon of a training task. */
export interface TrainOutcome {
  algorithmId: string;
  horizon: Horizon;
  /** evaluationRecord(run) of @bist/ml; validated with the contracts' algorithmEvaluationSchema on arrival. */
  evaluation: AlgorithmEvaluation;
  /** JSON of the model fitted on every target realised by the last day; null when the fit failed. */
  stateJson: string | null;
  cutoffDate: string | null;
  trainRows: number;
  walkForwardMs: number;
  finalFitMs: number;
  /** Walk-forward fit error or final fit error, if any. */
  error: string | null;
  oos: OosPredictions;
}

export interface ServedOutcome {
  algorithmId: string;
  horizon: Horizon;
  asOfDate: string;
  /** Index into panel.symbols per prediction. */
  seriesIndex: Int32Array;
  /** Expected simple return (fraction) over the horizon. */
  expectedReturn: Float64Array;
  direction: Int8Array;
  confidence: Float64Array;
  currentPrice: Float64Array;
  targetPrice: Float64Array;
  error: string | null;
}

export type MlTaskResult =
  | { kind: 'train'; outcomes: TrainOutcome[] }
  | { kind: 'predict'; outcomes: ServedOutcome[] }
  | { kind: 'drift'; drift: FeatureDrift };

export type ToWorker = { type: 'run'; taskId: number; task: MlTask };

export type FromWorker =
  | { type: 'ready'; note?: string }
  | { type: 'progress'; taskId: number; algorithmId: string; horizon: Horizon }
  | { type: 'done'; taskId: number; result: MlTaskResult }
  | { type: 'failed'; taskId: number; message: string };

/**
 * The flat form of a panel built by @bist/ml's `panelFromBars` (which aligns the dates and checks the bars): stock s
 * of `panel.series` becomes rows [s·nDays, (s+1)·nDays) of each flat array.
 */
export function payloadOfPanel(panel: Panel): PanelPayload {
  const nDays = panel.dates.length;
  const n = panel.series.length * nDays;
  const flat = () => new Float64Array(n);
  const p: PanelPayload = {
    dates: [...panel.dates],
    symbols: panel.series.map((s) => s.symbol),
    sectors: panel.series.map((s) => s.sector),
    open: flat(),
    high: flat(),
    low: flat(),
    close: flat(),
    volume: flat(),
    marketOpen: Float64Array.from(panel.market.open),
    marketHigh: Float64Array.from(panel.market.high),
    marketLow: Float64Array.from(panel.market.low),
    marketClose: Float64Array.from(panel.market.close),
    marketVolume: Float64Array.from(panel.market.volume),
  };
  panel.series.forEach((s, i) => {
    p.open.set(s.open, i * nDays);
    p.high.set(s.high, i * nDays);
    p.low.set(s.low, i * nDays);
    p.close.set(s.close, i * nDays);
    p.volume.set(s.volume, i * nDays);
  });
  return p;
}

/** The typed-array buffers of a panel, for a transfer list. */
export function panelBuffers(p: PanelPayload): ArrayBuffer[] {
  return [
    p.open,
    p.high,
    p.low,
    p.close,
    p.volume,
    p.marketOpen,
    p.marketHigh,
    p.marketLow,
    p.marketClose,
    p.marketVolume,
  ].map((a) => a.buffer as ArrayBuffer);
}

/** A private copy of a panel (one per worker, so each copy can be transferred). */
export function clonePanel(p: PanelPayload): PanelPayload {
  return {
    dates: p.dates,
    symbols: p.symbols,
    sectors: p.sectors,
    open: p.open.slice(),
    high: p.high.slice(),
    low: p.low.slice(),
    close: p.close.slice(),
    volume: p.volume.slice(),
    marketOpen: p.marketOpen.slice(),
    marketHigh: p.marketHigh.slice(),
    marketLow: p.marketLow.slice(),
    marketClose: p.marketClose.slice(),
    marketVolume: p.marketVolume.slice(),
  };
}

/** Buffers of a task (panel and stack inputs) to move instead of copy. */
export function taskBuffers(task: MlTask): ArrayBuffer[] {
  const out = panelBuffers(task.panel);
  if (task.kind === 'train')
    for (const s of task.stackBase ?? [])
      out.push(s.rows.buffer as ArrayBuffer, s.expectedReturn.buffer as ArrayBuffer);
  return out;
}

export function resultBuffers(result: MlTaskResult): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  if (result.kind === 'train') {
    for (const o of result.outcomes)
      out.push(o.oos.rows.buffer as ArrayBuffer, o.oos.expectedReturn.buffer as ArrayBuffer);
  } else if (result.kind === 'predict') {
    for (const o of result.outcomes) {
      for (const a of [
        o.seriesIndex,
        o.expectedReturn,
        o.direction,
        o.confidence,
        o.currentPrice,
        o.targetPrice,
      ])
        out.push(a.buffer as ArrayBuffer);
    }
  }
  return out;
}
