import { screenPath } from '@pruefbuch/domain/access';

/** Only in-app paths are followed after login; anything else (other hosts, the login screen itself) goes home. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith(screenPath('login')) || value.startsWith(screenPath('validate2fa'))) return '/';
  return value;
}

export const loginPathFor = (wanted: string) =>
  wanted === '/' ? screenPath('login') : `${screenPath('login')}?redirect=${encodeURIComponent(wanted)}`;
