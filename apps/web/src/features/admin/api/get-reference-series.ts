import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferenceSeriesStatus, ReferenceSeriesStatusResponse } from '@bist/contracts';
import { adminRequest } from '@/lib/admin-api-client';

/** GET /admin/api/reference-series: each reference series' source, last value and freshness. */
export async function getReferenceSeries(signal?: AbortSignal): Promise<ReferenceSeriesStatus[]> {
  const response = await adminRequest<ReferenceSeriesStatusResponse>('/reference-series', { signal });
  return response.data.series;
}

export function useReferenceSeries() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'reference-series'],
      queryFn: ({ signal }) => getReferenceSeries(signal),
      refetchInterval: 5 * 60_000,
    }),
  );
}
