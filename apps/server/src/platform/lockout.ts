import type { ErrorCode } from '@pruefbuch/domain/error-codes';
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { authFailures, users } from '../db/schema/index';
import { accountMail } from './account-mails';
import type { Config } from './config';
import type { AppDeps } from './context';
import { AppError } from './errors';

/**
 * Lockouts after failed sign-ins and 2FA codes (docs/decisions/011-lockout-policy.md). Failures are
 * counted in three scopes within the window:
 * - account and address: the usual guessing from one place; stops that place only, so an attacker
 *   cannot lock the owner out from elsewhere;
 * - account: guessing from many addresses; only at a much higher count does the account wait for everyone;
 * - address: a flood across many accounts (password spraying); accounts that have signed in from that
 *   address before are not held up by it.
 * Each scope waits one step after its threshold, and one step more per further failure, up to the cap.
 */
type Kind = 'login' | '2fa';
const LOCK_CODE: Record<Kind, ErrorCode> = { login: 'LOGIN_LOCKED', '2fa': 'TWO_FA_LOCKED' };
type Lockout = Config['lockout'];
const NO_USER = '00000000-0000-0000-0000-000000000000';

export interface Attempt {
  kind: Kind;
  /** The email for sign-ins (also unknown ones), the user id for 2FA codes. */
  account: string;
  ip: string;
}

/** Seconds to wait after `count` failures in a scope whose threshold is `max` (0: no wait). */
export const waitAfter = (cfg: Lockout, count: number, max: number) =>
  count < max ? 0 : Math.min(cfg.stepSeconds * (count - max + 1), cfg.maxWaitSeconds);

async function failureStats(db: Executor, cfg: Lockout, { kind, account, ip }: Attempt) {
  const since = new Date(Date.now() - cfg.windowSeconds * 1000);
  const byAccount = sql`${authFailures.account} = ${account}`;
  const byIp = sql`${authFailures.ip} = ${ip}`;
  const byPair = sql`${byAccount} and ${byIp}`;
  const n = (where: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);
  const last = (where: ReturnType<typeof sql>) =>
    sql<Date | null>`max(${authFailures.createdAt}) filter (where ${where})`.mapWith(authFailures.createdAt);
  const [row] = await db
    .select({
      pair: n(byPair),
      pairLast: last(byPair),
      account: n(byAccount),
      accountLast: last(byAccount),
      ip: n(byIp),
      ipLast: last(byIp),
    })
    .from(authFailures)
    .where(
      and(
        eq(authFailures.kind, kind),
        gte(authFailures.createdAt, since),
        or(eq(authFailures.account, account), eq(authFailures.ip, ip)),
      ),
    );
  return row ?? { pair: 0, pairLast: null, account: 0, accountLast: null, ip: 0, ipLast: null };
}

const remaining = (last: Date | null, waitSeconds: number) =>
  last && waitSeconds > 0 ? last.getTime() + waitSeconds * 1000 - Date.now() : 0;

/**
 * Refuses with 429 and the seconds left while a scope of the attempt waits. `knownClient` is asked only
 * when the address alone would hold the attempt back.
 */
export async function assertNotLocked(
  db: Executor,
  cfg: Lockout,
  attempt: Attempt,
  knownClient: () => Promise<boolean>,
) {
  const s = await failureStats(db, cfg, attempt);
  let left = Math.max(
    remaining(s.pairLast, waitAfter(cfg, s.pair, cfg.clientMax)),
    remaining(s.accountLast, waitAfter(cfg, s.account, cfg.accountMax)),
  );
  const ipLeft = remaining(s.ipLast, waitAfter(cfg, s.ip, cfg.ipMax));
  if (ipLeft > left && !(await knownClient())) left = ipLeft;
  if (left > 0) throw new AppError(LOCK_CODE[attempt.kind], 429, undefined, Math.max(1, Math.ceil(left / 1000)));
}

/**
 * Notes a failure. When it is the one that starts the account-wide wait, the owner gets a mail; the
 * owner's row is locked meanwhile so two failures at once cannot both (or neither) send it.
 */
export async function recordFailure(
  db: Db,
  deps: AppDeps,
  attempt: Attempt,
  owner: { id: string; email: string; firstName: string } | null,
) {
  const cfg = deps.config.lockout;
  // An unknown email takes the same steps (no row to lock), so the time taken tells nothing (decision 002).
  await db.transaction(async (tx) => {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, owner?.id ?? NO_USER))
      .for('update');
    await tx.insert(authFailures).values(attempt);
    const { account } = await failureStats(tx, cfg, attempt);
    if (owner && account === cfg.accountMax) {
      const link = `${deps.config.publicUrl}/app/admin/passwordreset`;
      const minutes = Math.ceil(waitAfter(cfg, account, cfg.accountMax) / 60);
      await deps.mailer.send(tx, accountMail('locked', owner, link, 0, minutes));
    }
  });
}

/** After a success: the failures of this account from this address are forgiven, not those from elsewhere. */
export const clearClientFailures = (db: Executor, { kind, account, ip }: Attempt) =>
  db
    .delete(authFailures)
    .where(and(eq(authFailures.kind, kind), eq(authFailures.account, account), eq(authFailures.ip, ip)));

/** Lifts every lock of an account: a completed password reset, or an admin. */
export const liftLocks = (db: Executor, user: { id: string; emails: string[] }) =>
  db.delete(authFailures).where(
    or(
      and(
        eq(authFailures.kind, 'login'),
        inArray(
          authFailures.account,
          user.emails.map((e) => e.toLowerCase()),
        ),
      ),
      and(eq(authFailures.kind, '2fa'), eq(authFailures.account, user.id)),
    ),
  );
