import { Role } from '@pruefbuch/domain/roles';
import { qualificationState } from '@pruefbuch/domain/rules/qualifications';
import type { Qualification } from '@pruefbuch/domain/schemas/qualification';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userQualifications, users } from '../../db/schema/index';

/** Qualifications belong to a user, not to a tenant (decision 055): these queries take no tenant. */
export type QualificationRow = typeof userQualifications.$inferSelect;

export const toQualificationDto = (r: QualificationRow, today: string): Qualification => ({
  _id: r.id,
  user: r.userId,
  kind: r.kind,
  number: r.number,
  issuer: r.issuer,
  validFrom: r.validFrom,
  validUntil: r.validUntil,
  state: qualificationState(r, today),
  certificate:
    r.certificateSha256 && r.certificateName && r.certificateType
      ? { fileName: r.certificateName, contentType: r.certificateType, size: r.certificateSize ?? 0 }
      : null,
  __v: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const qualificationsOf = (db: Executor, userId: string) =>
  db
    .select()
    .from(userQualifications)
    .where(eq(userQualifications.userId, userId))
    .orderBy(asc(userQualifications.kind), asc(userQualifications.validFrom), asc(userQualifications.id));

export async function findQualification(
  db: Executor,
  userId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<QualificationRow | null> {
  const q = db
    .select()
    .from(userQualifications)
    .where(and(eq(userQualifications.id, id), eq(userQualifications.userId, userId)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function userExists(db: Executor, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}

/** Every staff user who can sign in (no branch user, not locked), by name: the rows of the matrix. */
export const staffWhoSign = (db: Executor) =>
  db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      abbreviation: users.abbreviation,
      role: users.role,
    })
    .from(users)
    .where(and(ne(users.role, Role.ROLE_FILIALE), eq(users.isResigned, false)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));

/** The qualifications of these users, in one query. */
export const qualificationsOfUsers = async (db: Executor, userIds: string[]): Promise<QualificationRow[]> =>
  userIds.length ? db.select().from(userQualifications).where(inArray(userQualifications.userId, userIds)) : [];
