import { z } from 'zod';

/** Phases of a Borsa Istanbul equity session (Europe/Istanbul). */
export const SESSION_PHASES = [
  'closed',
  'opening_auction',
  'opening_price',
  'continuous',
  'closing_margin',
  'closing_auction',
  'closing_trades',
] as const;
export type SessionPhase = (typeof SESSION_PHASES)[number];

/** GET /api/market/status: the server's trading calendar, so the top bar never guesses from the browser clock. */
export const marketStatusSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** True during continuous trading (10:00–18:00 Europe/Istanbul on a business day). */
    isOpen: z.boolean(),
    phase: z.enum(SESSION_PHASES),
    /** ISO instant of the next continuous-trading open, or null while open. */
    nextOpen: z.string().nullable(),
    /** ISO instant when today's continuous trading ends, or null while closed. */
    closesAt: z.string().nullable(),
    serverTime: z.string(),
    timeZone: z.literal('Europe/Istanbul'),
  }),
});
export type MarketStatus = z.infer<typeof marketStatusSchema>['data'];
