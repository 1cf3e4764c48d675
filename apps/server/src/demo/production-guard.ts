import { verify } from '@node-rs/argon2';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { DEMO_PASSWORD, DEMO_USERS } from './seed';

/**
 * Demo accounts whose published password still works. A production server refuses to start
 * while any exists (main.ts): a database seeded for a trial must not go live as it is.
 */
export async function usableDemoAccounts(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash, isResigned: users.isResigned })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((u) => u.email),
      ),
    );
  // The seed gives every demo account the same hash: each distinct hash is verified once.
  const checked = new Map<string, Promise<boolean>>();
  const works = (passwordHash: string) => {
    const known = checked.get(passwordHash);
    if (known) return known;
    const result = verify(passwordHash, DEMO_PASSWORD).catch(() => false);
    checked.set(passwordHash, result);
    return result;
  };
  const usable: string[] = [];
  for (const row of rows) {
    if (row.isResigned || !row.passwordHash) continue;
    if (await works(row.passwordHash)) usable.push(row.email);
  }
  return usable.sort();
}

export function demoAccountsMessage(emails: string[]): string {
  return (
    `Refusing to start with NODE_ENV=production: ${emails.length} demo account(s) still sign in with the ` +
    `published demo password (${emails.join(', ')}). Delete them or change their passwords ` +
    '(or start without NODE_ENV=production to keep trying the demo).'
  );
}
