import tr from '@/locales/tr.json';
import { setFormatLanguage } from '@/lib/format';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * The app's own translation module (docs/decisions/0035-own-i18n.md), the subset of i18next the app used:
 * namespaces, nested keys with '.', `{{name}}` interpolation (not escaped: React escapes), plurals through
 * Intl.PluralRules with `_one` / `_other` suffixes and `count`, `defaultValue`, and the fallback to Turkish, then
 * to the key.
 *
 * Strings are registered per language: the language a realm opens in is bundled (an object), the other one is a
 * dynamic import that runs only when that language is used, so a page never downloads the language it does not show.
 */

export const LANGUAGES = ['tr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** One namespace's strings in one language: nested objects whose leaves are strings. */
export type Strings = { readonly [key: string]: string | Strings };
type Loader = () => Promise<{ default: Strings }>;
/** A namespace's strings in each language: bundled (an object) or loaded when first needed (a dynamic import). */
export type LanguageBundles = Record<Language, Strings | Loader>;

export interface TranslateOptions {
  /** Interpolated as `{{count}}`; a number also picks the plural form (`key_one`, `key_other`). */
  count?: number | string;
  /** Returned (interpolated) when the key is missing in the language and in Turkish. */
  defaultValue?: string;
  /** Interpolated as `{{name}}`; null shows as nothing, a value not given leaves the placeholder. */
  readonly [name: string]: string | number | null | undefined;
}
export type Translate = (key: string, options?: TranslateOptions) => string;

/** The namespace of the investor side's shared strings (locales/tr.json, locales/en.json). */
export const DEFAULT_NS = 'translation';
const FALLBACK: Language = 'tr';

interface Namespace {
  /** Loaded parts, in the order they arrived; a later part wins on a key both have. */
  strings: Record<Language, Strings[]>;
  /** Registered parts not loaded yet. */
  pending: Record<Language, Loader[]>;
  /** The load in flight; resolves to whether every part arrived. */
  loading: Partial<Record<Language, Promise<boolean>>>;
  /** The last load failed: renders fall back to Turkish until a language switch tries again. */
  failed: Partial<Record<Language, boolean>>;
}

const namespaces = new Map<string, Namespace>();

function namespace(ns: string): Namespace {
  let entry = namespaces.get(ns);
  if (!entry) {
    entry = { strings: { tr: [], en: [] }, pending: { tr: [], en: [] }, loading: {}, failed: {} };
    namespaces.set(ns, entry);
  }
  return entry;
}

function storedLanguage(): Language {
  const stored = readStorage(STORAGE_KEYS.language);
  return stored === 'en' ? 'en' : 'tr';
}

let language: Language = storedLanguage();
const listeners = new Set<() => void>();
/** The namespaces shown in the investor's language: a switch loads them all before it shows. */
const followingNamespaces = new Set<string>();
let switchRequest = 0;

/**
 * Adds strings to a namespace (several modules may add to one; a later addition wins on a shared key). The namespace
 * follows the investor's language: its strings in that language start loading now if they are not bundled, and a
 * switch loads them before it shows. `fixed` names instead the one language it is shown in (the admin panel's
 * English): the other language is then never loaded.
 */
export function addResources(ns: string, bundles: LanguageBundles, fixed?: Language): void {
  const entry = namespace(ns);
  for (const lng of LANGUAGES) {
    const bundle = bundles[lng];
    if (typeof bundle === 'function') entry.pending[lng].push(bundle);
    else entry.strings[lng].push(bundle);
  }
  if (!fixed) followingNamespaces.add(ns);
  void loadResources(ns, fixed ?? language);
}

/**
 * Starts loading what is missing of `ns` in `lng`; null when nothing is (or, after a failed load, unless `retry`).
 * The promise never rejects: it resolves to whether every part arrived.
 */
export function loadResources(ns: string, lng: Language, retry = false): Promise<boolean> | null {
  const entry = namespaces.get(ns);
  if (!entry) return null;
  const inFlight = entry.loading[lng];
  if (inFlight) return inFlight;
  const loaders = entry.pending[lng];
  if (loaders.length === 0 || (entry.failed[lng] && !retry)) return null;
  entry.pending[lng] = [];
  const attempt = Promise.allSettled(loaders.map((load) => load())).then((results) => {
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') entry.strings[lng].push(result.value.default);
      else entry.pending[lng].push(loaders[i]!);
    });
    const ok = results.every((result) => result.status === 'fulfilled');
    entry.failed[lng] = !ok;
    delete entry.loading[lng];
    return ok;
  });
  entry.loading[lng] = attempt;
  return attempt;
}

function lookup(lng: Language, ns: string, key: string): string | undefined {
  const parts = namespaces.get(ns)?.strings[lng] ?? [];
  const path = key.split('.');
  for (let i = parts.length - 1; i >= 0; i--) {
    let node: string | Strings | undefined = parts[i];
    for (const segment of path) node = typeof node === 'object' ? node[segment] : undefined;
    if (typeof node === 'string') return node;
  }
  return undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

function pluralCategory(lng: Language, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    const value = options[name];
    return value === undefined ? placeholder : String(value ?? '');
  });
}

/** The string for `key` in `lng`, else in Turkish (the plural form first, then the bare key), else the key. */
export function translate(lng: Language, ns: string, key: string, options?: TranslateOptions): string {
  const count = options?.count;
  for (const code of lng === FALLBACK ? [lng] : [lng, FALLBACK]) {
    const found =
      (typeof count === 'number' ? lookup(code, ns, `${key}_${pluralCategory(code, count)}`) : undefined) ??
      lookup(code, ns, key);
    if (found !== undefined) return interpolate(found, options);
  }
  return options?.defaultValue === undefined ? key : interpolate(options.defaultValue, options);
}

/** A translate function bound to one language and namespace (the admin panel is always English). */
export function fixedT(lng: Language, ns: string): Translate {
  return (key, options) => translate(lng, ns, key, options);
}

addResources(DEFAULT_NS, { tr, en: () => import('@/locales/en.json') });

function apply(next: Language): void {
  language = next;
  setFormatLanguage(next);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
}

apply(language);

/** The investor's language; `useTranslation` re-renders on a change. */
export const i18n = {
  get language(): Language {
    return language;
  },
  t(key: string, options?: TranslateOptions): string {
    return translate(language, DEFAULT_NS, key, options);
  },
  /**
   * Loads the strings of every namespace on screen in `next`, then switches (the screen re-renders in the new
   * language at once, never half translated). Rejects, leaving the language as it is, when a part fails to load.
   */
  async changeLanguage(next: Language): Promise<void> {
    const request = ++switchRequest;
    const loads = [...followingNamespaces].map(
      (ns) => loadResources(ns, next, true) ?? Promise.resolve(true),
    );
    const results = await Promise.all(loads);
    if (results.includes(false)) throw new Error(`The ${next} strings could not be loaded`);
    if (request !== switchRequest || next === language) return;
    apply(next);
    writeStorage(STORAGE_KEYS.language, next);
    for (const listener of listeners) listener();
  },
};

/** Resolves when the investor's language is loaded (at once for Turkish, bundled): the first render waits for it. */
export function languageReady(): Promise<unknown> {
  return loadResources(DEFAULT_NS, language) ?? Promise.resolve();
}

export function setLanguage(next: Language): void {
  // A failed load leaves the language as it was; the menu still shows it, and choosing again retries.
  i18n.changeLanguage(next).catch(() => {});
}

/** For useSyncExternalStore. */
export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
