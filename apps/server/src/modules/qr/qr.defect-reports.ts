import { mails as de } from '@pruefbuch/domain/locales/de/mails';
import { AMPEL_COLOURS } from '@pruefbuch/domain/rules/book-status';
import type { DefectReport, DefectReportCreate, PublicQr } from '@pruefbuch/domain/schemas/qr';
import { defectReportCreateSchema } from '@pruefbuch/domain/schemas/qr';
import type { PublicContext, TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import {
  type DefectReportRow,
  defectReportsOfBook,
  findBookOfTenant,
  insertDefectReport,
  lastCountedInspection,
  unsafePublicView,
  updateDefectReportStatus,
} from './qr.repo';

const ampel = (v: string | null) => AMPEL_COLOURS.find((a) => a === v) ?? null;

/**
 * GET public/qr/{code}: what anybody holding the label may see: the installation, its ampel
 * and dates, the service company's name. Deliberately no people (contact, inspector,
 * operator), no notes, no ids but the book's own.
 */
export async function publicView(ctx: PublicContext, code: string): Promise<PublicQr> {
  const view = await unsafePublicView(ctx.db, code);
  if (!view) throw notFound();
  const last = await lastCountedInspection(ctx.db, view.book.id);
  const a = view.book.objectaddress;
  return {
    installation: {
      title: view.book.title,
      object: view.book.object,
      site: view.book.site,
      type: view.book.typ || view.type || '',
      address: a ? { street: a.street, housenumber: a.housenumber, zip: a.zip, location: a.location } : null,
    },
    ampel: ampel(view.book.inspectionAmpel),
    nextInspectionDate: view.book.nextInspectionDate,
    lastInspectionDate: last?.when ?? null,
    lastInspectionKind: last?.kind ?? null,
    shutDown: view.book.shutDown,
    tenantName: view.tenant.name,
    tenantUrl: view.tenant.url,
    book: view.book.id,
  };
}

const fill = (s: string, p: Record<string, string>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => p[k] ?? '');

/**
 * POST public/qr/{code}/defects: anybody at the installation reports a defect. It is kept for
 * the staff (GET books/{id}/defectreports) and mailed to the tenant's notificationEmail (the
 * outbox keeps it when no mail server is configured), in one transaction.
 */
export async function reportDefect(ctx: PublicContext, code: string, body: DefectReportCreate) {
  const input = defectReportCreateSchema.parse(body);
  const view = await unsafePublicView(ctx.db, code);
  if (!view) throw notFound();
  await ctx.db.transaction(async (tx) => {
    await insertDefectReport(tx, {
      tenantId: view.tenant.id,
      bookId: view.book.id,
      name: input.name,
      contact: input.contact,
      text: input.text,
    });
    const to = view.tenant.notificationEmail.trim();
    if (!to) return;
    const params = {
      title: view.book.title || view.book.object || view.book.manufacturerNo,
      object: view.book.object,
      site: view.book.site,
      manufacturerNo: view.book.manufacturerNo,
      text: input.text,
      name: input.name || '–',
      contact: input.contact || '–',
      link: `${ctx.deps.config.publicUrl}/app/book/${view.tenant.id}/${view.book.id}`,
    };
    await ctx.deps.mailer.send(tx, {
      to,
      subject: fill(de.defectReport.subject, params),
      text: [
        fill(de.greeting, { name: view.tenant.name }),
        '',
        fill(de.defectReport.body, params),
        '',
        de.signature,
      ].join('\n'),
    });
  });
  return { success: true as const };
}

const toDto = (r: DefectReportRow): DefectReport => ({
  _id: r.id,
  book: r.bookId,
  name: r.name,
  contact: r.contact,
  text: r.text,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/** GET books/{id}/defectreports: the defects reported through the book's codes, newest first. */
export async function listDefectReports(ctx: TenantContext, bookId: string) {
  if (!(await findBookOfTenant(ctx.db, ctx.tenantId, bookId))) throw notFound();
  return (await defectReportsOfBook(ctx.db, ctx.tenantId, bookId)).map(toDto);
}

/** PUT defectreports/{id}: marks a report done (or open again). */
export async function setDefectReportStatus(ctx: TenantContext, id: string, status: 'open' | 'done') {
  const row = await updateDefectReportStatus(ctx.db, ctx.tenantId, id, status);
  if (!row) throw notFound();
  return toDto(row);
}
