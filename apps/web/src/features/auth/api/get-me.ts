import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerUser, Infer, meResponseSchema } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/auth/me. A 401 goes through the API client: the session is cleared and the app goes to /login. */
export async function getMe(signal?: AbortSignal): Promise<CustomerUser> {
  const response = await apiRequest<Infer<typeof meResponseSchema>>('/api/auth/me', { signal });
  return response.user;
}

export function getMeQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'me', token],
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useMe(token: string | null, enabled: boolean) {
  return useQuery({ ...getMeQueryOptions(token ?? ''), enabled: enabled && token !== null });
}
