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
  const usable: string[] = [];
  for (const row of rows) {
    if (row.isResigned || !row.passwordHash) continue;
    if (await verify(row.passwordHash, DEMO_PASSWORD).catch(() => false)) usable.push(row.email);
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
