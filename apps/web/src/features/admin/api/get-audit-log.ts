import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEventType, AuditLogResponse } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

export interface AuditLogFilter {
  page: number;
  limit: number;
  eventType: AuditEventType | 'all';
  /** Substring of the acting user's e-mail. */
  user: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

/** GET /admin/api/audit-log?page&limit&event_type&user&from&to. */
export function getAuditLog(filter: AuditLogFilter, signal?: AbortSignal): Promise<AuditLogResponse> {
  return adminRequest<AuditLogResponse>('/audit-log', {
    signal,
    query: {
      page: filter.page,
      limit: filter.limit,
      event_type: filter.eventType === 'all' ? undefined : filter.eventType,
      user: filter.user.trim() || undefined,
      from: filter.from || undefined,
      to: filter.to || undefined,
    },
  });
}

export function getAuditLogQueryOptions(filter: AuditLogFilter) {
  return queryOptions({
    queryKey: ['admin', 'audit-log', filter],
    queryFn: ({ signal }) => getAuditLog(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(filter: AuditLogFilter, enabled = true) {
  return useQuery({ ...getAuditLogQueryOptions(filter), enabled });
}
