import { mlRunResponseSchema, type MlRun } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** POST /admin/api/ml/runs: a run over every enabled algorithm. */
export async function startMlRun(kind: 'train' | 'predict'): Promise<MlRun> {
  return (await adminRequest('/ml/runs', { method: 'POST', body: { kind }, schema: mlRunResponseSchema }))
    .data;
}
