import { randomUUID } from 'node:crypto';
import type { Language } from '@pruefbuch/domain/locales/resources';
import { AUTHORITY_BY_ROLE, CUSTOMER_AUTHORITY_BY_ROLE, Customer, Department, Role } from '@pruefbuch/domain/roles';
import type { PageQuery } from '@pruefbuch/domain/schemas/common';
import type { UserAdminWrite, UserInspection, UserProfileWrite } from '@pruefbuch/domain/schemas/user';
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ChildEntry, users, userTenants } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { AppError, badField, notFound } from '../../platform/errors';
import { liftLocks } from '../../platform/lockout';
import { pageReply } from '../../platform/paging';
import { hashPassword } from '../../platform/passwords';
import { revokeAllSessions } from '../../platform/sessions';
import { sendConfirmation, sendResetLink } from './users.account-mail';
import {
  existingTenantIds,
  findUserByEmail,
  findUserById,
  findUserWithTenants,
  listUsers,
  setUserTenants,
  tenantIdsOf,
  toUserDto,
} from './users.repo';

const isAdmin = (ctx: RequestContext) => ctx.user.role === Role.ADMIN_ROLE;

/** Child entries keep their ids; new ones get one. */
const normaliseChildren = (list: UserInspection[]): ChildEntry[] =>
  list.map((c) => ({ ...c, _id: c._id ?? randomUUID() }));

async function dto(db: Executor, id: string) {
  const found = await findUserWithTenants(db, id);
  if (!found) throw notFound();
  return toUserDto(found.user, found.tenantIds);
}

export async function listAll(ctx: RequestContext, q: PageQuery & { role?: number; tenant?: string }) {
  const { rows, total } = await listUsers(ctx.db, q);
  const tenants = await tenantIdsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return pageReply(
    rows.map((r) => toUserDto(r, tenants.get(r.id) ?? [])),
    total,
    q,
  );
}

/** Admins read every account; everybody else only their own (another id is a 404). */
export async function getUser(ctx: RequestContext, id: string) {
  if (!isAdmin(ctx) && id !== ctx.user.id) throw notFound();
  return dto(ctx.db, id);
}

export const me = (ctx: RequestContext) => dto(ctx.db, ctx.user.id);

const emailExists = () =>
  new AppError('EMAIL_EXISTS', 409, [{ field: 'email', key: 'errors.EMAIL_EXISTS', message: 'EMAIL_EXISTS' }]);

/** Two saves of the same email at once both pass the check; the unique index refuses the second. */
async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const cause = (err as { cause?: { code?: string; constraint?: string } }).cause;
    if (cause?.code === '23505' && cause.constraint === 'users_email_unique') throw emailExists();
    throw err;
  }
}

async function assertWritable(db: Executor, input: UserAdminWrite, selfId?: string) {
  const other = await findUserByEmail(db, input.email);
  if (other && other.id !== selfId) throw emailExists();
  const known = await existingTenantIds(db, input.tenants);
  const unknown = input.tenants.find((t) => !known.includes(t));
  if (unknown) throw badField('tenants', 'validation.invalid');
  if (input.role === Role.ROLE_FILIALE && input.customerRole == null) {
    throw badField('customerRole', 'validation.customerRole');
  }
}

const columnsOf = (input: UserAdminWrite) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  email: input.email,
  tel: input.tel,
  role: input.role,
  customerRole: input.role === Role.ROLE_FILIALE ? input.customerRole : null,
  department: input.department,
  customer: input.customer,
  abbreviation: input.abbreviation,
  auswertung: input.auswertung,
  forecast: input.forecast,
  userInspection: normaliseChildren(input.userInspection),
});

/**
 * Creates an account. `verified` accounts (PUT users from user administration) can sign in at
 * once; registrations (POST users, users/signup) get a confirmation mail first. Without a
 * password a reset link lets the user choose one.
 */
export async function createUser(
  ctx: RequestContext,
  input: UserAdminWrite & { password?: string },
  verified: boolean,
) {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return withUniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      await assertWritable(tx, input);
      const [row] = await tx
        .insert(users)
        .values({ ...columnsOf(input), passwordHash, isVerified: verified, isResigned: input.isResigned ?? false })
        .returning({ id: users.id, email: users.email, firstName: users.firstName });
      if (!row) throw new Error('user insert returned nothing');
      await setUserTenants(tx, row.id, input.tenants);
      if (!verified) await sendConfirmation(tx, ctx.deps, row);
      else if (!input.password) await sendResetLink(tx, ctx.deps, row);
      return dto(tx, row.id);
    }),
  );
}

