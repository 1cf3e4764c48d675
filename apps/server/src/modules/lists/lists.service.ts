import { Role } from '@pruefbuch/domain/roles';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { addInterval } from '@pruefbuch/domain/rules/service-intervals';
import { ABN_STATS_MAX_YEARS, type AbnStats } from '@pruefbuch/domain/schemas/inspection';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { books, tenants, users, userTenants } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { badField, forbidden, notFound } from '../../platform/errors';
import { pageReply } from '../../platform/paging';
import { assertTenantAccess, mayUseTenant } from '../../platform/tenancy';
import { mayActForOthers } from '../inspections/inspections.bookings';
import { unsafeReadRecords } from '../inspections/inspections.repo';
import {
  dailyRecordIds,
  expertReportsPerMonth,
  type ListScope,
  type OpenInspectionRow,
  openInspectionPage,
  type SearchField,
} from './lists.repo';

type Page = { page: number; size: number };

const toItem = (r: OpenInspectionRow) => ({
  _id: r.id,
  title: r.title,
  customer: r.customer,
  object: r.object,
  site: r.site,
  glasbocknr: r.glasbocknr,
  manufacturerNo: r.manufacturerNo,
  orderNo: r.orderNo,
  zip: r.zip,
  location: r.location,
  tenant: r.tenantId,
  tenantUrl: r.tenantUrl,
  nextInspectionDate: r.nextInspectionDate,
  inspectionAmpel: r.inspectionAmpel,
  nextInspectionDateSelf: r.nextInspectionDateSelf,
  inspectionSelfAmpel: r.inspectionSelfAmpel,
  draft:
    r.draftId && r.draftKind && r.draftWhen
      ? { _id: r.draftId, kind: r.draftKind, when: r.draftWhen, who: r.draftWho ?? '' }
      : null,
});

/** The tenants a user's lists cover: admins every tenant, everybody else their own. */
const myScope = (ctx: RequestContext): ListScope =>
  ctx.user.role === Role.ADMIN_ROLE ? { kind: 'all' } : { kind: 'member', userId: ctx.user.id };

async function page(
  ctx: RequestContext,
  scope: ListScope,
  mode: 'due' | 'inProgress' | 'search',
  p: Page,
  search?: { field: SearchField; value: string },
) {
  const { rows, total } = await openInspectionPage(ctx.db, {
    scope,
    userId: ctx.user.id,
    mode,
    search,
    today: berlinToday(),
    page: p.page,
    size: p.size,
  });
  return pageReply(rows.map(toItem), total, p);
}

/**
 * GET books/allMyOpenInspection: the books of the user's tenants that are due (ampel orange or
 * worse: due within the tenant's orange days, overdue, or shut down) or that have a draft of the
 * user; soonest due first. Inactive books and templates are left out.
 */
export const myOpenInspections = (ctx: RequestContext, p: Page) => page(ctx, myScope(ctx), 'due', p);

/**
 * GET books/allInspectionBySn/{value}, …ByZip/{value}, …ByOrderNo/{value}: any active book of
 * the user's tenants by serial number (glasbocknr, part of it), ZIP (its start) or order number
 * (part of it), due or not: the technician on site looks up the installation in front of them.
 */
export const myInspectionsBy = (ctx: RequestContext, field: SearchField, value: string, p: Page) =>
  page(ctx, myScope(ctx), 'search', p, { field, value });

/**
 * GET books/allOpenInspection/{tenantId}/ (and …/BySn|ByZip|ByOrderNo/{value}): the books of
 * that tenant with a draft record in progress. A tenant the user may not use is a 404.
 */
export async function tenantOpenInspections(
  ctx: RequestContext,
  tenantId: string,
  p: Page,
  search?: { field: SearchField; value: string },
) {
  await assertTenantAccess(ctx.db, ctx.user, tenantId);
  return page(ctx, { kind: 'tenant', tenantId }, 'inProgress', p, search);
}

/**
 * GET lists/allDailyInspectionUser/{userId}: the records that user started or finalized today
 * (Europe/Berlin) in the tenants the caller may use. Users ask for themselves; the office roles
 * may ask for anybody of their tenants (someone else: 403 for other roles, 404 for a user
 * outside the caller's tenants).
 */
export async function dailyInspections(ctx: RequestContext, userId: string) {
  const scope = myScope(ctx);
  if (userId !== ctx.user.id) {
    if (!mayActForOthers(ctx.user.role)) throw forbidden();
    if (!(await sharesTenant(ctx, userId))) throw notFound();
  }
  const ids = await dailyRecordIds(ctx.db, userId, berlinToday(), scope);
  const records = await unsafeReadRecords(
    ctx.db,
    ids.map((r) => r.id),
  );
  const bookIds = [...new Set(records.map((r) => r.book))];
  const bookRows = bookIds.length
    ? await ctx.db
        .select({ id: books.id, title: books.title, object: books.object, site: books.site, url: tenants.url })
        .from(books)
        .innerJoin(tenants, eq(tenants.id, books.tenantId))
        .where(inArray(books.id, bookIds))
    : [];
  const byId = new Map(bookRows.map((b) => [b.id, b]));
  return records.map((r) => {
    const b = byId.get(r.book);
    return {
      ...r,
      bookTitle: b?.title ?? '',
      bookObject: b?.object ?? '',
      bookSite: b?.site ?? '',
      tenantUrl: b?.url ?? '',
    };
  });
}

/** Whether the user belongs to one of the caller's tenants (admins: whether the user exists). */
async function sharesTenant(ctx: RequestContext, userId: string) {
  if (ctx.user.role === Role.ADMIN_ROLE) {
    const rows = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    return rows.length > 0;
  }
  const rows = await ctx.db
    .select({ id: userTenants.userId })
    .from(userTenants)
    .where(
      and(
        eq(userTenants.userId, userId),
        inArray(
          userTenants.tenantId,
          sql`(select ${userTenants.tenantId} from ${userTenants} where ${userTenants.userId} = ${ctx.user.id})`,
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

const yearsAfter = (date: string, years: number) => {
  let d = date;
  for (let i = 0; i < years; i++) d = addInterval(d, 12) ?? d;
  return d;
};

/** Whole months between two ISO dates, as YYYY-MM, in order. */
function monthsBetween(from: string, to: string) {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    months.push(key);
    if (key >= end) return months;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/**
 * GET inspections/abnStats/{tenantId}/{from}/{to}: the tenant's finalized expert reports per
 * month (of their date `when`), acceptance reports and periodic ones; every month of the range
 * appears, empty ones with zeros. from <= to, at most five years.
 */
export async function abnStats(ctx: RequestContext, tenantId: string, from: string, to: string): Promise<AbnStats> {
  if (!(await mayUseTenant(ctx.db, ctx.user, tenantId))) throw notFound();
  if (to < from) throw badField('to', 'validation.invalid');
  if (to > yearsAfter(from, ABN_STATS_MAX_YEARS)) throw badField('to', 'validation.max');
  const rows = await expertReportsPerMonth(ctx.db, tenantId, from, to);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const months = monthsBetween(from, to).map((month) => {
    const r = byMonth.get(month);
    const acceptance = r?.acceptance ?? 0;
    const periodic = r?.periodic ?? 0;
    return { month, acceptance, periodic, total: acceptance + periodic };
  });
  return { from, to, months, total: months.reduce((n, m) => n + m.total, 0) };
}
