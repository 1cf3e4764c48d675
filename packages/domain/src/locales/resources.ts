/** All translations, per language and namespace; the web app and the server's mails and PDFs read them. */
import { errors as deErrors } from './de/errors';
import { screens as deScreens } from './de/screens';
import { validation as deValidation } from './de/validation';
import { errors as enErrors } from './en/errors';
import { screens as enScreens } from './en/screens';
import { validation as enValidation } from './en/validation';

export const resources = {
  de: { translation: { errors: deErrors, screens: deScreens, validation: deValidation } },
  en: { translation: { errors: enErrors, screens: enScreens, validation: enValidation } },
} as const;
export type Language = keyof typeof resources;

/** Looks a dotted key up in one language; used by the server for error texts and mails. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = resources[lang].translation;
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return lang === 'en' ? key : translate('en', key, params);
  return node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
}
