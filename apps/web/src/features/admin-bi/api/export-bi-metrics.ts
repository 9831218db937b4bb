import { useMutation } from '@tanstack/react-query';
import type { BiExportType } from '@bist/contracts';
import { adminUrl } from '@/lib/admin-api-client';
import { adminSession } from '@/lib/admin-session';
import { downloadText } from '@/lib/download';

/** GET /admin/api/bi/export/metrics?type&from&to: text/csv, so not through the JSON client. */
export async function exportBiMetrics(args: {
  type: BiExportType;
  from: string;
  to: string;
  /** The population the page shows (the file counts the same one). */
  source?: 'demo' | 'live';
}): Promise<{ csv: Blob; fileName: string }> {
  const token = adminSession.token();
  const response = await fetch(adminUrl('/bi/export/metrics', args), {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) throw new Error(`Export failed: ${response.status}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${args.type}_${args.from}_${args.to}.csv`;
  // The bytes as sent: the UTF-8 BOM that lets Excel read Turkish letters stays in the file.
  return { csv: await response.blob(), fileName };
}

/** Downloads one metric family; the page alerts 'Export failed' on error (spec §8). */
export function useExportBiMetrics() {
  return useMutation({
    mutationFn: exportBiMetrics,
    onSuccess: ({ csv, fileName }) => downloadText(csv, fileName),
  });
}
