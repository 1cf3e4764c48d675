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
