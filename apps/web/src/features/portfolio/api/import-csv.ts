import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsvImportRequest, csvImportResponseSchema, Infer } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/portfolio/transactions/import: all rows or none. */
export async function importCsv(input: CsvImportRequest) {
  const response = await apiRequest<Infer<typeof csvImportResponseSchema>>(
    '/api/portfolio/transactions/import',
    {
      method: 'POST',
      body: input,
    },
  );
  return response.data;
}

export function useImportCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCsv,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portfolio'] }),
  });
}
