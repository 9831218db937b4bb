import type { BiRevenue } from '@bist/contracts';

type MrrMonth = BiRevenue['mrr_movements'][number];

/** The bars of an MRR waterfall, in order: totals stand on zero, movements float from the running total. */
export type WaterfallKey = 'start' | 'new' | 'reactivation' | 'expansion' | 'contraction' | 'churn' | 'end';

export interface WaterfallStep {
  key: WaterfallKey;
  kind: 'total' | 'up' | 'down';
  /** The movement's size (totals: the total), lira, never negative. */
  value: number;
  /** Where the bar starts and ends on the value axis (low ≤ high). */
  low: number;
  high: number;
}

/** Start MRR, + new, + reactivation, + expansion, − contraction, − churn, = end MRR. */
export function waterfallSteps(m: MrrMonth): WaterfallStep[] {
  const steps: WaterfallStep[] = [
    { key: 'start', kind: 'total', value: m.start_mrr, low: 0, high: m.start_mrr },
  ];
  let running = m.start_mrr;
  const moves: [WaterfallKey, number, 1 | -1][] = [
    ['new', m.new_mrr, 1],
    ['reactivation', m.reactivation, 1],
    ['expansion', m.expansion, 1],
    ['contraction', m.contraction, -1],
    ['churn', m.churn, -1],
  ];
  for (const [key, value, sign] of moves) {
    const next = running + sign * value;
    steps.push({
      key,
      kind: sign > 0 ? 'up' : 'down',
      value,
      low: Math.min(running, next),
      high: Math.max(running, next),
    });
    running = next;
  }
  steps.push({ key: 'end', kind: 'total', value: m.end_mrr, low: 0, high: m.end_mrr });
  return steps;
}
