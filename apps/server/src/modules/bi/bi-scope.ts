import type { BiDataSource, BiQuery } from '@bist/contracts';
import { addCalendarDays, istanbulDate, istanbulInstant } from '@bist/market';
import type { Clock } from '@/lib/clock';
import { BadRequestError } from '@/lib/errors';
import type { BiRepository } from './bi.repository.ts';
import { dayCount } from './metrics.ts';

/** A resolved period: Istanbul days from/to (both included) and the instants [start, end). */
export interface Period {
  from: string;
  to: string;
  days: number;
  start: Date;
  end: Date;
}

/** Longest from/to range, days. */
const MAX_RANGE_DAYS = 366;

/**
 * The period of a query at `now`: 7/30/90 days ending today (default 30), or from/to (Istanbul days, both included);
 * a period never ends after `now`. A from/to range longer than MAX_RANGE_DAYS is a 400 naming `from`.
 */
export function periodOf(query: Pick<BiQuery, 'period' | 'from' | 'to'>, now: Date): Period {
  const today = istanbulDate(now);
  let from: string;
  let to: string;
  if (query.from && query.to) {
    from = query.from;
    to = query.to;
    if (dayCount(from, to) > MAX_RANGE_DAYS)
      throw new BadRequestError(`from and to must be at most ${MAX_RANGE_DAYS} days apart`, 'from');
  } else {
    to = today;
    from = addCalendarDays(today, -(Number(query.period ?? '30') - 1));
  }
  const days = dayCount(from, to);
  const dayEnd = istanbulInstant(addCalendarDays(to, 1), 0);
  return { from, to, days, start: istanbulInstant(from, 0), end: dayEnd < now ? dayEnd : now };
}

/** The period of equal length just before `p`. */
export function previousPeriod(p: Period): Period {
  const to = addCalendarDays(p.from, -1);
  const from = addCalendarDays(to, -(p.days - 1));
  return { from, to, days: p.days, start: istanbulInstant(from, 0), end: p.start };
}

/** Which populations the rows hold (the answers' `sources`). */
export function sourcesOf(...rows: { source: string }[][]) {
  return {
    demo: rows.some((r) => r.some((x) => x.source === 'demo')),
    live: rows.some((r) => r.some((x) => x.source === 'live')),
  };
}

/** Every MRR change up to `to`, as the metrics read them. */
export async function mrrChanges(repo: Pick<BiRepository, 'subscriptionEvents'>, to: Date) {
  const rows = await repo.subscriptionEvents(to);
  return rows.map((r) => ({ userId: r.userId, at: r.occurredAt, mrrKurus: r.mrrKurus, source: r.source }));
}

export interface BiScopeDeps {
  repo: Pick<BiRepository, 'hasDemoSeed'>;
  clock: Clock;
}

/**
 * What a BI query counts: its period on the clock, and the one population of its figures (demo and live never mix in
 * one figure). Shared by the figures, the drill-downs and the exports.
 */
export class BiScope {
  /** Whether the demo history was seeded (once true, it stays so). */
  private demoSeeded = false;

  constructor(private readonly deps: BiScopeDeps) {}

  /** The period of a query, now. */
  period(query: Pick<BiQuery, 'period' | 'from' | 'to'>): Period {
    return periodOf(query, this.deps.clock.now());
  }

  /**
   * The population a query's figures count: the one asked for, else the demo history once it is seeded (the
   * dashboard's story in demo mode), else live.
   */
  async sourceOf(query: { source?: BiDataSource | undefined }): Promise<BiDataSource> {
    if (query.source) return query.source;
    if (!this.demoSeeded) this.demoSeeded = await this.deps.repo.hasDemoSeed();
    return this.demoSeeded ? 'demo' : 'live';
  }
}
