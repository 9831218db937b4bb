/** Parses a tr-TR or plain number typed by a person: '1.234,56', '1234,56', '1234.56'. NaN when it is not one. */
export function parseDecimal(text: string): number {
  const raw = text.trim().replace(/\s/g, '').replace(/^₺/, '');
  if (raw === '') return Number.NaN;
  let normalized = raw;
  if (raw.includes(',')) normalized = raw.replace(/\./g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(normalized)) return Number.NaN;
  return Number(normalized);
}
