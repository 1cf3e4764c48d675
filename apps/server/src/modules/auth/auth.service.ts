import type { LoginReply } from '@pruefbuch/domain/schemas/auth';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { accountMail } from '../../platform/account-mails';
import type { PublicContext, RequestContext } from '../../platform/context';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError, badField, notFound, unauthenticated } from '../../platform/errors';
import { type Attempt, assertNotLocked, clearClientFailures, recordFailure } from '../../platform/lockout';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { assertRotated, isKnownClient, openSession, revokeSession, rotateRefreshToken } from '../../platform/sessions';
import { tenantsOfUser } from '../tenants/tenants.repo';
import { findUserByEmail, findUserById, type UserRow } from '../users/users.repo';
import { newTotpSecret, otpauthUrl, totpStep } from './auth.totp';

/** Verified against when the email is unknown, so both cases cost the same time. */
const DUMMY_HASH = hashPassword('not-a-real-password');

async function loginReply(db: Db, user: UserRow, token: string, refreshToken: string): Promise<LoginReply> {
  return {
    token,
    refreshToken,
    friendlyUsername: `${user.firstName} ${user.lastName}`.trim() || user.email,
    role: user.role,
    customerRole: user.customerRole,
    userId: user.id,
    department: user.department,
    customer: user.customer,
    auswertung: user.auswertung,
    forecast: user.forecast,
    is2FaUsed: user.is2FaUsed,
    tenants: await tenantsOfUser(db, user.id, user.role === 1),
    language: user.language ?? null,
  };
}

/** A session for a user who passed the login's checks (password, lockout, second factor). */
export async function startSession(ctx: Pick<PublicContext, 'db' | 'deps' | 'ip'>, user: UserRow) {
  const { sessionId, refreshToken } = await openSession(ctx.db, ctx.deps.config, user.id, ctx.ip);
  const token = await ctx.deps.tokens.signAccess(user.id, sessionId);
  return loginReply(ctx.db, user, token, refreshToken);
}

/** Password step. An unknown email and a wrong password get the same answer. */
export async function login(ctx: PublicContext, email: string, password: string): Promise<LoginReply> {
  const { db, deps, ip } = ctx;
  const attempt: Attempt = { kind: 'login', account: email, ip };
  const user = await findUserByEmail(db, email);
  await assertNotLocked(db, deps.config.lockout, attempt, () =>
    user ? isKnownClient(db, deps.config, user.id, ip) : Promise.resolve(false),
  );
  // Unknown email: verify against a dummy hash anyway, so both cases take the same time.
  const ok = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), password).then(
    (match) => match && !!user?.passwordHash,
  );
  if (!user || !ok) {
    await recordFailure(db, deps, attempt, user ?? null);
    throw unauthenticated('INVALID_CREDENTIALS');
  }
  if (user.isResigned) throw new AppError('ACCOUNT_DISABLED', 403);
  if (!user.isVerified) throw new AppError('ACCOUNT_NOT_VERIFIED', 403);
  await clearClientFailures(db, attempt);
  if (user.is2FaUsed) {
    return loginReply(db, user, await deps.tokens.signMfa(user.id), '');
  }
  return startSession(ctx, user);
}

/**
 * Accepts a TOTP code once: the step must be newer than the last accepted one. Wrong codes count
 * towards the 2FA lockout.
 */
async function consumeCode(db: Db, ctx: PublicContext, user: UserRow, sealedSecret: string | null, code: string) {
  const attempt: Attempt = { kind: '2fa', account: user.id, ip: ctx.ip };
  await assertNotLocked(db, ctx.deps.config.lockout, attempt, () =>
    isKnownClient(db, ctx.deps.config, user.id, ctx.ip),
  );
  const step = sealedSecret ? totpStep(ctx.deps.secrets.open(sealedSecret), code) : null;
  const fresh =
    step !== null &&
    (
      await db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id })
    ).length === 1;
  if (!fresh) {
    await recordFailure(db, ctx.deps, attempt, user);
    throw badField('validationCode', 'errors.TWO_FA_INVALID', 'TWO_FA_INVALID');
  }
  await clearClientFailures(db, attempt);
}

