import { DEFAULT_LOCALE, FALLBACK_LOCALE, STORAGE_KEYS } from '@pruefbuch/domain/constants';
import { type Language, resources } from '@pruefbuch/domain/locales/resources';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/en';
import i18n, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['de', 'en'] as const satisfies readonly Language[];

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.language);
    if (value === 'de' || value === 'en') return value;
  } catch {
    // storage blocked: use the default
  }
  return DEFAULT_LOCALE;
}

function applyLanguage(lang: string) {
  dayjs.locale(lang);
  document.documentElement.lang = lang;
}

i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: LANGUAGES,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyLanguage(i18n.language);

i18n.on('languageChanged', (lang) => {
  applyLanguage(lang);
  try {
    localStorage.setItem(STORAGE_KEYS.language, lang);
  } catch {
    // the choice just does not survive a reload
  }
});

export const currentLanguage = (): Language => (i18n.language === 'en' ? 'en' : 'de');

/** Anything that looks like one of our dotted i18n keys ('validation.email.min'). */
const KEY_PATTERN = /^[A-Za-z]\w*(\.\w+)+$/;

/**
 * Translates a message that may be an i18n key (from a Zod schema or a server error detail) or already a
 * readable text. Unknown keys fall back to the generic 'invalid' text rather than showing a raw key.
 */
export function translateMessage(t: TFunction, message: string, params?: Record<string, string | number>): string {
  if (i18n.exists(message)) return t(message, params ?? {});
  if (KEY_PATTERN.test(message)) return t('validation.invalid');
  return message;
}

export { i18n };
