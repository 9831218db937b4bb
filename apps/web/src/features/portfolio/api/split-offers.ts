import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Infer,
  SplitOffer,
  splitOfferDismissResponseSchema,
  splitOffersResponseSchema,
  TransactionResponse,
} from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/portfolio/split-offers: splits the data provider reported for stocks held the day before them. */
export async function getSplitOffers(signal?: AbortSignal): Promise<SplitOffer[]> {
  const response = await apiRequest<Infer<typeof splitOffersResponseSchema>>('/api/portfolio/split-offers', {
    signal,
  });
  return response.data.offers;
}

export function useSplitOffers() {
  return useQuery({
    queryKey: ['portfolio', 'split-offers'],
    queryFn: ({ signal }) => getSplitOffers(signal),
  });
}

/** POST /api/portfolio/split-offers/accept: records the offered split ('split') or reverse split ('reverse_split'). */
export async function acceptSplitOffer(offer: Pick<SplitOffer, 'symbol' | 'date'>) {
  const response = await apiRequest<TransactionResponse>('/api/portfolio/split-offers/accept', {
    method: 'POST',
    body: { symbol: offer.symbol, date: offer.date },
  });
  return response.data.transaction;
}

export function useAcceptSplitOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptSplitOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portfolio'] }),
  });
}

/** POST /api/portfolio/split-offers/dismiss: declines the offer; the ledger is unchanged and it is not offered again. */
export async function dismissSplitOffer(offer: Pick<SplitOffer, 'symbol' | 'date'>) {
  const response = await apiRequest<Infer<typeof splitOfferDismissResponseSchema>>(
    '/api/portfolio/split-offers/dismiss',
    { method: 'POST', body: { symbol: offer.symbol, date: offer.date } },
  );
  return response.data.dismissed;
}

export function useDismissSplitOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissSplitOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portfolio', 'split-offers'] }),
  });
}
