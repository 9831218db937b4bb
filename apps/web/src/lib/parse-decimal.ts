/**
 * Parses a tr-TR or plain number typed by a person: '1.234,56', '1234,56', '1234.56'. Dots in groups of three
 * without a comma are Turkish thousands ('10.000' is ten thousand, '1.234.567' over a million); a single dot
 * followed by one, two or more than three digits is a decimal point ('12.5'). NaN when it is not a number.
 */
export function parseDecimal(text: string): number {
  const raw = text.trim().replace(/\s/g, '').replace(/^₺/, '');
  if (raw === '') return Number.NaN;
  let normalized = raw;
  if (raw.includes(',')) normalized = raw.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(raw)) normalized = raw.replace(/\./g, '');
  if (!/^-?\d+(\.\d+)?$/.test(normalized)) return Number.NaN;
  return Number(normalized);
}
