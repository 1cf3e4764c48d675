import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import type { AppDeps, PublicContext, RequestContext } from '../../platform/context';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError, badField, notFound } from '../../platform/errors';
import { findUserByEmail, findUserById, type UserRow } from '../users/users.repo';
import { liftLocks } from './lockout';
import { accountMail } from './mails';
import { revokeAllSessions } from './sessions';

const RESET_HOURS = 1;

export const hashPassword = (password: string) => hash(password);

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

export async function resendSignUpMail(ctx: PublicContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.isVerified && !user.isResigned) await sendConfirmation(ctx.db, ctx.deps, user);
}

export async function confirmAccount(ctx: PublicContext, token: string) {
  const [row] = await ctx.db
    .update(users)
    .set({ isVerified: true, confirmationTokenHash: null, updatedAt: new Date() })
    .where(eq(users.confirmationTokenHash, sha256(token)))
    .returning({ id: users.id });
  if (!row) throw new AppError('TOKEN_INVALID', 400);
}

/** Mails a reset link that expires. The answer never says whether the email exists. */
export async function requestPasswordReset(ctx: PublicContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.isResigned) return;
  await sendResetLink(ctx.db, ctx.deps, user);
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

export async function finishPasswordReset(ctx: PublicContext, key: string, password: string) {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        resetPasswordTokenHash: null,
        resetPasswordExpires: null,
        // Whoever holds the mailed key owns the mailbox: that verifies the account too.
        isVerified: true,
        updatedAt: new Date(),
      })
      .where(and(eq(users.resetPasswordTokenHash, sha256(key)), gt(users.resetPasswordExpires, new Date())))
      .returning({ id: users.id, email: users.email });
    if (!row) throw new AppError('TOKEN_INVALID', 400);
    await revokeAllSessions(tx, row.id, 'password reset');
    await liftLocks(tx, { id: row.id, emails: [row.email] });
  });
}

/** Changes the own password; every session of the user ends, this one included. */
export async function changePassword(ctx: RequestContext, currentPassword: string, password: string) {
  const user = await findUserById(ctx.db, ctx.user.id);
  if (!user) throw notFound();
  if (!user.passwordHash || !(await verify(user.passwordHash, currentPassword))) {
    throw badField('currentPassword', 'errors.WRONG_PASSWORD');
  }
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, 'password changed');
  });
}
