import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { refreshTokens, sessions } from '../db/schema/index';
import type { Config } from './config';
import { keyedHash, randomToken, sha256 } from './crypto';
import { unauthenticated } from './errors';

const SESSION_MAX_SECONDS = 30 * 24 * 3600;

/** The address a session was opened from, as a keyed hash: addresses are personal data and easy to guess. */
export const clientHashOf = (cfg: Config, ip: string) => keyedHash(cfg.appSecret, 'client', ip);

/** Opens a session (a refresh-token family) and hands out its first refresh token. */
export async function openSession(db: Executor, cfg: Config, userId: string, ip: string) {
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      expiresAt: new Date(Date.now() + SESSION_MAX_SECONDS * 1000),
      clientHash: clientHashOf(cfg, ip),
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned nothing');
  const refreshToken = await issueRefreshToken(db, cfg, session.id, randomToken());
  return { sessionId: session.id, refreshToken };
}

/** Whether the user opened a session from this address within the longest session lifetime. */
export async function isKnownClient(db: Executor, cfg: Config, userId: string, ip: string) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.clientHash, clientHashOf(cfg, ip)),
        gt(sessions.createdAt, new Date(Date.now() - SESSION_MAX_SECONDS * 1000)),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * The successor of a refresh token is derived from it (keyed with the app secret), so a repeated
 * refresh in the grace window can hand out the same new token again without storing it anywhere.
 */
const successorOf = (cfg: Config, token: string) => keyedHash(cfg.appSecret, 'refresh-successor', token);

async function issueRefreshToken(db: Executor, cfg: Config, sessionId: string, token: string) {
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + cfg.refreshTokenTtlSeconds * 1000),
  });
  return token;
}

type Rotation =
  | { ok: false; reused?: true }
  | { ok: true; userId: string; sessionId: string; refreshToken: string; issuedAt: number };

/**
 * Exchanges a refresh token for a new one in the same family. The same token again within the grace
 * window (two tabs refreshing at once) gets the same successor and the same access-token time; later,
 * a token used a second time means it was stolen: the whole family is revoked.
 */
export async function rotateRefreshToken(db: Db, cfg: Config, token: string): Promise<Rotation> {
  const hash = sha256(token);
  return db.transaction(async (tx): Promise<Rotation> => {
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
    if (!row) return { ok: false };
    const now = new Date();
    const live = !row.revokedAt && row.sessionExpiresAt >= now;
    const { userId, sessionId } = row;
    if (row.usedAt) {
      const successor = successorOf(cfg, token);
      if (live && now.getTime() - row.usedAt.getTime() <= cfg.refreshGraceSeconds * 1000) {
        // Tokens rotated before successors were derived have none to repeat: those count as reuse.
        const [next] = await tx
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.tokenHash, sha256(successor)), eq(refreshTokens.sessionId, sessionId)))
          .limit(1);
        if (next) return { ok: true, userId, sessionId, refreshToken: successor, issuedAt: secondsOf(row.usedAt) };
      }
      await revokeSession(tx, sessionId, 'refresh token reused');
      return { ok: false, reused: true };
    }
    if (!live || row.expiresAt < now) return { ok: false };
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    const refreshToken = await issueRefreshToken(tx, cfg, sessionId, successorOf(cfg, token));
    return { ok: true, userId, sessionId, refreshToken, issuedAt: secondsOf(now) };
  });
}

const secondsOf = (d: Date) => Math.floor(d.getTime() / 1000);

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
