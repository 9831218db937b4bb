import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Consents } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

const KEY = ['auth', 'consents'] as const;

/** GET /api/auth/consents: the notice acknowledged at registration, the campaign e-mails' açık rıza. */
export function useConsents() {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ success: true; data: Consents }>('/api/auth/consents', { signal })).data,
  });
}

/** PUT /api/auth/consents: gives or withdraws the açık rıza for campaign e-mails. */
export function useSetMarketingConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (consent: boolean) =>
      (
        await apiRequest<{ success: true; data: Consents }>('/api/auth/consents', {
          method: 'PUT',
          body: { marketing_consent: consent },
        })
      ).data,
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}
