// The 5×5 risk matrix: likelihood × impact, each 1–5, banded into the spec's four levels.
import type { RuleSeverity } from './rules/catalogue.ts';

/** Score bands of a 5×5 likelihood × impact matrix: 1–4 low, 5–9 medium, 10–14 high, 15–25 critical. */
export function riskLevelOf(score: number): RuleSeverity {
  if (!Number.isInteger(score) || score < 1 || score > 25)
    throw new RangeError(`risk score must be 1–25, got ${score}`);
  if (score >= 15) return 'critical';
  if (score >= 10) return 'high';
  if (score >= 5) return 'medium';
  return 'low';
}

export const riskScoreOf = (likelihood: number, impact: number): number => likelihood * impact;
