import { useMutation } from '@tanstack/react-query';
import type { CsvImportRequest, csvPreviewResponseSchema, Infer } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/portfolio/transactions/import/preview: every row with its line and reason; nothing saved. */
export async function previewCsvImport(input: CsvImportRequest) {
  const response = await apiRequest<Infer<typeof csvPreviewResponseSchema>>(
    '/api/portfolio/transactions/import/preview',
    {
      method: 'POST',
      body: input,
    },
  );
  return response.data;
}

export function usePreviewCsvImport() {
  return useMutation({ mutationFn: previewCsvImport });
}
