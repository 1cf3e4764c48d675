import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { refreshTokens, sessions } from '../../db/schema/index';
import type { Config } from '../../platform/config';
import { randomToken, sha256 } from '../../platform/crypto';
import { unauthenticated } from '../../platform/errors';

const SESSION_MAX_SECONDS = 30 * 24 * 3600;

/** Opens a session (a refresh-token family) and hands out its first refresh token. */
export async function openSession(db: Executor, cfg: Config, userId: string) {
  const [session] = await db
    .insert(sessions)
    .values({ userId, expiresAt: new Date(Date.now() + SESSION_MAX_SECONDS * 1000) })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned nothing');
  const refreshToken = await issueRefreshToken(db, cfg, session.id);
  return { sessionId: session.id, refreshToken };
}

async function issueRefreshToken(db: Executor, cfg: Config, sessionId: string) {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + cfg.refreshTokenTtlSeconds * 1000),
  });
  return token;
}

/**
 * Exchanges a refresh token for a new one in the same family. A token used a second time
 * means it was stolen: the whole family is revoked.
 */
export async function rotateRefreshToken(db: Db, cfg: Config, token: string) {
  const hash = sha256(token);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        expiresAt: refreshTokens.expiresAt,
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        sessionExpiresAt: sessions.expiresAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hash))
      .for('update')
      .limit(1);
    if (!row) return { ok: false as const };
    if (row.usedAt) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'refresh token reused' })
        .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revokedAt)));
      return { ok: false as const, reused: true };
    }
    const now = new Date();
    if (row.revokedAt || row.expiresAt < now || row.sessionExpiresAt < now) return { ok: false as const };
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    const refreshToken = await issueRefreshToken(tx, cfg, row.sessionId);
    return { ok: true as const, userId: row.userId, sessionId: row.sessionId, refreshToken };
  });
}

export const revokeSession = (db: Executor, sessionId: string, reason: string) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));

/** Ends every session of a user: after a password change, a reset, or when the account is disabled. */
export const revokeAllSessions = (db: Executor, userId: string, reason: string) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

export function assertRotated<T extends { ok: boolean }>(r: T): asserts r is T & { ok: true } {
  if (!r.ok) throw unauthenticated('REFRESH_INVALID');
}
