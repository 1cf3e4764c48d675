import { eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox, tenantCertificates, users } from '../db/schema/index';
import type { SecretBox } from './crypto';

/**
 * After a rotation (APP_SECRET set to the new value, APP_SECRET_PREVIOUS to the old one) every value
 * sealed with the old secret is sealed anew with the current one, so APP_SECRET_PREVIOUS can be
 * dropped once the last access token signed with it has expired. Idempotent: values the current
 * secret opens are left alone; a start of several servers at once seals each value once per row lock.
 */
export async function resealWithCurrentSecret(
  db: Db,
  box: SecretBox,
): Promise<{ users: number; mails: number; certificates: number; unreadable: number }> {
  let unreadable = 0;
  const again = (value: string | null) => {
    if (!value) return value;
    try {
      return box.sealedWithPrevious(value) ? box.seal(box.open(value)) : value;
    } catch {
      // Neither secret opens it (sealed under a third one, or damaged): left as it is, and counted.
      unreadable++;
      return value;
    }
  };
  let userCount = 0;
  let mailCount = 0;
  let certificateCount = 0;
  await db.transaction(async (tx) => {
    const sealedUsers = await tx
      .select({ id: users.id, totpSecret: users.totpSecret, totpPendingSecret: users.totpPendingSecret })
      .from(users)
      .where(or(isNotNull(users.totpSecret), isNotNull(users.totpPendingSecret)))
      .for('update');
    for (const u of sealedUsers) {
      const totpSecret = again(u.totpSecret);
      const totpPendingSecret = again(u.totpPendingSecret);
      if (totpSecret === u.totpSecret && totpPendingSecret === u.totpPendingSecret) continue;
      await tx.update(users).set({ totpSecret, totpPendingSecret }).where(eq(users.id, u.id));
      userCount++;
    }
    const sealedMails = await tx
      .select({ id: mailOutbox.id, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.textSealed, true))
      .for('update');
    for (const m of sealedMails) {
      const text = again(m.text);
      if (text === m.text || text === null) continue;
      await tx.update(mailOutbox).set({ text }).where(eq(mailOutbox.id, m.id));
      mailCount++;
    }
    // The private keys the tenants' PDFs are sealed with (decision 056).
    const sealedKeys = await tx
      .select({ tenantId: tenantCertificates.tenantId, privateKey: tenantCertificates.privateKey })
      .from(tenantCertificates)
      .for('update');
    for (const c of sealedKeys) {
      const privateKey = again(c.privateKey);
      if (privateKey === c.privateKey || privateKey === null) continue;
      await tx.update(tenantCertificates).set({ privateKey }).where(eq(tenantCertificates.tenantId, c.tenantId));
      certificateCount++;
    }
  });
  return { users: userCount, mails: mailCount, certificates: certificateCount, unreadable };
}
