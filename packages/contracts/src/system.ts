import { z } from 'zod';

/** GET /health (spec §7): status, version, uptime and whether the database answers. */
export const healthResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(['ok', 'degraded']),
  uptimeSeconds: z.number(),
  database: z.object({
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
  }),
  /**
   * Demo mode is announced on purpose (the login page says any e-mail works, demo data is labelled). The version and
   * the kind of database are not: a public probe has no use for them and they help fingerprinting (decision 0021).
   */
  demoMode: z.boolean(),
  timestamp: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/platform/stats: the landing page's figures, read live from the running server. */
export const platformStatsSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** Listed stocks in the universe, or null before market data exists. */
    stocks: z.number().int().nullable(),
    /** Live indices, or null before market data exists. */
    indices: z.number().int().nullable(),
    /** API endpoints the server exposes, counted from its route table. */
    apiEndpoints: z.number().int(),
    /** Share of health probes that succeeded since the server started, in percent. */
    uptimePercent: z.number(),
    uptimeSeconds: z.number(),
    algorithms: z.number().int().nullable(),
  }),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>['data'];
