// The call a prediction makes, decided in one place for every screen (investor pages, the stock card, 'En İyi
// Tahminler', the admin AI analytics page): plain values and rules without zod (decision 0053).

/**
 * 'outperform' / 'underperform': the stock is expected to end above / below the day's cross-section ('Piyasadan iyi' /
 * 'Piyasadan kötü', XU100'e göre) — what a model trained on the per-day relative target, or ranked by a factor,
 * predicts. 'up' / 'down': an absolute rise or fall, only from a model that forecasts the absolute return and beats
 * always-up and always-down on the holdout. 'neutral': exactly at the day's median (or a zero forecast).
 */
export const PREDICTION_CALLS = ['outperform', 'underperform', 'neutral', 'up', 'down'] as const;
export type PredictionCall = (typeof PREDICTION_CALLS)[number];

/** How the calls of a production model are worded. */
export type CallMode = 'relative' | 'absolute';

/** The simple factors of the production rule (@bist/ml FACTOR_LADDER ids) by their names on each side. */
export const FACTOR_NAMES: Readonly<Record<string, { tr: string; en: string }>> = {
  low_volatility: { tr: 'düşük oynaklık sıralaması', en: 'low-volatility ranking' },
  yesterday_return: { tr: 'dünkü getiri sıralaması', en: "yesterday's-return ranking" },
  momentum_12_1: { tr: '12-1 momentum sıralaması', en: '12-1 momentum ranking' },
};

/** The t a model's edge over the best simple factor must reach on the selection window to be served (decision 0054). */
export const PRODUCTION_MIN_T = 2;

/** The holdout figures the call mode is decided on (absolute hit rate beside always-up / always-down, percent). */
export interface AbsoluteRecord {
  hitPercent: number | null;
  alwaysUpPercent: number | null;
  alwaysDownPercent: number | null;
}

/**
 * Absolute wording ('Yükseliş' / 'Düşüş', a target price) only for a model that forecasts the absolute return and,
 * on the window it was not selected on, called the direction more often than both always-up and always-down — and
 * whose edge's day-clustered interval lies above zero. Everything else is worded relative to the day's cross-section.
 */
export function callModeOf(
  target: 'relative' | 'absolute' | null,
  holdout: AbsoluteRecord | null,
  edgeCiLowPoints: number | null,
): CallMode {
  if (target !== 'absolute' || !holdout) return 'relative';
  const { hitPercent, alwaysUpPercent, alwaysDownPercent } = holdout;
  if (hitPercent === null || alwaysUpPercent === null || alwaysDownPercent === null) return 'relative';
  const beats = hitPercent > Math.max(alwaysUpPercent, alwaysDownPercent);
  return beats && edgeCiLowPoints !== null && edgeCiLowPoints > 0 ? 'absolute' : 'relative';
}

/** Median of finite values (NaN when none). */
export function medianOf(values: readonly number[]): number {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * THE call of a stock: in absolute mode the sign of its expected return; in relative mode the sign of its expected
 * return minus the median of the same batch (the model's predictions for every stock of that day) — the side of the
 * day's cross-section the model puts it on. A model whose forecasts all fall in a falling market still calls half the
 * stocks 'outperform': that is what it predicts, not a rise.
 */
export function predictionCallOf(
  expectedReturn: number,
  batchMedian: number,
  mode: CallMode,
): PredictionCall {
  if (mode === 'absolute') return expectedReturn > 0 ? 'up' : expectedReturn < 0 ? 'down' : 'neutral';
  const relative = expectedReturn - (Number.isFinite(batchMedian) ? batchMedian : 0);
  return relative > 0 ? 'outperform' : relative < 0 ? 'underperform' : 'neutral';
}

/** One bin of the calibrated reliability table (percent), as stored with the walk-forward evaluation. */
export interface ReliabilityBinValues {
  lowPercent: number;
  highPercent: number;
  count: number;
  realisedPercent: number | null;
  realisedSePoints: number | null;
}

/** Reliability bins with fewer rows than this carry no measured level. */
export const RELIABILITY_MIN_BIN_ROWS = 200;

/** A confidence level as measured: the bin's range and the share of its calls that came true, on the call's side. */
export interface MeasuredLevel {
  lowPercent: number;
  highPercent: number;
  realisedPercent: number;
  sePoints: number | null;
  count: number;
}

/**
 * The measured level of a relative call's confidence: the reliability bin (of P(above the day's median)) the call's
 * probability falls in, with its realised rate, turned to the call's side (an 'underperform' call at 55 % sits in the
 * 45 % bin; its realised rate is 100 − the bin's). Null for other calls, without a populated bin, or with a bin of
 * fewer than RELIABILITY_MIN_BIN_ROWS rows: then no level is shown.
 */
export function measuredLevelOf(
  call: PredictionCall,
  confidencePercent: number,
  bins: readonly ReliabilityBinValues[] | null,
): MeasuredLevel | null {
  if (!bins || (call !== 'outperform' && call !== 'underperform')) return null;
  const pAbove = call === 'outperform' ? confidencePercent : 100 - confidencePercent;
  const bin = bins.find(
    (b) => pAbove >= b.lowPercent && (pAbove < b.highPercent || (b.highPercent >= 100 && pAbove <= 100)),
  );
  if (!bin || bin.realisedPercent === null || bin.count < RELIABILITY_MIN_BIN_ROWS) return null;
  const flip = call === 'underperform';
  return {
    lowPercent: flip ? 100 - Math.min(100, bin.highPercent) : bin.lowPercent,
    highPercent: flip ? 100 - bin.lowPercent : Math.min(100, bin.highPercent),
    realisedPercent: flip ? 100 - bin.realisedPercent : bin.realisedPercent,
    sePoints: bin.realisedSePoints,
    count: bin.count,
  };
}
