/**
 * The confidence rule, one place for the whole product.
 * - Classifiers: confidence = calibrated probability of the predicted direction, max(p, 1 − p), where p is the
 *   classifier's score passed through Platt scaling fitted on held-out recent training rows.
 * - Calibrated (when the model's walk-forward carries a cross-sectional calibration): P(the stock ends above its day's
 *   median | the prediction's percentile among the day's predictions), for the relative side of the stock: p for a
 *   stock ranked in the upper half of the day's predictions, 1 − p for the lower half (0.5 where the calibration does
 *   not support that side). The side is relative — the product calls it 'Piyasadan iyi' / 'Piyasadan kötü'.
 * - Regressors without a calibration: confidence = 0.5 + (hitRate − 0.5) · min(2.5, |z| / 0.798), clipped to
 *   [0.5, 0.99], where hitRate is the model's walk-forward directional hit rate and z = expectedReturn /
 *   predictionScale (the sd of the model's predictions on its training rows; 0.798 = E|z| for a normal z, so an
 *   average-strength signal gets exactly the walk-forward hit rate). A hit rate below ½ gives 0.5, never a confidence
 *   under ½ that would imply the opposite direction. Without a walk-forward hit rate the confidence is 0.5.
 * Target price = current price × (1 + expected return), the expected return being a simple return.
 */

/** E[r] ≈ (2p − 1)·E|r| for a calibrated P(r > 0) = p under symmetric up/down magnitudes: a classifier's return estimate. */
export function expectedReturnFromProbability(probabilityUp: number, meanAbsReturn: number): number {
  return (2 * probabilityUp - 1) * meanAbsReturn;
}

/** Classifier confidence: calibrated probability of the predicted direction, max(p, 1 − p). */
export function classifierConfidence(probabilityUp: number): number {
  return Math.max(probabilityUp, 1 - probabilityUp);
}

/** E|z| of a standard normal, √(2/π). */
const MEAN_ABS_Z = Math.sqrt(2 / Math.PI);

/** Regressor confidence: 0.5 + (hitRate − 0.5)·min(2.5, |z|/E|z|), clipped to [0.5, 0.99]; 0.5 without a hit rate. */
export function regressorConfidence(
  expectedReturn: number,
  predictionScale: number,
  walkForwardHitRate: number | null,
): number {
  if (walkForwardHitRate === null || !Number.isFinite(walkForwardHitRate)) return 0.5;
  const z = predictionScale > 0 ? Math.abs(expectedReturn) / predictionScale : 0;
  const f = Math.min(2.5, z / MEAN_ABS_Z);
  return Math.min(0.99, Math.max(0.5, 0.5 + (walkForwardHitRate - 0.5) * f));
}

/**
 * Calibrated confidence of a call: `pAbove` = calibrated P(above the day's median); an up call (direction > 0) gets
 * pAbove when it is ≥ ½, a down call 1 − pAbove when pAbove ≤ ½; a call the calibration does not support gets 0.5.
 */
export function calibratedConfidence(pAbove: number, direction: number): number {
  if (!Number.isFinite(pAbove) || direction === 0) return 0.5;
  const c = direction > 0 ? pAbove : 1 - pAbove;
  return Math.min(0.99, Math.max(0.5, c));
}

/** Target price from the current price and an expected log return: price × (1 + (e^r − 1)). */
export function targetPrice(currentPrice: number, expectedLogReturn: number): number {
  return currentPrice * (1 + Math.expm1(expectedLogReturn));
}
