/** Every BI query starts with this key (the refresh button invalidates it). */
export const BI_KEY = ['admin', 'bi'] as const;

/** The page's period: 7, 30 or 90 days ending today (spec §9). */
export type BiPeriod = '7' | '30' | '90';
