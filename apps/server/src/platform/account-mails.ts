import { mails as de } from '@pruefbuch/domain/locales/de/mails';
import { fillTemplate, type Mail } from './mailer';

type Kind = 'confirmation' | 'reset' | 'disable2fa' | 'locked';
const fill = fillTemplate;

/** A mail of the account flows. Links come from the configured public URL, never the request's Host. */
export function accountMail(
  kind: Kind,
  to: { email: string; firstName: string },
  link: string,
  hours = 1,
  minutes = 0,
): Mail {
  const t = de[kind];
  const text = [
    fill(de.greeting, { name: to.firstName || to.email }),
    '',
    fill(t.body, { link, hours, minutes }),
    '',
    de.signature,
  ].join('\n');
  return { to: to.email, subject: t.subject, text };
}
