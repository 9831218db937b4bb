import { useMutation } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@bist/contracts';
import { ApiError } from '@/lib/api-client';
import { downloadText } from '@/lib/download';
import { i18n } from '@/lib/i18n';
import { investorSession } from '@/lib/investor-session';

/** GET /api/portfolio/transactions/export: text/csv, so not through the JSON client. */
export async function exportCsv(): Promise<{ csv: string; fileName: string }> {
  const token = investorSession.token();
  let response: Response;
  try {
    response = await fetch('/api/portfolio/transactions/export', {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (cause) {
    throw new ApiError({ kind: 'network', message: i18n.t('errors.network'), status: null, cause });
  }
  if (!response.ok) {
    // The server's envelope, when it sent one (a plan limit names the plan that allows the export).
    const envelope = (await response.json().catch(() => undefined)) as Partial<ErrorEnvelope> | undefined;
    throw new ApiError({
      kind: 'http',
      message: i18n.t('errors.unexpected'),
      status: response.status,
      envelope,
    });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'portfoy-islemleri.csv';
  return { csv: await response.text(), fileName };
}

/** Downloads the CSV through a temporary link. */
export function useExportCsv() {
  return useMutation({
    mutationFn: exportCsv,
    onSuccess: ({ csv, fileName }) => downloadText(csv, fileName),
  });
}
