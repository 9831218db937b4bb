import type { Infer, MlRun, mlRunResponseSchema } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** POST /admin/api/ml/runs: a run over every enabled algorithm. */
export async function startMlRun(kind: 'train' | 'predict'): Promise<MlRun> {
  return (
    await adminRequest<Infer<typeof mlRunResponseSchema>>('/ml/runs', { method: 'POST', body: { kind } })
  ).data;
}
