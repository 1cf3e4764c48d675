/**
 * The API's error codes are the keys of the errors catalogue (locales/de/errors.ts; the English
 * file is typed against the German one). A code without a text is a type error on the server,
 * so no reply and no screen can show a raw code.
 */
import type { books } from './locales/de/books';
import type { errors } from './locales/de/errors';
import type { validation } from './locales/de/validation';
import { resources } from './locales/resources';

/** Texts of the errors catalogue that only the web app shows (no reply carries them as a code). */
type ClientOnlyText = 'NETWORK' | 'saveFailed' | 'noResponse' | 'couldNotFindUser';

export type ErrorCode = Exclude<keyof typeof errors, ClientOnlyText>;

/** 'a.b.c' for every text of a nested catalogue. */
type TextKeys<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : TextKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The i18n keys a reply's field details may name as their reason. */
export type DetailKey =
  | `errors.${ErrorCode}`
  | TextKeys<typeof validation, 'validation.'>
  | TextKeys<(typeof books)['errors'], 'books.errors.'>;

/** Whether a key coming from outside the types (a Zod message) names a text in both languages. */
export function isKnownKey(key: string): boolean {
  return (['de', 'en'] as const).every((lang) => {
    let node: unknown = resources[lang].translation;
    for (const part of key.split('.')) {
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    }
    return typeof node === 'string';
  });
}
