import { afterEach, describe, expect, it, vi } from 'vitest';
import { addResources, DEFAULT_NS, i18n, loadResources, translate, type Strings } from '@/lib/i18n';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

const TR: Strings = {
  greeting: 'Merhaba {{name}}, {{count}} uyarınız var',
  nested: { deeper: { label: 'Derin' } },
  users_one: '{{count}} kullanıcı',
  users_other: '{{count}} kullanıcı',
  days: '{{count}} gün',
  onlyTurkish: 'Yalnız Türkçe',
};
const EN: Strings = {
  greeting: 'Hello {{name}}, you have {{count}} alerts',
  nested: { deeper: { label: 'Deep' } },
  users_one: '{{count}} user',
  users_other: '{{count}} users',
  days_one: '{{count}} day',
  days_other: '{{count}} days',
};

addResources('test', { tr: TR, en: EN });

/** A dynamic import stand-in whose arrival the test decides. */
function deferredLoader(strings: Strings) {
  let arrive = () => {};
  let fail = () => {};
  const loader = vi.fn(
    () =>
      new Promise<{ default: Strings }>((resolve, reject) => {
        arrive = () => resolve({ default: strings });
        fail = () => reject(new Error('offline'));
      }),
  );
  return { loader, arrive: () => arrive(), fail: () => fail() };
}

afterEach(async () => {
  await i18n.changeLanguage('tr');
});

describe('translate', () => {
  it('resolves nested keys and interpolates every {{name}}, unescaped', () => {
    expect(translate('en', 'test', 'nested.deeper.label')).toBe('Deep');
    expect(translate('tr', 'test', 'greeting', { name: 'Ayşe & <Ali>', count: 3 })).toBe(
      'Merhaba Ayşe & <Ali>, 3 uyarınız var',
    );
  });

  it('leaves a placeholder whose value is not given as it is, and shows null as nothing', () => {
    expect(translate('en', 'test', 'greeting', { count: 2 })).toBe('Hello {{name}}, you have 2 alerts');
    expect(translate('en', 'test', 'greeting', { count: 2, name: null })).toBe('Hello , you have 2 alerts');
  });

  it('picks the plural form by the language’s rules, and the bare key when there is no plural form', () => {
    expect(translate('en', 'test', 'users', { count: 1 })).toBe('1 user');
    expect(translate('en', 'test', 'users', { count: 0 })).toBe('0 users');
    expect(translate('en', 'test', 'users', { count: 5 })).toBe('5 users');
    expect(translate('tr', 'test', 'users', { count: 1 })).toBe('1 kullanıcı');
    expect(translate('tr', 'test', 'users', { count: 7 })).toBe('7 kullanıcı');
    expect(translate('tr', 'test', 'days', { count: 2 })).toBe('2 gün');
    expect(translate('en', 'test', 'days', { count: 1 })).toBe('1 day');
  });

  it('takes a formatted count as text, without a plural form', () => {
    expect(translate('tr', 'test', 'days', { count: '1.200' })).toBe('1.200 gün');
  });

  it('falls back to Turkish, then to the default value, then to the key', () => {
    expect(translate('en', 'test', 'onlyTurkish')).toBe('Yalnız Türkçe');
    expect(translate('en', 'test', 'missing', { defaultValue: 'Default {{name}}', name: 'x' })).toBe(
      'Default x',
    );
    expect(translate('en', 'test', 'missing.key')).toBe('missing.key');
    expect(translate('en', 'no-such-namespace', 'a.b')).toBe('a.b');
  });

  it('lets a later addition to a namespace sit beside the earlier ones', () => {
    addResources('shared', { tr: { a: 'A-tr' }, en: { a: 'A-en', b: { c: 'C-en' } } });
    addResources('shared', { tr: { d: 'D-tr' }, en: { b: { e: 'E-en' } } });
    expect(translate('en', 'shared', 'b.c')).toBe('C-en');
    expect(translate('en', 'shared', 'b.e')).toBe('E-en');
    expect(translate('tr', 'shared', 'd')).toBe('D-tr');
  });
});

describe('languages loaded when used', () => {
  it('starts in Turkish with the shared strings bundled', () => {
    expect(i18n.language).toBe('tr');
    expect(loadResources(DEFAULT_NS, 'tr')).toBeNull();
    expect(i18n.t('common.language')).toBe('Dil');
    expect(document.documentElement.lang).toBe('tr');
  });

  it('loads English only on the switch, then shows it, keeps it and sets <html lang>', async () => {
    const { loader, arrive } = deferredLoader({ word: 'Word' });
    addResources('lazy', { tr: { word: 'Kelime' }, en: loader });
    expect(loader).not.toHaveBeenCalled();

    const switching = i18n.changeLanguage('en');
    expect(loader).toHaveBeenCalledOnce();
    await Promise.resolve();
    expect(i18n.language).toBe('tr'); // not half translated while a namespace is on its way
    arrive();
    await switching;
    expect(i18n.language).toBe('en');
    expect(i18n.t('common.language')).toBe('Language');
    expect(translate('en', 'lazy', 'word')).toBe('Word');
    expect(readStorage(STORAGE_KEYS.language)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts loading a namespace added while English is shown, at once', async () => {
    await i18n.changeLanguage('en');
    const { loader, arrive } = deferredLoader({ word: 'Word' });
    addResources('opened-later', { tr: { word: 'Kelime' }, en: loader });
    expect(loader).toHaveBeenCalledOnce();
    const loading = loadResources('opened-later', 'en');
    arrive();
    expect(await loading).toBe(true);
    expect(translate('en', 'opened-later', 'word')).toBe('Word');
  });

  it('never loads the Turkish of a namespace shown only in a fixed language', async () => {
    const { loader } = deferredLoader({ word: 'Kelime' });
    addResources('fixed-en', { en: { word: 'Word' }, tr: loader }, 'en');
    await i18n.changeLanguage('en');
    await i18n.changeLanguage('tr');
    expect(loader).not.toHaveBeenCalled();
  });

  it('stays in the language it was in when a part fails to load, and tries again on the next switch', async () => {
    const first = deferredLoader({ word: 'Word' });
    const loaded = vi.fn(() => Promise.resolve({ default: { word: 'Word' } }));
    let attempt = 0;
    addResources('flaky', {
      tr: { word: 'Kelime' },
      en: () => (++attempt === 1 ? first.loader() : loaded()),
    });

    const failing = i18n.changeLanguage('en');
    first.fail();
    await expect(failing).rejects.toThrow();
    expect(i18n.language).toBe('tr');
    expect(loadResources('flaky', 'en')).toBeNull(); // a render does not retry in a loop

    await i18n.changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(translate('en', 'flaky', 'word')).toBe('Word');
  });

  it('ends in the language chosen last when an earlier switch is still loading', async () => {
    const { loader, arrive } = deferredLoader({ word: 'Word' });
    addResources('slow', { tr: { word: 'Kelime' }, en: loader });
    const toEnglish = i18n.changeLanguage('en');
    await i18n.changeLanguage('tr');
    arrive();
    await toEnglish;
    expect(i18n.language).toBe('tr');
  });
});
