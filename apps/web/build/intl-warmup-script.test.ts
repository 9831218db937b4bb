// public/intl-warmup.mjs, the classic worker script the app's entry starts (lib/intl-warmup.ts).
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

// The web project's root is apps/web (vitest.config.ts); import.meta.url is not a file URL under happy-dom.
const read = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '..', 'public', name), 'utf8');

describe('intl-warmup.mjs', () => {
  it('builds the pages’ number, Istanbul date and plural formatters for Turkish and English, then closes', () => {
    const built: string[] = [];
    const spy = <T extends new (...args: never[]) => object>(name: string, Real: T) =>
      function (this: unknown, locale: string, options?: { timeZone?: string }) {
        built.push(`${name} ${locale}${options?.timeZone ? ` ${options.timeZone}` : ''}`);
        return new (Real as unknown as new (l: string, o?: object) => object)(locale, options);
      };
    const close = vi.fn();
    vm.runInNewContext(read('intl-warmup.mjs'), {
      Intl: {
        NumberFormat: spy('NumberFormat', Intl.NumberFormat),
        DateTimeFormat: spy('DateTimeFormat', Intl.DateTimeFormat),
        PluralRules: spy('PluralRules', Intl.PluralRules),
      },
      Date,
      close,
    });
    expect(built).toEqual(
      expect.arrayContaining([
        'NumberFormat tr-TR',
        'DateTimeFormat tr-TR Europe/Istanbul',
        'PluralRules tr-TR',
        'NumberFormat en-US',
        'DateTimeFormat en-GB Europe/Istanbul',
      ]),
    );
    expect(close).toHaveBeenCalledOnce();
  });
});
