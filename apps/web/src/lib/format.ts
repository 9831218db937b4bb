/**
 * Display formats of the investor side, one module for every page: missing values show '---', prices in lira,
 * percents through Intl (Turkish puts the sign before the number: '%51,7', '+%2,35', '-%0,51'), one set of
 * abbreviations for large numbers (Bin, Mn, Mr, Tn; in English K, M, B, T), exact chart ticks, and Turkish case
 * suffixes after a number. The language follows the investor's choice (`setFormatLanguage`); Turkish by default.
 */

export const MISSING = '---';

export type Trend = 'up' | 'down' | 'neutral';

export type FormatLanguage = 'tr' | 'en';

let language: FormatLanguage = 'tr';

/** Called when the investor switches language; every formatter after this uses it. */
export function setFormatLanguage(next: FormatLanguage): void {
  language = next;
}

function locale(): string {
  return language === 'en' ? 'en-US' : 'tr-TR';
}

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale()}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale(), options);
    cache.set(key, format);
  }
  return format;
}

function digits(fractionDigits: number): Intl.NumberFormatOptions {
  return { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
}

function isPresent(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** ₺1.234,56 (English: ₺1,234.56); a negative amount '-₺12,50'. */
export function formatPrice(value: number | null | undefined): string {
  if (!isPresent(value)) return MISSING;
  const rounded = Math.round(value * 100) / 100;
  const sign = rounded < 0 ? '-' : '';
  return `${sign}₺${numberFormat(digits(2)).format(Math.abs(rounded))}`;
}

/** A signed amount of lira: '+₺200,00', '-₺12,50', '₺0,00'. */
export function formatSignedPrice(value: number | null | undefined): string {
  if (!isPresent(value)) return MISSING;
  const text = formatPrice(value);
  return Math.round(value * 100) > 0 ? `+${text}` : text;
}

/** A signed change in percent (1.234 = +1,234 %): '+%1,23', '-%0,46', '%0,00' (English '+1.23%'). */
export function formatChange(percent: number | null | undefined, fractionDigits = 2): string {
  if (!isPresent(percent)) return MISSING;
  return numberFormat({ style: 'percent', signDisplay: 'exceptZero', ...digits(fractionDigits) }).format(
    percent / 100,
  );
}

/** An unsigned share in percent (51.7 = 51,7 %): '%51,7' (English '51.7%'). */
export function formatPercent(value: number | null | undefined, fractionDigits = 1): string {
  if (!isPresent(value)) return MISSING;
  return numberFormat({ style: 'percent', ...digits(fractionDigits) }).format(value / 100);
}

/** '2026-11-20' → '20.11.2026' (a calendar date: no time-zone shift). */
export function formatIsoDate(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match) return MISSING;
  return `${match[3]}.${match[2]}.${match[1]}`;
}

/** Up when positive, down when negative, neutral when zero or missing. */
export function trendOf(value: number | null | undefined): Trend {
  if (!isPresent(value) || value === 0) return 'neutral';
  return value > 0 ? 'up' : 'down';
}

/** Tailwind colour class for a change: the same three tokens (up, down, neutral) everywhere. */
export function changeColorClass(value: number | null | undefined): string {
  const trend = trendOf(value);
  if (trend === 'up') return 'text-up';
  if (trend === 'down') return 'text-down';
  return 'text-neutral';
}

/** A plain number (Turkish: thousands '.', decimals ','). */
export function formatNumber(value: number | null | undefined, fractionDigits = 0): string {
  if (!isPresent(value)) return MISSING;
  return numberFormat(digits(fractionDigits)).format(value);
}

const UNITS = [
  { value: 1e12, tr: 'Tn', en: 'T' },
  { value: 1e9, tr: 'Mr', en: 'B' },
  { value: 1e6, tr: 'Mn', en: 'M' },
  { value: 1e3, tr: 'Bin', en: 'K' },
] as const;

/**
 * A large number with the one set of abbreviations used in tables, cards and charts: '12,3 Mn', '4,5 Bin',
 * '1,2 Mr', '3,4 Tn' (English '12.3M', '4.5K', '1.2B', '3.4T'); below a thousand the plain number.
 * `exact` keeps every digit the abbreviated value has (up to 3 decimals) instead of one: chart ticks, where
 * 1.250.000 must read '1,25 Mn', not '1,3 Mn'.
 */
export function formatCompact(
  value: number | null | undefined,
  options: { exact?: boolean; from?: number } = {},
): string {
  if (!isPresent(value)) return MISSING;
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const from = options.from ?? 1e3;
  const fraction: Intl.NumberFormatOptions = options.exact
    ? { minimumFractionDigits: 0, maximumFractionDigits: 3 }
    : digits(1);
  let index = UNITS.findIndex((unit) => abs >= unit.value && abs >= from);
  // 999.960 is '1,0 Mn', not '1.000,0 Bin'.
  if (index > 0 && !options.exact && Math.round((abs / UNITS[index]!.value) * 10) / 10 >= 1000) index -= 1;
  const unit = UNITS[index];
  if (unit) {
    const number = numberFormat(fraction).format(abs / unit.value);
    return language === 'en' ? `${sign}${number}${unit.en}` : `${sign}${number} ${unit.tr}`;
  }
  return `${sign}${numberFormat(options.exact ? fraction : digits(0)).format(abs)}`;
}

/** Traded volume (shares or lira): the compact form from a thousand. */
export function formatVolume(value: number | null | undefined): string {
  return formatCompact(value);
}

/**
 * A large lira amount for cards and tables: '₺12,4 Mr', '₺850,0 Mn'; below a million the full amount ('₺12.345,67').
 * With `exact` (chart ticks) every digit of the abbreviated value is kept.
 */
export function formatAmount(value: number | null | undefined, options: { exact?: boolean } = {}): string {
  if (!isPresent(value)) return MISSING;
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs < 1e6 && !options.exact) return formatPrice(value);
  return `${sign}₺${formatCompact(abs, { exact: options.exact ?? false, from: options.exact ? 1e3 : 1e6 })}`;
}

