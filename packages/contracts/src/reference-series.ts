import { z } from 'zod';
import { REFERENCE_SERIES_CODES } from './reference-series.values.ts';

export const referenceSeriesStatusSchema = z.object({
  code: z.enum(REFERENCE_SERIES_CODES),
  frequency: z.enum(['monthly', 'daily']),
  unit: z.string(),
  /** Where the latest values came from: shipped, yahoo, import, evds; null when the series holds nothing. */
  source: z.string().nullable(),
  /** The date the latest values were published (YYYY-MM-DD), when the source says it. */
  published_at: z.string().nullable(),
  /** The latest date (a monthly series: its month, YYYY-MM) and value. */
  last_date: z.string().nullable(),
  last_value: z.number().nullable(),
  values: z.number().int(),
  /** Months missing between the first and the last of a monthly series (reported, never filled in). */
  missing_months: z.array(z.string()),
  /** 'fresh', 'stale' (older than the source's usual delay) or 'empty'. */
  freshness: z.enum(['fresh', 'stale', 'empty']),
  /** Days between the latest value and today. */
  age_days: z.number().int().nullable(),
  /**
   * The server's last failed fetch of the series from a source (e.g. TCMB EVDS refused the key, or did not answer),
   * until a fetch succeeds; null when the last one succeeded or none was tried. Never contains the key.
   */
  fetch_problem: z.object({ source: z.string(), at: z.string(), message: z.string() }).nullable(),
});
export type ReferenceSeriesStatus = z.infer<typeof referenceSeriesStatusSchema>;

/** GET /admin/api/reference-series. */
export const referenceSeriesStatusResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ series: z.array(referenceSeriesStatusSchema) }),
});
export type ReferenceSeriesStatusResponse = z.infer<typeof referenceSeriesStatusResponseSchema>;
