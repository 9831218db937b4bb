import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Infer,
  Violation,
  violationBulkResponseSchema,
  ViolationBulkResult,
  violationResponseSchema,
  ViolationStatus,
} from '@bist/contracts';
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

export interface ViolationBulkChange {
  ids: string[];
  status: ViolationStatus;
  resolution_notes?: string;
  assigned_to?: string;
}

/** POST /admin/api/compliance/violations/bulk: one move on several violations, all or none. */
export async function updateViolations(body: ViolationBulkChange): Promise<ViolationBulkResult> {
  return (
    await adminRequest<Infer<typeof violationBulkResponseSchema>>('/compliance/violations/bulk', {
      method: 'POST',
      body,
    })
  ).data;
}

export function useUpdateViolations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateViolations,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPLIANCE_KEY }),
  });
}
