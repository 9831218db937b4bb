import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';

/**
 * KVKK (Law No. 6698 on the protection of personal data): the investor's rights of access ('Verilerimi indir') and
 * erasure ('Hesabımı sil'), each recorded as a request answered within 30 days and tracked on the compliance page.
 */

export const KVKK_REQUEST_TYPES = ['access', 'erasure'] as const;
export type KvkkRequestType = (typeof KVKK_REQUEST_TYPES)[number];

/** received: recorded, not yet carried out; completed: carried out (access: file delivered; erasure: data erased). */
export const KVKK_REQUEST_STATUSES = ['received', 'completed'] as const;
export type KvkkRequestStatus = (typeof KVKK_REQUEST_STATUSES)[number];

/** KVKK art. 13: the controller answers a data subject's request within 30 days at the latest. */
export const KVKK_DEADLINE_DAYS = 30;

export const kvkkErasureRequestSchema = z.object({
  password: z.string({ error: 'Şifrenizi girin' }).min(1, 'Şifrenizi girin'),
});
export type KvkkErasureRequest = z.infer<typeof kvkkErasureRequestSchema>;

export const kvkkErasureResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The request's pseudonymous reference (what the compliance page shows). */
  reference: z.string(),
  /**
   * What the law keeps, no longer linked to the person (moved to a random id with no mapping kept): rows per kind.
   * The confirmation page says what each is and why it is kept.
   */
  retained: z.object({
    /** Trades and cash movements of the ledger (demo rows are deleted, not kept). */
    transactions: z.number().int(),
    payments: z.number().int(),
    subscription_events: z.number().int(),
  }),
});

export const kvkkRequestSchema = z.object({
  id: z.string(),
  type: z.enum(KVKK_REQUEST_TYPES),
  status: z.enum(KVKK_REQUEST_STATUSES),
  /** Pseudonymous reference of the request, e.g. 'KVKK-3F9A1C2B'. */
  reference: z.string(),
  /** The investor's e-mail while the account exists; null once it is erased (only the reference remains). */
  subject_email: z.string().nullable(),
  subject_erased: z.boolean(),
  requested_at: z.string(),
  /** requested_at + 30 days. */
  deadline_at: z.string(),
  completed_at: z.string().nullable(),
  /** Whole days until the deadline (negative: overdue); null once completed. */
  days_left: z.number().int().nullable(),
  overdue: z.boolean(),
  /** What was done: rows exported, deleted, pseudonymised or unlinked per table. */
  details: z.record(z.string(), z.unknown()),
});
export type KvkkRequest = z.infer<typeof kvkkRequestSchema>;

export const kvkkRequestsQuerySchema = z.object({
  type: z.enum(KVKK_REQUEST_TYPES, { error: 'type must be access or erasure' }).optional(),
});

export const kvkkRequestListResponseSchema = dataEnvelope(
  z.object({
    requests: z.array(kvkkRequestSchema),
    open: z.number().int(),
    overdue: z.number().int(),
  }),
);
export type KvkkRequestList = z.infer<typeof kvkkRequestListResponseSchema>['data'];
