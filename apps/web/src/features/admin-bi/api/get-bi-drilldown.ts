import { useMutation, useQuery } from '@tanstack/react-query';
import type { biMrrDrilldownResponseSchema, biSignupDrilldownResponseSchema, Infer } from '@bist/contracts';
import { adminRequest, adminUrl } from '@/lib/admin-api-client';
import { adminSession } from '@/lib/admin-session';
import { downloadText } from '@/lib/download';
import { BI_KEY, type BiPeriod, type BiSource } from './query-keys';

/** Which sign-ups to list: a whole period (the 'New Sign-ups' card) or one day (from = to), of one population. */
export type SignupScope = ({ period: BiPeriod } | { from: string; to: string }) & {
  source?: 'demo' | 'live';
};

/** GET /admin/api/bi/drilldown/signups: the sign-ups behind the card or a day of the user-growth chart. */
export function useSignupDrilldown(scope: SignupScope | null) {
  return useQuery({
    queryKey: [...BI_KEY, 'drilldown', 'signups', scope],
    queryFn: ({ signal }) =>
      adminRequest<Infer<typeof biSignupDrilldownResponseSchema>>('/bi/drilldown/signups', {
        query: scope ?? {},
        signal,
      }).then((b) => b.data),
    enabled: scope !== null,
  });
}

/** GET /admin/api/bi/drilldown/mrr?month: the investors behind a month's MRR movements. */
export function useMrrDrilldown(month: string | null, source: BiSource) {
  return useQuery({
    queryKey: [...BI_KEY, 'drilldown', 'mrr', month, source ?? 'default'],
    queryFn: ({ signal }) =>
      adminRequest<Infer<typeof biMrrDrilldownResponseSchema>>('/bi/drilldown/mrr', {
        query: { month: month ?? '', ...(source ? { source } : {}) },
        signal,
      }).then((b) => b.data),
    enabled: month !== null,
  });
}

/** Downloads a drill-down's rows as CSV (text/csv, so not through the JSON client). */
export async function exportDrilldown(args: {
  kind: 'signups' | 'mrr';
  query: Record<string, string>;
}): Promise<{ csv: Blob; fileName: string }> {
  const token = adminSession.token();
  const response = await fetch(adminUrl(`/bi/drilldown/${args.kind}/export`, args.query), {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) throw new Error(`Export failed: ${response.status}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${args.kind}.csv`;
  return { csv: await response.blob(), fileName };
}

export function useExportDrilldown() {
  return useMutation({
    mutationFn: exportDrilldown,
    onSuccess: ({ csv, fileName }) => downloadText(csv, fileName),
  });
}
