/** Why an optimisation cannot be answered; the server maps every code to a 400 with `message`. */
export type OptimizationErrorCode =
  'too_few_assets' | 'infeasible_caps' | 'target_unreachable' | 'insufficient_history';

/** A request the optimiser cannot satisfy as asked (bad input, not a bug): `code` is stable, `message` says why. */
export class OptimizationError extends Error {
  readonly code: OptimizationErrorCode;

  constructor(code: OptimizationErrorCode, message: string) {
    super(message);
    this.name = 'OptimizationError';
    this.code = code;
  }
}
