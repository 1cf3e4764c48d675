/**
 * The language a user chooses is kept on their account (PUT users/me/language), so a sign-in on any device
 * starts in it; before sign-in, and while the account has none, the device's choice (localStorage) holds.
 */
import type { Language } from '@pruefbuch/domain/locales/resources';
import { api } from './api-client';
import { setLanguage } from './i18n';
import { getSessionState } from './session';

/** The switch in the header: the screen changes at once; a signed-in user's account remembers it. */
export async function chooseLanguage(lang: Language): Promise<void> {
  await setLanguage(lang);
  if (!getSessionState().isLoggedIn) return;
  // Not being able to remember it is no reason to bother the user: this device keeps the choice anyway.
  await api.put('users/me/language', { language: lang }).catch(() => undefined);
}

/** At sign-in: the account's language, if the user ever chose one. */
export function applyAccountLanguage(lang: Language | null): void {
  if (lang) void setLanguage(lang);
}
