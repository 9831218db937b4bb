import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import tr from '@/locales/tr.json';
import en from '@/locales/en.json';
import { setFormatLanguage } from '@/lib/format';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

export const LANGUAGES = ['tr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

function storedLanguage(): Language {
  const stored = readStorage(STORAGE_KEYS.language);
  return stored === 'en' ? 'en' : 'tr';
}

export const i18n = i18next.createInstance();

// Resources are bundled, so init completes synchronously and the first render is already translated.
void i18n.use(initReactI18next).init({
  resources: { tr: { translation: tr }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'tr',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  initAsync: false,
});

setFormatLanguage(i18n.language === 'en' ? 'en' : 'tr');

i18n.on('languageChanged', (lng) => {
  setFormatLanguage(lng === 'en' ? 'en' : 'tr');
  writeStorage(STORAGE_KEYS.language, lng);
  document.documentElement.lang = lng;
});

export function setLanguage(language: Language): void {
  void i18n.changeLanguage(language);
}
