import { mails as de } from '@pruefbuch/domain/locales/de/mails';
import { AMPEL_COLOURS } from '@pruefbuch/domain/rules/book-status';
import type { DefectReportCreate, PublicQr } from '@pruefbuch/domain/schemas/qr';
import { and, desc, eq, gte } from 'drizzle-orm';
import { defectReports } from '../../db/schema/index';
import type { PublicContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { assertMailAllowed, lockMailKey } from '../../platform/mail-limits';
import { fillTemplate } from '../../platform/mailer';
import { insertDefectReport, lastCountedInspection, unsafePublicView } from './qr.repo';

const ampel = (v: string | null) => AMPEL_COLOURS.find((a) => a === v) ?? null;

/**
 * GET public/qr/{code}: what anybody holding the label may see: the installation, its ampel
 * and dates, the service company's name. Deliberately no people (contact, inspector,
 * operator, reporters of defects), no notes, no ids but the book's own. A book taken out of
 * service or outside its visibility window answers like an unknown code.
 */
export async function publicView(ctx: PublicContext, code: string): Promise<PublicQr> {
  const view = await unsafePublicView(ctx.db, code);
  if (!view) throw notFound();
  const last = await lastCountedInspection(ctx.db, view.tenant.id, view.book.id);
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

const fill = fillTemplate;

/**
 * POST public/qr/{code}/defects: anybody at the installation reports a defect. It is kept for
 * the staff (GET defectreports, GET books/{id}/defectreports) and mailed to the tenant's
 * notificationEmail (the outbox keeps it when no mail server is configured), in one transaction.
 * The reply says nothing but that it arrived. Besides the route's limit per address (in each process),
 * an installation takes a number of reports per day counted from the stored reports, in every process
 * (rules/mail-limits.ts, decision 036); past it a 429.
 */
/** `input` is the body as the route's schema parsed it. */
export async function reportDefect(ctx: PublicContext, code: string, input: DefectReportCreate) {
  const view = await unsafePublicView(ctx.db, code);
  if (!view) throw notFound();
  await ctx.db.transaction(async (tx) => {
    await lockMailKey(tx, `book:${view.book.id}`);
    await assertMailAllowed('defect-report', {
      byRecord: async (limit, since) =>
        (
          await tx
            .select({ at: defectReports.createdAt })
            .from(defectReports)
            .where(
              and(
                eq(defectReports.tenantId, view.tenant.id),
                eq(defectReports.bookId, view.book.id),
                gte(defectReports.createdAt, since),
              ),
            )
            .orderBy(desc(defectReports.createdAt))
            .limit(limit.max)
        ).map((r) => r.at),
    });
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
