import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { mlRunKindSchema, mlRunSchema } from './predictions.ts';

/**
 * Admin API of ML runs (train / predict / evaluate): start, watch, cancel and retry them. Messages in English like
 * the rest of the admin realm.
 */

/** Body of POST /admin/api/ml/runs. */
export const mlRunRequestSchema = z.object({
  kind: mlRunKindSchema,
  /** The algorithms the run covers; omitted or null = every enabled algorithm. */
  algorithm_ids: z
    .array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'algorithm_ids holds algorithm ids such as "ridge"'))
    .min(1, 'algorithm_ids needs at least one id (omit it for every algorithm)')
    .max(100)
    .nullable()
    .optional(),
});
export type MlRunRequest = z.infer<typeof mlRunRequestSchema>;

export const mlRunParamsSchema = z.object({ id: z.uuid({ error: 'id must be a run id' }) });

export const mlRunListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
});

export const mlRunResponseSchema = dataEnvelope(mlRunSchema);
export const mlRunListResponseSchema = dataEnvelope(z.object({ runs: z.array(mlRunSchema) }));
