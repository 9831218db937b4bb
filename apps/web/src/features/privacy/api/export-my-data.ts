import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { downloadText } from '@/lib/download';
import { i18n } from '@/lib/i18n';
import { investorSession } from '@/lib/investor-session';

/** POST /api/privacy/export: the JSON file as an attachment, saved as is (not through the JSON client). */
export async function exportMyData(): Promise<{ file: Blob; fileName: string }> {
  const token = investorSession.token();
  let response: Response;
  try {
    response = await fetch('/api/privacy/export', {
      method: 'POST',
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (cause) {
    throw new ApiError({ kind: 'network', message: i18n.t('errors.network'), status: null, cause });
  }
  if (!response.ok) {
    throw new ApiError({ kind: 'http', message: i18n.t('errors.unexpected'), status: response.status });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'bist-ai-verilerim.json';
  return { file: await response.blob(), fileName };
}

export function useExportMyData() {
  return useMutation({
    mutationFn: exportMyData,
    onSuccess: ({ file, fileName }) => downloadText(file, fileName, 'application/json'),
  });
}
