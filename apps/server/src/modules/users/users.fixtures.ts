import { randomUUID } from 'node:crypto';
import { Department, Role } from '@pruefbuch/domain/roles';
import { desc, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/helper';
import { deliverMails } from '../../../test/mail';
import { mailOutbox, users } from '../../db/schema/index';

/** Small helpers of the users API tests. */

export const tag = () => randomUUID().replace(/-/g, '').slice(0, 12);
export const email = (prefix = 'neu') => `${prefix}-${tag()}@test.example`;
export const fieldsOf = (res: { json: () => { details?: { field: string }[] } }) =>
  (res.json().details ?? []).map((d) => d.field);
export const linkIn = (text: string) => text.match(/https?:\/\/\S+/)?.[0] ?? '';

/** A complete body of PUT users / POST users. */
export const account = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Erika',
  lastName: 'Muster',
  email: email(),
  tel: '069 123',
  role: Role.STANDARD_ROLE,
  department: Department.OPM,
  abbreviation: 'EM',
  ...overrides,
});

/** Reads straight from the database, to check what a call stored. */
export function dbReads(t: TestApp) {
  const db = t.database.db;
  return {
    /** The mails to an address, newest first, once the queued ones are delivered. */
    async mailsTo(to: string) {
      await deliverMails(t);
      return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
    },
    async rowOf(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      if (!row) throw new Error(`no user ${id}`);
      return row;
    },
  };
}
