// Writing CSV for download: RFC 4180 quoting, CRLF line ends, and cells a spreadsheet would run as formulas neutralised.
// One writer for every export (the portfolio ledger, the BI metric families).

/**
 * One CSV cell. Text that a spreadsheet would run as a formula — starting with = + - @, a tab or a carriage return,
 * also right after a ';' (Turkish-locale Excel splits cells at ';') — gets an apostrophe; any cell holding a comma,
 * semicolon, quote or line break is quoted.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string') {
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    text = text.replace(/;([=+\-@\t\r])/g, ";'$1");
  }
  return /[",;\r\n\t]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Byte order mark: Excel reads a CSV as UTF-8 (Turkish letters intact) only when the file starts with it. */
export const UTF8_BOM = '\uFEFF';

/** A whole CSV document: header and rows through `csvCell`, CRLF after every line, with the UTF-8 BOM first. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
