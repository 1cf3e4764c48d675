/** The text a dialog shows for a mail limit's 429 (decision 036): the catalogue's, with the minutes to wait. */
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorText } from './errors';
import { i18n, setLanguage } from './i18n';

const limited = (code: string, retryAfterSeconds: number) =>
  new ApiError({ method: 'POST', path: 'offer/sendktbremindermail', status: 429, code, retryAfterSeconds });

describe('errorText for the mail limits', () => {
  it('names the wait in minutes, in German and English', async () => {
    expect(errorText(i18n.t, limited('MAIL_LIMIT_USER', 1750))).toBe(
      'Sie haben in kurzer Zeit zu viele solcher E-Mails gesendet. Bitte in 30 Minuten erneut versuchen.',
    );
    expect(errorText(i18n.t, limited('MAIL_LIMIT_RECORD', 86_400))).toBe(
      'Zu diesem Vorgang wurden in kurzer Zeit zu viele E-Mails gesendet. Bitte in 1440 Minuten erneut versuchen.',
    );
    await setLanguage('en');
    expect(errorText(i18n.t, limited('MAIL_LIMIT_USER', 90))).toBe(
      'You have sent too many of these emails in a short time. Please try again in 2 minutes.',
    );
    await setLanguage('de');
  });
});

describe('errorText for a branch the server names', () => {
  const taken = new ApiError({
    method: 'POST',
    path: 'customerlocation',
    status: 409,
    code: 'LOCATION_KEY_TAKEN',
    details: [
      {
        field: 'nr',
        key: 'errors.LOCATION_KEY_TAKEN',
        message: 'LOCATION_KEY_TAKEN',
        params: { id: 'x', znl: 'Rhein-Main', nr: '4101', sapNr: '', location: 'ZNL Rhein-Main · Nr. 4101' },
      },
    ],
  });

  it('names it in the words of the user’s language', async () => {
    expect(errorText(i18n.t, taken)).toContain(`${i18n.t('customerlocations.fields.znl')} Rhein-Main`);
    await setLanguage('en');
    const english = errorText(i18n.t, taken);
    expect(english).toContain(`${i18n.t('customerlocations.fields.nr')} 4101`);
    expect(english).not.toContain('Nr. 4101');
    await setLanguage('de');
  });
});

describe('errorText for a reason the server names without parameters', () => {
  it('prefers it to the code’s general text', () => {
    const unreadable = new ApiError({
      method: 'POST',
      path: 'customerlocation/import/preview',
      status: 400,
      code: 'UNSUPPORTED_FILE_TYPE',
      details: [{ field: 'file', key: 'errors.IMPORT_UNREADABLE', message: 'IMPORT_UNREADABLE' }],
    });
    expect(errorText(i18n.t, unreadable)).toBe(i18n.t('errors.IMPORT_UNREADABLE'));
    expect(errorText(i18n.t, unreadable)).not.toBe(i18n.t('errors.UNSUPPORTED_FILE_TYPE'));
  });
});
