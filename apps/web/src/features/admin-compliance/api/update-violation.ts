import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Infer, Violation, violationResponseSchema, ViolationStatus } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';
import { COMPLIANCE_KEY } from './query-keys';

export interface ViolationChange {
  id: string;
  status: ViolationStatus;
  resolution_notes?: string;
  assigned_to?: string;
}

/** PUT /admin/api/compliance/violations/{violation_id}. */
export async function updateViolation({ id, ...body }: ViolationChange): Promise<Violation> {
  return (
    await adminRequest<Infer<typeof violationResponseSchema>>(
      `/compliance/violations/${encodeURIComponent(id)}`,
      {
        method: 'PUT',
        body,
      },
    )
  ).data;
}

export function useUpdateViolation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateViolation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPLIANCE_KEY }),
  });
}
