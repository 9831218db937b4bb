import { useMutation } from '@tanstack/react-query';
import { csvPreviewResponseSchema, type CsvImportRequest } from '@bist/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/portfolio/transactions/import/preview: every row with its line and reason; nothing saved. */
export async function previewCsvImport(input: CsvImportRequest) {
  const response = await apiRequest('/api/portfolio/transactions/import/preview', {
    method: 'POST',
    body: input,
    schema: csvPreviewResponseSchema,
  });
  return response.data;
}

export function usePreviewCsvImport() {
  return useMutation({ mutationFn: previewCsvImport });
}
