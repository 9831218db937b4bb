import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EmergencyStopResult,
  emergencyStopResultSchema,
  Infer,
  MlRun,
  mlRunResponseSchema,
  okEnvelopeSchema,
  promoteResultSchema,
} from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { AI_OPS_KEY } from './query-keys';

const path = (id: string) => `/ai/algorithms/${encodeURIComponent(id)}`;

/** POST /admin/api/ai/algorithms/{id}/train | predict: the queued run. */
export async function startAlgorithmRun(id: string, kind: 'train' | 'predict'): Promise<MlRun> {
  const body = await adminRequest<Infer<typeof mlRunResponseSchema>>(`${path(id)}/${kind}`, {
    method: 'POST',
    body: {},
  });
  return body.data;
}

/** POST /admin/api/ai/algorithms/{id}/enable | disable. */
export async function setAlgorithmEnabled(id: string, enabled: boolean): Promise<void> {
  await adminRequest<Infer<typeof okEnvelopeSchema>>(`${path(id)}/${enabled ? 'enable' : 'disable'}`, {
    method: 'POST',
    body: {},
  });
}

/** POST /admin/api/control/algorithms/{id}/emergency-stop, or /control/emergency-stop-all with id null. */
export async function emergencyStop(id: string | null, reason: string): Promise<EmergencyStopResult> {
  const url =
    id === null
      ? '/control/emergency-stop-all'
      : `/control/algorithms/${encodeURIComponent(id)}/emergency-stop`;
  return (
    await adminRequest<Infer<typeof emergencyStopResultSchema>>(url, { method: 'POST', body: { reason } })
  ).data;
}

/** POST /admin/api/ai/algorithms/{id}/versions/{versionId}/promote. */
export async function promoteVersion(id: string, versionId: string, reason: string) {
  return (
    await adminRequest<Infer<typeof promoteResultSchema>>(`${path(id)}/versions/${versionId}/promote`, {
      method: 'POST',
      body: { reason },
    })
  ).data;
}

/** Any of the above; on success the centre's data reload. */
export function useAiAction<A, R>(action: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: AI_OPS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] });
    },
  });
}
