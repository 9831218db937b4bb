// The one reader of amounts a person or a file gives as text (prices, quantities, cash amounts, alert thresholds,
// CSV cells): the web's forms and the server's imports use it, so a number is read the same way everywhere
// (decision 0055). Plain TypeScript, no zod: the web imports it through '@bist/contracts/values'.
//
// 'tr' (what a person types, and Turkish ';' files): Turkish first —
//   10.000,50 → 10000.5   10.000 → 10000   1.234.567 → 1234567   12,5 → 12.5   0,125 → 0.125
// and the unambiguous other forms —
//   12.5 → 12.5   1234.56 → 1234.56 (a dot not followed by groups of three digits can only be a decimal point)
// and refuses what reads two ways, instead of guessing —
//   10,000.50   1,234,567   1,500   (English grouping: read the Turkish way it would be a thousand times smaller)
// 'point' (machine-written files, e.g. our own CSV export): a decimal point and no grouping, 1234.5; a comma is refused.

export type AmountConvention = 'tr' | 'point';

export type AmountProblem = 'empty' | 'not_a_number' | 'ambiguous';

export type AmountReading = { ok: true; value: number } | { ok: false; problem: AmountProblem };

const TURKISH_GROUPED = /^[1-9]\d{0,2}(\.\d{3})+(,\d+)?$/;
const TURKISH_PLAIN = /^(\d+(,\d*)?|,\d+)$/;
const POINT_PLAIN = /^(\d+(\.\d*)?|\.\d+)$/;
const ENGLISH_GROUPED = /^[1-9]\d{0,2}(,\d{3})+(\.\d*)?$/;
/** '1,500': one comma then exactly three digits after 1–3 digits (not '0,…') — English thousands or Turkish 1,5. */
const COMMA_THOUSAND_LOOKALIKE = /^[1-9]\d{0,2},\d{3}$/;

function readPlain(body: string): number {
  return Number(body.replaceAll('.', '').replace(',', '.'));
}

/** Reads an amount typed by a person or written in a file; never guesses between two readings. */
export function readAmount(text: string, convention: AmountConvention = 'tr'): AmountReading {
  let body = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^₺|₺$|TL$|TRY$/gi, '');
  if (body === '') return { ok: false, problem: 'empty' };
  let sign = 1;
  if (/^[-+\u2212]/.test(body)) {
    sign = body.startsWith('+') ? 1 : -1;
    body = body.slice(1).replace(/^₺/, '');
  }
  let value: number;
  if (convention === 'point') {
    if (!POINT_PLAIN.test(body))
      return { ok: false, problem: ENGLISH_GROUPED.test(body) ? 'ambiguous' : 'not_a_number' };
    value = Number(body);
  } else if (TURKISH_GROUPED.test(body)) {
    value = readPlain(body);
  } else if (ENGLISH_GROUPED.test(body) || COMMA_THOUSAND_LOOKALIKE.test(body)) {
    return { ok: false, problem: 'ambiguous' };
  } else if (TURKISH_PLAIN.test(body)) {
    value = Number(body.replace(',', '.'));
  } else if (POINT_PLAIN.test(body)) {
    value = Number(body);
  } else {
    return { ok: false, problem: 'not_a_number' };
  }
  if (!Number.isFinite(value)) return { ok: false, problem: 'not_a_number' };
  return { ok: true, value: sign * value + 0 };
}

/** The number an amount reads as, or NaN when it is empty, not a number or ambiguous. */
export function amountValue(text: string, convention: AmountConvention = 'tr'): number {
  const reading = readAmount(text, convention);
  return reading.ok ? reading.value : Number.NaN;
}

/**
 * The Turkish message for an amount that could not be read, naming the field ('Tutar', 'Fiyat', …); null when it was
 * read. An empty text is the caller's 'gerekli' message, so it gives null too.
 */
export function amountProblemText(label: string, reading: AmountReading): string | null {
  if (reading.ok || reading.problem === 'empty') return null;
  if (reading.problem === 'ambiguous')
    return `${label} iki türlü okunabilir: Türkçe yazın, ör. 10.000,50 (nokta binlik, virgül ondalık)`;
  return `${label} sayı olmalı`;
}
