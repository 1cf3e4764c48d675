import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { TestApp } from '../../../test/helper';
import { deliverMails } from '../../../test/mail';
import { mailOutbox } from '../../db/schema/index';

/** The TOTP code of a secret at now + offset: +30 s gives the next time step, for a second use. */
export const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

/** The newest outbox mail to an address, once the queued ones are delivered. */
export async function lastMailTo(t: TestApp, email: string) {
  await deliverMails(t);
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.sort((a, b) => +b.createdAt - +a.createdAt)[0];
}

/** The first link in a mail's text. */
export const linkIn = (text: string | undefined) => text?.match(/https?:\S+/)?.[0] ?? '';
