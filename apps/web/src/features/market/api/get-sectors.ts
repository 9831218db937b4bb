import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Infer, sectorsSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/stocks/sectors: sectors with their stock counts. */
export async function getSectors(signal?: AbortSignal) {
  const response = await apiRequest<Infer<typeof sectorsSchema>>('/api/stocks/sectors', { signal });
  return response.data.sectors;
}

export function getSectorsQueryOptions() {
  return queryOptions({
    queryKey: ['stocks', 'sectors'],
    queryFn: ({ signal }) => getSectors(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSectors() {
  return useQuery(getSectorsQueryOptions());
}
