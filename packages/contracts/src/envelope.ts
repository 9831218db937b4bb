import { z } from 'zod';

/** Failure envelope of every API (docs/ARCHITECTURE.md §4): `{ success: false, error }`, plus where the failure came from. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  /** The request field that was wrong, when one was (e.g. `email`, `query.page`). */
  field: z.string().optional(),
  /** Every invalid field with its message, for forms that show errors under each field. */
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
  /** A plan limit refused the request (403): the cheapest plan that allows it (decision 0056). */
  required_plan: z.enum(['free', 'premium', 'pro']).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * What a schema parses to. The web app types response bodies with it (`apiRequest<Infer<typeof xSchema>>`) and
 * does not parse them again: the server's serializer checked each one against that schema before sending it.
 */
export type Infer<S extends z.ZodType> = z.output<S>;

/** Success envelope with a `data` payload. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const okEnvelopeSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** Response schemas for the common error statuses, to spread into a route's `response`. */
export const errorResponses = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  500: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
} as const;
