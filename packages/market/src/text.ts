// Turkish-aware text folding for search boxes.

const TURKISH_FOLDS: Readonly<Record<string, string>> = {
  İ: 'i',
  I: 'i',
  ı: 'i',
  Ş: 's',
  ş: 's',
  Ğ: 'g',
  ğ: 'g',
  Ü: 'u',
  ü: 'u',
  Ö: 'o',
  ö: 'o',
  Ç: 'c',
  ç: 'c',
};

/** Folds text for accent- and case-insensitive Turkish search: İ/I/ı/i → i, Ş → s, Ğ → g, Ü → u, Ö → o, Ç → c, other diacritics (â, î, û) dropped, lower case. */
export function foldTurkish(text: string): string {
  return text
    .replace(/[İIıŞşĞğÜüÖöÇç]/g, (c) => TURKISH_FOLDS[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