export async function validate2fa(ctx: PublicContext, pendingUserId: string, userId: string, code: string) {
  if (pendingUserId !== userId) throw unauthenticated();
  const user = await findUserById(ctx.db, userId);
  if (!user?.is2FaUsed || user.isResigned) throw unauthenticated();
  await consumeCode(ctx.db, ctx, user, user.totpSecret, code);
  return startSession(ctx, user);
}

export async function refresh(ctx: PublicContext, refreshToken: string) {
  const r = await rotateRefreshToken(ctx.db, ctx.deps.config, refreshToken);
  assertRotated(r);
  const user = await findUserById(ctx.db, r.userId);
  if (!user || user.isResigned) throw unauthenticated('REFRESH_INVALID');
  const accessToken = await ctx.deps.tokens.signAccess(user.id, r.sessionId, r.issuedAt);
  return { accessToken, refreshToken: r.refreshToken };
}

export const logout = (ctx: RequestContext) => revokeSession(ctx.db, ctx.user.sessionId, 'sign-out');

// ---- 2FA set-up on one's own account -------------------------------------------------------

const asPublic = (ctx: RequestContext): PublicContext => ({ ...ctx, userAgent: '' });

async function ownUser(ctx: RequestContext, userId = ctx.user.id) {
  if (userId !== ctx.user.id) throw notFound();
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  return user;
}

export async function barcode2fa(ctx: RequestContext, userId: string) {
  const user = await ownUser(ctx, userId);
  if (user.is2FaUsed) throw new AppError('TWO_FA_ACTIVE', 409);
  const secret = newTotpSecret();
  await ctx.db
    .update(users)
    .set({ totpPendingSecret: ctx.deps.secrets.seal(secret) })
    .where(eq(users.id, user.id));
  const url = otpauthUrl(secret, user.email);
  return { qrCode: await QRCode.toDataURL(url, { margin: 1, width: 240 }), secret, otpauthUrl: url };
}

export async function finish2fa(ctx: RequestContext, code: string) {
  const user = await ownUser(ctx);
  if (!user.totpPendingSecret) throw new AppError('TWO_FA_NOT_STARTED', 400);
  await consumeCode(ctx.db, asPublic(ctx), user, user.totpPendingSecret, code);
  await ctx.db
    .update(users)
    .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, is2FaUsed: true, updatedAt: new Date() })
    .where(eq(users.id, user.id));
}

export async function deactivate2fa(ctx: RequestContext, code: string) {
  const user = await ownUser(ctx);
  if (!user.is2FaUsed) throw new AppError('TWO_FA_NOT_ACTIVE', 400);
  await consumeCode(ctx.db, asPublic(ctx), user, user.totpSecret, code);
  await disable2fa(ctx.db, user.id);
}

const disable2fa = (db: Db, userId: string) =>
  db
    .update(users)
    .set({
      is2FaUsed: false,
      totpSecret: null,
      totpPendingSecret: null,
      deactivate2faTokenHash: null,
      deactivate2faExpires: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));

/** For a lost authenticator: a mailed link switches 2FA off. The answer never says whether the email exists. */
export async function send2faDeactivationEmail(ctx: PublicContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.is2FaUsed || user.isResigned) return;
  const token = randomToken();
  await ctx.db
    .update(users)
    .set({ deactivate2faTokenHash: sha256(token), deactivate2faExpires: new Date(Date.now() + 3600_000) })
    .where(eq(users.id, user.id));
  const link = `${ctx.deps.config.publicUrl}/app/disable2fa?token=${token}`;
  await ctx.deps.mailer.send(ctx.db, accountMail('disable2fa', user, link));
}

export async function deactivate2faByToken(ctx: PublicContext, token: string) {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.deactivate2faTokenHash, sha256(token)), gt(users.deactivate2faExpires, new Date())))
    .limit(1);
  if (!row) throw new AppError('TOKEN_INVALID', 400);
  await disable2fa(ctx.db, row.id);
}
