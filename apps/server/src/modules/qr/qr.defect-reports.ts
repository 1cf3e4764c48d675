import { mayCall } from '@pruefbuch/domain/access';
import type {
  DefectReport,
  DefectReportListQuery,
  DefectReportStatus,
  DefectReportUpdate,
} from '@pruefbuch/domain/schemas/qr';
import type { TenantContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { pageReply } from '../../platform/paging';
import {
  countOpenDefectReports,
  type DefectReportView,
  defectReportsOfBook,
  findBookOfTenant,
  findDefectReport,
  listDefectReports,
  lockDefectReport,
  updateDefectReport,
} from './qr.repo';

/**
 * A report as its reader may see it: the reporter's name and contact only for those who handle the
 * reports ('defectreports:manage'); a branch user (and any other reader) gets the report without them.
 */
function toDto(v: DefectReportView, withReporter: boolean): DefectReport {
  const closer = v.closer ? `${v.closer.firstName} ${v.closer.lastName}`.trim() || v.closer.abbreviation : null;
  return {
    _id: v.report.id,
    book: v.report.bookId,
    bookTitle: v.book.title,
    bookObject: v.book.object,
    bookSite: v.book.site,
    ...(withReporter ? { name: v.report.name, contact: v.report.contact } : {}),
    text: v.report.text,
    status: v.report.status,
    createdAt: v.report.createdAt.toISOString(),
    note: v.report.note,
    closedAt: v.report.closedAt?.toISOString() ?? null,
    closedBy: v.report.closedAt ? closer || null : null,
  };
}

const handles = (ctx: TenantContext) => mayCall('defectreports:manage', ctx.user);

/** GET defectreports: the tenant's reports, open ones by default, newest first, paged and searched. */
export async function list(ctx: TenantContext, q: DefectReportListQuery) {
  const { rows, total } = await listDefectReports(ctx.db, ctx.tenantId, q);
  return pageReply(
    rows.map((r) => toDto(r, true)),
    total,
    q,
  );
}

/** GET defectreports/count: how many of the tenant's reports are open. */
export async function countOpen(ctx: TenantContext) {
  return { open: await countOpenDefectReports(ctx.db, ctx.tenantId) };
}

/**
 * GET books/{id}/defectreports: the reports of a book, newest first (the book page shows the open ones).
 * Branch users reach it for the books of their locations only (the route's scope).
 */
export async function ofBook(ctx: TenantContext, bookId: string, status?: DefectReportStatus) {
  if (!(await findBookOfTenant(ctx.db, ctx.tenantId, bookId))) throw notFound();
  const rows = await defectReportsOfBook(ctx.db, ctx.tenantId, bookId, status);
  return rows.map((r) => toDto(r, handles(ctx)));
}

/**
 * PUT defectreports/{id}: 'done' closes a report with a note and records who closed it and when; closing
 * one that somebody closed meanwhile is a 409 (their note stays). 'open' opens it again and forgets the
 * closing.
 */
export function setStatus(ctx: TenantContext, id: string, input: Required<DefectReportUpdate>) {
  return ctx.db.transaction(async (tx) => {
    const current = await lockDefectReport(tx, ctx.tenantId, id);
    if (!current) throw notFound();
    if (input.status === 'done' && current.status === 'done') throw new AppError('DEFECT_REPORT_CLOSED', 409);
    await updateDefectReport(
      tx,
      ctx.tenantId,
      id,
      input.status === 'done'
        ? { status: 'done', note: input.note, closedAt: new Date(), closedBy: ctx.user.id }
        : { status: 'open', note: '', closedAt: null, closedBy: null },
    );
    const view = await findDefectReport(tx, ctx.tenantId, id);
    if (!view) throw notFound();
    return toDto(view, true);
  });
}
