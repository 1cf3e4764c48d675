import type { ErrorCode } from '@pruefbuch/domain/error-codes';
import { and, count, eq, gte, max } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { authFailures } from '../../db/schema/index';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';

type Kind = 'login' | '2fa';
const LOCK_CODE: Record<Kind, ErrorCode> = { login: 'LOGIN_LOCKED', '2fa': 'TWO_FA_LOCKED' };

/**
 * Refuses with 429 while an account or an address has too many recent failures; the lock
 * lifts one window after the last failure.
 */
export async function assertNotLocked(db: Db, cfg: Config['lockout'], kind: Kind, account: string, ip: string) {
  const since = new Date(Date.now() - cfg.windowSeconds * 1000);
  const stats = (where: ReturnType<typeof and>) =>
    db
      .select({ n: count(), last: max(authFailures.createdAt) })
      .from(authFailures)
      .where(where);
  const [[byAccount], [byIp]] = await Promise.all([
    stats(and(eq(authFailures.kind, kind), eq(authFailures.account, account), gte(authFailures.createdAt, since))),
    stats(and(eq(authFailures.kind, kind), eq(authFailures.ip, ip), gte(authFailures.createdAt, since))),
  ]);
  const locked =
    (byAccount && byAccount.n >= cfg.accountMax && byAccount.last) || (byIp && byIp.n >= cfg.ipMax && byIp.last);
  if (locked) {
    const until = new Date(locked).getTime() + cfg.windowSeconds * 1000;
    throw new AppError(LOCK_CODE[kind], 429, undefined, Math.max(1, Math.ceil((until - Date.now()) / 1000)));
  }
}

export const recordFailure = (db: Executor, kind: Kind, account: string, ip: string) =>
  db.insert(authFailures).values({ kind, account, ip });

export const clearFailures = (db: Executor, kind: Kind, account: string) =>
  db.delete(authFailures).where(and(eq(authFailures.kind, kind), eq(authFailures.account, account)));
