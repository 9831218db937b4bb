import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The strings' two guards (issue: typed i18n keys and a tr/en parity test). A key's string is looked up at run time,
// so a misspelt key or a string added in one language only would show the raw key (or the Turkish fallback) on a
// page; these tests read the locale files and the source and fail on either before a page does.

const SRC = path.resolve(import.meta.dirname, '..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Strings = { [key: string]: string | Strings };

/** Every leaf of a locale file as a dotted key, plural suffixes folded into the key they inflect. */
function leafKeys(strings: Strings, prefix = ''): string[] {
  return Object.entries(strings).flatMap(([key, value]) =>
    typeof value === 'string' ? [(prefix + key).replace(PLURAL, '')] : leafKeys(value, `${prefix}${key}.`),
  );
}

function readLocale(dir: string, language: 'tr' | 'en'): Strings {
  return JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8')) as Strings;
}

/** The folders holding a tr.json and an en.json, relative to src. */
const localeDirs = fs
  .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => path.basename(file) === 'tr.json')
  .map((file) => path.dirname(file))
  .sort();

/** A namespace's locale folders: the admin namespace gathers the panel's shared strings and each admin feature's. */
function namespaceDirs(ns: string): string[] {
  if (ns === 'translation') return ['locales'];
  if (ns === 'admin')
    return localeDirs.filter((dir) => dir === 'locales/admin' || /^features\/admin/.test(dir));
  return [`features/${ns}/locales`];
}

const sourceFiles = fs
  .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test/'));

/**
 * The namespaces a source file translates in (a file with two, e.g. its feature's and the shared one, may take a key
 * from either); none when it translates through a function it is given.
 */
function namespacesOf(source: string): string[] {
  const found = new Set<string>();
  if (/useAdminTranslation\(\)|adminT\(/.test(source)) found.add('admin');
  for (const match of source.matchAll(/useTranslation\(\s*(?:'([a-z-]+)')?\s*\)/g))
    found.add(match[1] ?? 'translation');
  return [...found];
}

describe('locale files', () => {
  it('are found where the namespaces register them', () => {
    expect(localeDirs).toContain('locales');
    expect(localeDirs).toContain('locales/admin');
    expect(localeDirs.length).toBeGreaterThan(10);
  });

  it.each(localeDirs)('%s: Turkish and English have the same keys', (dir) => {
    const tr = new Set(leafKeys(readLocale(path.join(SRC, dir), 'tr')));
    const en = new Set(leafKeys(readLocale(path.join(SRC, dir), 'en')));
    expect({
      onlyTurkish: [...tr].filter((k) => !en.has(k)),
      onlyEnglish: [...en].filter((k) => !tr.has(k)),
    }).toEqual({
      onlyTurkish: [],
      onlyEnglish: [],
    });
  });

  it.each(localeDirs)('%s: no string is empty', (dir) => {
    for (const language of ['tr', 'en'] as const) {
      const empty: string[] = [];
      const walk = (strings: Strings, prefix: string) => {
        for (const [key, value] of Object.entries(strings))
          if (typeof value !== 'string') walk(value, `${prefix}${key}.`);
          else if (value.trim() === '') empty.push(prefix + key);
      };
      walk(readLocale(path.join(SRC, dir), language), '');
      expect(empty, language).toEqual([]);
    }
  });
});

describe('the keys the source translates', () => {
  const translating = sourceFiles
    .map((file) => ({ file, source: fs.readFileSync(path.join(SRC, file), 'utf8') }))
    .map(({ file, source }) => ({
      file,
      namespaces: namespacesOf(source),
      // Literal keys only: a key built at run time (a template) is the caller's to test.
      keys: [...source.matchAll(/\bt\(\s*'([^'$]+)'/g)].map((m) => m[1]!),
    }))
    .filter((entry) => entry.keys.length > 0);
  const checked = translating.filter((entry) => entry.namespaces.length > 0);

  it('cover nearly every literal key of the source', () => {
    const count = (entries: typeof translating) => entries.reduce((sum, entry) => sum + entry.keys.length, 0);
    expect(count(translating)).toBeGreaterThan(1_000);
    expect(count(checked) / count(translating)).toBeGreaterThan(0.95);
  });

  it.each(checked.map((entry) => [entry.file, entry] as const))(
    '%s: every key exists in Turkish',
    (_file, entry) => {
      const known = new Set(
        entry.namespaces
          .flatMap(namespaceDirs)
          .flatMap((dir) => leafKeys(readLocale(path.join(SRC, dir), 'tr'))),
      );
      expect(entry.keys.filter((key) => !known.has(key))).toEqual([]);
    },
  );
});
