import { DEFAULT_LOCALE, FALLBACK_LOCALE, STORAGE_KEYS } from '@pruefbuch/domain/constants';
import type { Language } from '@pruefbuch/domain/locales/resources';
import i18n, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { translation as deStart } from './locales/de-start';

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
  // Unit tests import formatting helpers without a DOM.
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Only the German texts of the app shell are in the first load (locales/de-start.ts). German's screen texts
 * come with the first screen (loadScreenTexts in the screen loader), all of English when it is chosen.
 */
const loaders: Record<Language, () => Promise<{ translation: object }>> = {
  de: () => import('./locales/de'),
  en: () => import('./locales/en'),
};
const loading = new Map<Language, Promise<void>>();

/** Loads the texts of a language that the first load does not bring; once per language. */
export function loadLanguage(lang: Language): Promise<void> {
  let promise = loading.get(lang);
  if (!promise) {
    promise = loaders[lang]().then(({ translation }) => {
      i18n.addResourceBundle(lang, 'translation', translation, true, true);
    });
    // A failed fetch (offline, a vanished chunk after a deploy) may be tried again.
    promise.catch(() => loading.delete(lang));
    loading.set(lang, promise);
  }
  return promise;
}

/** Switches the language once its texts are there (i18n.changeLanguage alone would show keys meanwhile). */
export async function setLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
}

const initialLanguage = storedLanguage();

i18n.use(initReactI18next).init({
  resources: { de: { translation: deStart } },
  lng: DEFAULT_LOCALE,
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

/** Resolves when the stored language's texts are loaded and active; main.tsx renders after it. */
export const i18nReady: Promise<void> =
  initialLanguage === DEFAULT_LOCALE
    ? Promise.resolve()
    : setLanguage(initialLanguage).catch((err: unknown) => {
        // Offline or a vanished chunk: German is there, so start in German rather than not at all.
        console.error(err);
      });

export const currentLanguage = (): Language => (i18n.language === 'en' ? 'en' : 'de');

/** The screens' texts in the current language; every screen waits for them (app/screens.tsx). */
export const loadScreenTexts = (): Promise<void> => loadLanguage(currentLanguage());

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
