/**
 * The links an account is mailed: to activate it, and to choose a (new) password. Sent when an
 * account is created here and on request from the sign-in pages (auth.account.ts), which also
 * redeem them.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { accountMail } from '../../platform/account-mails';
import type { AppDeps } from '../../platform/context';
import { randomToken, sha256 } from '../../platform/crypto';
import type { UserRow } from './users.repo';

const RESET_HOURS = 1;

/** Sets a new confirmation token on an unverified account and mails the activation link. */
export async function sendConfirmation(db: Executor, deps: AppDeps, user: Pick<UserRow, 'id' | 'email' | 'firstName'>) {
  const token = randomToken();
  await db
    .update(users)
    .set({ confirmationTokenHash: sha256(token) })
    .where(eq(users.id, user.id));
  const link = `${deps.config.publicUrl}/app/confirmation?token=${token}`;
  await deps.mailer.send(db, accountMail('confirmation', user, link, 0));
}

/** Stores a fresh reset key (hashed) and mails its link; also how a new account without password gets one. */
export async function sendResetLink(db: Executor, deps: AppDeps, user: Pick<UserRow, 'id' | 'email' | 'firstName'>) {
  const key = randomToken();
  await db
    .update(users)
    .set({ resetPasswordTokenHash: sha256(key), resetPasswordExpires: new Date(Date.now() + RESET_HOURS * 3600_000) })
    .where(eq(users.id, user.id));
  const link = `${deps.config.publicUrl}/app/admin/reset/finish?key=${key}`;
  await deps.mailer.send(db, accountMail('reset', user, link, RESET_HOURS));
}