export async function updateUserAsAdmin(ctx: RequestContext, id: string, input: UserAdminWrite) {
  return withUniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      const current = await findUserById(tx, id);
      if (!current) throw notFound();
      await assertWritable(tx, input, id);
      if (id === ctx.user.id && (input.role !== current.role || input.isResigned)) {
        throw badField('role', 'errors.FORBIDDEN');
      }
      const isResigned = input.isResigned ?? current.isResigned;
      await tx
        .update(users)
        .set({ ...columnsOf(input), isResigned, updatedAt: new Date(), version: current.version + 1 })
        .where(eq(users.id, id));
      await setUserTenants(tx, id, input.tenants);
      if (isResigned && !current.isResigned) await revokeAllSessions(tx, id, 'account disabled');
      // Saving the account is how an admin lifts a sign-in lock (docs/decisions/011).
      await liftLocks(tx, { id, emails: [current.email, input.email] });
      return dto(tx, id);
    }),
  );
}

/** Users change their own name, phone and child entries; nothing else. */
export async function updateProfile(ctx: RequestContext, id: string, input: UserProfileWrite) {
  if (id !== ctx.user.id) throw notFound();
  await ctx.db
    .update(users)
    .set({ ...input, userInspection: normaliseChildren(input.userInspection), updatedAt: new Date() })
    .where(eq(users.id, id));
  return dto(ctx.db, id);
}

/** The language the user chose; kept on the account so every sign-in, on any device, starts in it. */
export async function setOwnLanguage(ctx: RequestContext, language: Language) {
  await ctx.db.update(users).set({ language }).where(eq(users.id, ctx.user.id));
}

export async function deleteUser(ctx: RequestContext, id: string) {
  if (id === ctx.user.id) throw badField('id', 'errors.FORBIDDEN');
  const deleted = await ctx.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  if (deleted.length === 0) throw notFound();
}

const lookup = (entries: Record<string, number>) =>
  Object.entries(entries).map(([name, id]) => ({ id, name, label: name }));
export const roleList = () =>
  Object.entries(AUTHORITY_BY_ROLE).map(([id, name]) => ({ id: Number(id), name, label: name }));
export const customerRoleList = () =>
  Object.entries(CUSTOMER_AUTHORITY_BY_ROLE).map(([id, name]) => ({ id: Number(id), name, label: name }));
export const departmentList = () => lookup(Department);
export const customerList = () => lookup(Customer);

/**
 * The user directory stays in the caller's tenants: a look-up finds only users who share a
 * tenant with the caller (admins work in every tenant and see everyone).
 */
function sharesTenantWithCaller(ctx: RequestContext) {
  if (ctx.user.role === Role.ADMIN_ROLE) return undefined;
  return exists(
    ctx.db
      .select({ one: sql`1` })
      .from(userTenants)
      .where(
        and(
          eq(userTenants.userId, users.id),
          inArray(
            userTenants.tenantId,
            ctx.db
              .select({ tenantId: userTenants.tenantId })
              .from(userTenants)
              .where(eq(userTenants.userId, ctx.user.id)),
          ),
        ),
      ),
  );
}

export async function findIdByAbbreviation(ctx: RequestContext, abbreviation: string) {
  const [row] = await ctx.db
    .select({ _id: users.id })
    .from(users)
    .where(and(eq(users.abbreviation, abbreviation), sharesTenantWithCaller(ctx)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Active users of a department in the caller's tenants (all of them, resigned too, with `includeResigned`). */
export async function usersByDepartment(ctx: RequestContext, department: number, includeResigned: boolean) {
  return ctx.db
    .select({
      _id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      abbreviation: users.abbreviation,
      department: users.department,
      email: users.email,
    })
    .from(users)
    .where(
      and(
        eq(users.department, department),
        includeResigned ? undefined : eq(users.isResigned, false),
        sharesTenantWithCaller(ctx),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
}
