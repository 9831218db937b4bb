// Hostile request shapes that a value-by-value generator never builds: bodies nested thousands of levels deep,
// unpaired UTF-16 surrogates in raw JSON text and in percent-encoded URLs, CSV fields with a hundred thousand
// columns, and date ranges spanning millennia. Pure text builders; fuzzer.ts decides when to send them.

/** Nesting depths of the deep bodies: just past the guard's limit, past the old stack limit, and far beyond. */
export const NESTING_DEPTHS = [65, 5_000, 100_000] as const;

/** `{"<field>":[[[…]]]}` or `{"<field>":{"a":{"a":…}}}` as raw JSON text, `depth` containers deep under the field. */
export function deepBody(field: string, depth: number, shape: 'arrays' | 'objects'): string {
  const inner =
    shape === 'arrays'
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `{${JSON.stringify(field)}:${inner}}`;
}

/** Strings holding an unpaired surrogate; JSON.stringify writes each as a '\udXXX' escape, as a client could. */
export const LONE_SURROGATE_STRINGS = [
  '\ud800',
  'a\udfffb',
  '\udc00\ud800',
  'halt \ud83d',
  'x'.repeat(40) + '\udbff',
];

/** Percent-encodings that decode to no valid UTF-8 (a surrogate's bytes, an overlong NUL, a stray byte). */
export const INVALID_UTF8_PERCENT = ['%ED%A0%80', '%ED%BF%BF', '%C0%80', '%FF', 'a%E2%82'];

/** CSV texts that are cheap to send and expensive to parse: wide headers, one long line, many columns per row. */
export function columnBombs(): string[] {
  return [
    `date,type${','.repeat(100_000)}\n${'1\n'.repeat(5_000)}`,
    `date,type${','.repeat(200_000)}\n1\n`,
    `date,type,symbol,quantity,price\n${'x'.repeat(900_000)}\n`,
    `${Array.from({ length: 2_000 }, (_, i) => `c${i}`).join(',')}\n${`${','.repeat(1_999)}\n`.repeat(200)}`,
  ];
}

/** Days that break naive date arithmetic: the calendar's ends, before the epoch, a leap day, far future. */
export const EXTREME_DAYS = [
  '0001-01-01',
  '9999-12-31',
  '1900-01-01',
  '1970-01-01',
  '2000-02-29',
  '2099-12-31',
  '2100-01-01',
];
export const EXTREME_MONTHS = ['0001-01', '9999-12', '1900-02', '2000-02', '2026-11'];

/** from/to pairs: ten thousand years, a century, the last and first days of the calendar, reversed. */
export const EXTREME_RANGES: readonly (readonly [string, string])[] = [
  ['0001-01-01', '9999-12-31'],
  ['1900-01-01', '2099-12-31'],
  ['2000-01-01', '2099-12-31'],
  ['9999-12-31', '9999-12-31'],
  ['0001-01-01', '0001-01-02'],
  ['9999-12-31', '0001-01-01'],
  ['2024-01-01', '2025-01-01'],
];
