import { and, eq, gt } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { PublicContext, RequestContext } from '../../platform/context';
import { sha256 } from '../../platform/crypto';
import { AppError, badField, notFound } from '../../platform/errors';
import { liftLocks } from '../../platform/lockout';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { revokeAllSessions } from '../../platform/sessions';
import { sendConfirmation, sendResetLink } from '../users/users.account-mail';
import { findUserByEmail, findUserById } from '../users/users.repo';

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
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw badField('currentPassword', 'errors.WRONG_PASSWORD');
  }
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, 'password changed');
  });
}
