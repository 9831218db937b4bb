/**
 * The web fonts, cut to what the product's pages use: Inter (variable weight, normal style) as fontsource ships it
 * for Basic Latin + Latin-1 (copied as is), and from its Latin Extended file only the Turkish letters outside
 * Latin-1 (Ğ ğ İ Ş ş; ı is already in the Latin file) and the lira sign ₺, instead of the whole 85 kB Latin Extended
 * file every Turkish page loaded. Writes src/assets/fonts/ (committed, so builds need no font tooling); run again after
 * upgrading @fontsource-variable/inter: `npm run fonts -w apps/web`. src/fonts.css declares both with their
 * unicode ranges.
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

/** The characters taken from the Latin Extended file (keep in step with the unicode-range in src/fonts.css). */
export const TURKISH_EXTRA = 'ĞğİŞş₺';

const require = createRequire(import.meta.url);
const files = path.join(path.dirname(require.resolve('@fontsource-variable/inter/package.json')), 'files');
const out = path.join(import.meta.dirname, '../src/assets/fonts');

await copyFile(
  path.join(files, 'inter-latin-wght-normal.woff2'),
  path.join(out, 'inter-latin-wght-normal.woff2'),
);
const ext = await readFile(path.join(files, 'inter-latin-ext-wght-normal.woff2'));
// Variation tables are kept (no instancing): the subset stays a variable font for every weight 100–900.
const turkish = await subsetFont(ext, TURKISH_EXTRA, { targetFormat: 'woff2' });
await writeFile(path.join(out, 'inter-turkish-wght-normal.woff2'), turkish);
console.log(`inter-turkish-wght-normal.woff2: ${turkish.length} bytes (from ${ext.length})`);
