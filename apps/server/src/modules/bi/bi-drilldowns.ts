import type { BiDataSource, BiMrrDrilldown, BiQuery, BiSignupDrilldown } from '@bist/contracts';
import { istanbulDate } from '@bist/market';
import type { Clock } from '@/lib/clock';
import { BadRequestError } from '@/lib/errors';
import type { BiRepository } from './bi.repository.ts';
import { mrrChanges, type BiScope } from './bi-scope.ts';
import {
  lira,
  monthOf,
  monthStart,
  mrrMonthInLira,
  mrrMovementRows,
  mrrMovements,
  nextMonth,
} from './metrics.ts';

export interface BiDrilldownsDeps {
  repo: Pick<BiRepository, 'signupsBetween' | 'subscriptionEvents'>;
  clock: Clock;
  scope: BiScope;
}

/** The rows behind a BI figure: the sign-ups of a period, the investors behind a month's MRR movements. */
export class BiDrilldowns {
  constructor(private readonly deps: BiDrilldownsDeps) {}

  /** The sign-ups behind 'New Sign-ups' and the user-growth chart's sign-ups for a period (or one day: from = to). */
  async signupDrilldown(query: BiQuery): Promise<BiSignupDrilldown> {
    const p = this.deps.scope.period(query);
    const source = await this.deps.scope.sourceOf(query);
    const rows = (await this.deps.repo.signupsBetween(p.start, p.end)).filter((r) => r.source === source);
    return {
      period: { from: p.from, to: p.to, days: p.days },
      total: rows.length,
      rows: rows.map((r) => ({
        user_id: r.userId,
        signed_up_at: r.at.toISOString(),
        date: istanbulDate(r.at),
        source: r.source === 'demo' ? 'demo' : 'live',
      })),
    };
  }

  /** The investors behind one month's MRR movements (the month so far for the current one), with the month's figures. */
  async mrrDrilldown(month: string, source?: BiDataSource): Promise<BiMrrDrilldown> {
    const now = this.deps.clock.now();
    const population = await this.deps.scope.sourceOf({ source });
    if (month > monthOf(istanbulDate(now)))
      throw new BadRequestError('month must not be in the future', 'month');
    const from = monthStart(month);
    const next = monthStart(nextMonth(month));
    const to = next < now ? next : now;
    const changes = (await mrrChanges(this.deps.repo, now)).filter((x) => x.source === population);
    return {
      currency: 'TRY',
      source: population,
      movements: mrrMonthInLira(month, mrrMovements(changes, from, to)),
      rows: mrrMovementRows(changes, from, to).map((r) => ({
        user_id: r.userId,
        start_mrr: lira(r.startMrr),
        end_mrr: lira(r.endMrr),
        change: lira(r.endMrr - r.startMrr),
        movement: r.movement,
      })),
    };
  }
}
