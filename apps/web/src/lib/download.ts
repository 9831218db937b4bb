/**
 * Saves text or the bytes of a response as a file through a temporary link (CSV exports). Pass the response's Blob
 * to keep its bytes exactly (Response.text() drops a UTF-8 byte order mark).
 */
export function downloadText(
  content: string | Blob,
  fileName: string,
  type = 'text/csv;charset=utf-8',
): void {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
