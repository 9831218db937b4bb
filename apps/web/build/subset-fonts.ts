/**
 * The web fonts, cut to what the product's pages use: Inter (variable weight, normal style) as fontsource ships it
 * for Basic Latin + Latin-1, without the glyphs outside its unicode-range, and from its Latin Extended file only the Turkish letters outside
 * Latin-1 (Ğ ğ İ Ş ş; ı is already in the Latin file) and the lira sign ₺, instead of the whole 85 kB Latin Extended
 * file every Turkish page loaded. Writes src/assets/fonts/ (committed, so builds need no font tooling); run again after
 * upgrading @fontsource-variable/inter: `npm run fonts -w apps/web`. src/fonts.css declares both with their
 * unicode ranges.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

/** The characters taken from the Latin Extended file (keep in step with the unicode-range in src/fonts.css). */
export const TURKISH_EXTRA = 'ĞğİŞş₺';

/**
 * The Latin file's own unicode-range (fontsource's, as src/fonts.css declares it): the browser uses the file for these
 * characters only, so the glyphs it carries for others (≈ 6 kB) are never drawn.
 */
const LATIN_RANGE: [number, number][] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];
const latinCharacters = LATIN_RANGE.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join('');

const require = createRequire(import.meta.url);
const files = path.join(path.dirname(require.resolve('@fontsource-variable/inter/package.json')), 'files');
const out = path.join(import.meta.dirname, '../src/assets/fonts');

// Every OpenType feature is kept (tabular figures are used throughout), and the variation tables with them.
const latinSource = await readFile(path.join(files, 'inter-latin-wght-normal.woff2'));
const latin = await subsetFont(latinSource, latinCharacters, { targetFormat: 'woff2' });
await writeFile(path.join(out, 'inter-latin-wght-normal.woff2'), latin);
console.log(`inter-latin-wght-normal.woff2: ${latin.length} bytes (from ${latinSource.length})`);
const ext = await readFile(path.join(files, 'inter-latin-ext-wght-normal.woff2'));
// Variation tables are kept (no instancing): the subset stays a variable font for every weight 100–900.
const turkish = await subsetFont(ext, TURKISH_EXTRA, { targetFormat: 'woff2' });
await writeFile(path.join(out, 'inter-turkish-wght-normal.woff2'), turkish);
console.log(`inter-turkish-wght-normal.woff2: ${turkish.length} bytes (from ${ext.length})`);
