/**
 * The branch scope of a request (decisions 019 and 038): what a branch user (role 8) may see of the
 * tenant's customer locations, and through them of its books. Staff are not limited here (the
 * tenant filter applies to everyone). Every query of books and of what hangs on a book — records,
 * documents, PDFs, QR codes, lists — adds `bookInScope`; the location queries add `locationInScope`;
 * queries of records add `recordInScope`, of files `blobInScope` (no staff drafts, no expert reports
 * the user may not open).
 */
import { hiddenRecordKinds } from '@pruefbuch/domain/access';
import { Role } from '@pruefbuch/domain/roles';
import { branchScopeOf } from '@pruefbuch/domain/rules/branch-scope';
import { and, type Column, eq, inArray, isNotNull, isNull, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  blobs,
  books,
  customerLocationBooks,
  customerLocations,
  inspections,
  pdfAssets,
  userCustomerLocations,
  users,
  userTenants,
} from '../db/schema/index';
import type { AuthUser, ScopeTarget } from './context';

export type ScopeUser = Pick<AuthUser, 'id' | 'role' | 'customerRole' | 'customer'>;

/** Whether the user is limited to their locations at all. */
export const isScoped = (user: ScopeUser) => branchScopeOf(user).kind !== 'all';

/**
 * The condition on customer_locations that keeps the user's locations: undefined for staff. Branch
 * users never see an inactive location.
 */
export function locationInScope(user: ScopeUser): SQL | undefined {
  const scope = branchScopeOf(user);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return sql`false`;
  // Only locations of the tenants the user belongs to, and never an inactive one.
  const base = and(
    eq(customerLocations.active, true),
    inArray(
      customerLocations.tenantId,
      sql`(select ${userTenants.tenantId} from ${userTenants} where ${userTenants.userId} = ${user.id})`,
    ),
  );
  return scope.kind === 'customer'
    ? and(base, eq(customerLocations.customer, user.customer))
    : and(
        base,
        inArray(
          customerLocations.id,
          sql`(select ${userCustomerLocations.locationId} from ${userCustomerLocations} where ${userCustomerLocations.userId} = ${user.id})`,
        ),
      );
}

/** Today in Berlin as YYYY-MM-DD: the visibility window is a calendar matter. */
const berlinToday = sql`(now() at time zone 'Europe/Berlin')::date`;

/**
 * A book's visibility window (visibleFrom/visibleTo) holds today (Berlin), either end open when
 * unset. Branch users and the public page of its QR code see a book only inside it.
 */
export const insideVisibilityWindow = () =>
  and(
    or(isNull(books.visibleFrom), lte(books.visibleFrom, berlinToday)),
    or(isNull(books.visibleTo), sql`${books.visibleTo} >= ${berlinToday}`),
  );

/**
 * The condition that keeps the books the user may see, on any column holding a book id: undefined
 * for staff; for branch users the books linked to one of their locations and inside their
 * visibility window (visibleFrom/visibleTo), never a retired one (decision 059).
 */
export function bookInScope(user: ScopeUser, bookId: Column | SQL): SQL | undefined {
  const locations = locationInScope(user);
  if (!locations) return undefined;
  return sql`${bookId} in (select ${books.id} from ${books}
      join ${customerLocationBooks} on ${customerLocationBooks.bookId} = ${books.id}
      join ${customerLocations} on ${customerLocations.id} = ${customerLocationBooks.locationId}
      where ${and(locations, insideVisibilityWindow(), isNull(books.retiredAt))})`;
}

/**
 * Which records a branch user may read, whatever their book (decision 038): finalized ones, and of
 * the drafts only those branch users write (the branch's self-inspections); never a staff draft,
 * never a kind hidden from them (expert reports, but for control). Undefined for staff.
 */
function recordVisible(user: ScopeUser): SQL | undefined {
  if (!isScoped(user)) return undefined;
  const hidden = hiddenRecordKinds(user);
  const byBranchUser = inArray(
    inspections.createdBy,
    sql`(select ${users.id} from ${users} where ${users.role} = ${Role.ROLE_FILIALE})`,
  );
  return and(
    or(isNotNull(inspections.finalizedAt), byBranchUser),
    hidden.length ? notInArray(inspections.kind, [...hidden]) : undefined,
  );
}

/** The condition on inspections that keeps the records the user may see: undefined for staff. */
export function recordInScope(user: ScopeUser): SQL | undefined {
  const visible = recordVisible(user);
  return visible && and(bookInScope(user, inspections.bookId), visible);
}

/**
 * The condition on blobs that keeps the files the user may see: undefined for staff; for branch
 * users a file of a book in scope that is not the PDF of a record they may not read (an expert
 * report, for all but control).
 */
export function blobInScope(user: ScopeUser): SQL | undefined {
  const visible = recordVisible(user);
  if (!visible) return undefined;
  return and(
    bookInScope(user, blobs.bookId),
    sql`not exists (select 1 from ${pdfAssets} join ${inspections} on ${inspections.id} = ${pdfAssets.inspectionId}
      where ${pdfAssets.blobId} = ${blobs.id} and not coalesce(${visible}, false))`,
  );
}

/** The table and condition behind each target of a route's scope check. */
const TARGET: Record<
  ScopeTarget,
  { table: typeof books | typeof inspections | typeof blobs; id: Column; cond: (user: ScopeUser) => SQL | undefined }
> = {
  book: { table: books, id: books.id, cond: (user) => bookInScope(user, books.id) },
  inspection: { table: inspections, id: inspections.id, cond: recordInScope },
  blob: { table: blobs, id: blobs.id, cond: blobInScope },
};

/** Whether the entity a route names is one the (scoped) user may see. */
export async function inScope(db: Executor, user: ScopeUser, of: ScopeTarget, id: string): Promise<boolean> {
  const t = TARGET[of];
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(t.table)
    .where(and(eq(t.id, id), t.cond(user)))
    .limit(1);
  return rows.length > 0;
}