// ───────────────────────────── Turkish suffixes after numbers ─────────────────────────────

/** The last word said when reading a whole number in Turkish ('17' → 'yedi', '40' → 'kırk', '100' → 'yüz'). */
function lastSpokenWord(n: number): string {
  const ones = ['sıfır', 'bir', 'iki', 'üç', 'dört', 'beş', 'altı', 'yedi', 'sekiz', 'dokuz'];
  const tens = ['', 'on', 'yirmi', 'otuz', 'kırk', 'elli', 'altmış', 'yetmiş', 'seksen', 'doksan'];
  if (n === 0) return 'sıfır';
  if (n % 10 !== 0) return ones[n % 10]!;
  if (n % 100 !== 0) return tens[(n % 100) / 10]!;
  if (n % 1000 !== 0) return 'yüz';
  if (n % 1e6 !== 0) return 'bin';
  if (n % 1e9 !== 0) return 'milyon';
  return 'milyar';
}

/** The last word said when reading a displayed number: the decimals after the comma when there are any. */
function spokenEnd(text: string): string {
  const numeric = text.replace(/[^\d,]/g, '');
  const [whole = '0', decimals] = numeric.split(',');
  const part = decimals !== undefined && decimals !== '' ? decimals : whole;
  return lastSpokenWord(Number(part));
}

export type TurkishCase =
  /** '-(s)I': 'portföyün %17,9'u', 'yüzde 20'si' */
  | 'possessive'
  /** '-DA': '%5'te' */
  | 'locative'
  /** '-DAn': '%5'ten' */
  | 'ablative'
  /** '-(y)A': '%20'ye' */
  | 'dative';

const VOWELS = 'aeıioöuü';
const HARD_CONSONANTS = 'fstkçşhp';

/** The suffix a word takes in a case, by vowel harmony and its last sound. */
export function turkishSuffix(word: string, grammaticalCase: TurkishCase): string {
  const lower = word.toLocaleLowerCase('tr');
  const lastVowel = [...lower].reverse().find((c) => VOWELS.includes(c)) ?? 'e';
  const lastChar = lower.at(-1) ?? '';
  const endsInVowel = VOWELS.includes(lastChar);
  const back = 'aıou'.includes(lastVowel);
  const twoWay = back ? 'a' : 'e';
  const fourWay = { a: 'ı', ı: 'ı', o: 'u', u: 'u', e: 'i', i: 'i', ö: 'ü', ü: 'ü' }[lastVowel] ?? 'i';
  switch (grammaticalCase) {
    case 'possessive':
      return `${endsInVowel ? 's' : ''}${fourWay}`;
    case 'dative':
      return `${endsInVowel ? 'y' : ''}${twoWay}`;
    case 'locative':
      return `${HARD_CONSONANTS.includes(lastChar) ? 't' : 'd'}${twoWay}`;
    case 'ablative':
      return `${HARD_CONSONANTS.includes(lastChar) ? 't' : 'd'}${twoWay}n`;
  }
}

/** A displayed number followed by its case suffix after an apostrophe: "%17,9'u", "%20'si"; English: unchanged. */
export function withSuffix(displayed: string, grammaticalCase: TurkishCase): string {
  if (language === 'en' || displayed === MISSING) return displayed;
  return `${displayed}'${turkishSuffix(spokenEnd(displayed), grammaticalCase)}`;
}

/** A share in a sentence: "%17,9'u" (as in 'portföyün %17,9'u'); English '17.9%'. */
export function formatPercentInSentence(
  value: number | null | undefined,
  grammaticalCase: TurkishCase = 'possessive',
  fractionDigits = 1,
): string {
  return withSuffix(formatPercent(value, fractionDigits), grammaticalCase);
}
