/** Every BI query starts with this key (the refresh button invalidates it). */
export const BI_KEY = ['admin', 'bi'] as const;

/** The page's period: 7, 30 or 90 days ending today (spec §9). */
export type BiPeriod = '7' | '30' | '90';

/** The population the page's figures count: the server's default (demo once seeded, else live) or one chosen. */
export type BiSource = 'demo' | 'live' | undefined;

/** The query of a period view: the period and, when chosen, the population. */
export function biViewQuery(period: BiPeriod, source: BiSource): Record<string, string> {
  return source ? { period, source } : { period };
}
