import type { TFunction } from 'i18next';
import { isApiError } from './api-client';
import { i18n } from './i18n';
import { localLocationName } from './location-name';

type Params = Record<string, unknown>;
const isText = (v: unknown): v is string => typeof v === 'string';

/**
 * A branch the server names (`location`, in its German words) is named in the user's language when the reply
 * carries its keys (LOCATION_KEY_TAKEN, the import runs' refusals).
 */
const localParams = (t: TFunction, params: Params): Params =>
  isText(params.location) && isText(params.znl) && isText(params.nr) && isText(params.sapNr)
    ? { ...params, location: localLocationName(t, { znl: params.znl, nr: params.nr, sapNr: params.sapNr }) }
    : params;

/** The readable text for an API error code (SPEC §8), in the current language. */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    // A reason the server names for a field (an upload limit, an unreadable file, a branch that holds a key) is
    // more precise than the code's text.
    const detail = error.details.find((d) => d.key.startsWith('errors.') && i18n.exists(d.key));
    if (detail) return t(detail.key, localParams(t, (detail.params ?? {}) as Params));
    const key = `errors.${error.code}`;
    if (i18n.exists(key)) {
      const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
      return t(key, { minutes });
    }
    if (error.status === 404) return t('errors.NOT_FOUND');
    if (error.status === 403) return t('errors.FORBIDDEN');
    return t('errors.INTERNAL');
  }
  if (error instanceof Error && error.message) return error.message;
  return t('errors.INTERNAL');
}
