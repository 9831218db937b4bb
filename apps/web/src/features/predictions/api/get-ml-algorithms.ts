import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlgorithmList, algorithmListSchema, Infer } from '@bist/contracts';
import { CUSTOMER_ALGORITHM_LIST_MAX, PREDICTIONS_REFRESH_MS } from '@bist/contracts/values';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/ml-algorithms/list (data.algorithms), best accuracy first. Accuracy and counts come from the server's
 * evaluations; none are made up in the browser.
 */
export async function getMlAlgorithms(limit: number, signal?: AbortSignal): Promise<AlgorithmList> {
  const body = await apiRequest<Infer<typeof algorithmListSchema>>(`/api/ml-algorithms/list?limit=${limit}`, {
    signal,
  });
  return body.data;
}

export function getMlAlgorithmsQueryOptions(limit: number = CUSTOMER_ALGORITHM_LIST_MAX) {
  return queryOptions({
    queryKey: ['predictions', 'ml-algorithms', { limit }],
    queryFn: ({ signal }) => getMlAlgorithms(limit, signal),
    refetchInterval: PREDICTIONS_REFRESH_MS,
  });
}

export function useMlAlgorithms(limit: number = CUSTOMER_ALGORITHM_LIST_MAX) {
  return useQuery(getMlAlgorithmsQueryOptions(limit));
}
