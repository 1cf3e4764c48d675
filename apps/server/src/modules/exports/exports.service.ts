import { translate } from '@pruefbuch/domain/locales/resources';
import { Customer } from '@pruefbuch/domain/roles';
import { type ExportSize, exportModeOf } from '@pruefbuch/domain/rules/export-mode';
import { locationName } from '@pruefbuch/domain/rules/location-name';
import type { ExportScope, ExportStartReply } from '@pruefbuch/domain/schemas/export';
import { and, eq } from 'drizzle-orm';
import { tenants, users } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { PDF_LANG } from '../../platform/pdf';
import { fileNamePart } from '../../platform/pdf/file-names';
import { chainHeadsOf } from './exports.chain';
import { enqueueExport } from './exports.jobs';
import { customerVisible, type ExportBook, exportBooks, fileBytes, findLocation, recordCounts } from './exports.repo';
import { type ExportPlan, writeInspectionFile } from './exports.zip';

/** What a request names: the scope and its book id, branch id or customer number. */
export interface ExportTarget {
  scope: ExportScope;
  target: string;
}

const t = (key: string, params?: Record<string, string | number>) => translate(PDF_LANG, key, params);

/**
 * The label and books of a file, as this user may see them. An unknown book or branch, another tenant's
 * and one outside a branch user's scope are a 404 alike; so is a customer without a branch they see.
 */
export async function resolveExport(ctx: TenantContext, { scope, target }: ExportTarget) {
  let label: string;
  if (scope === 'branch') {
    const location = await findLocation(ctx.db, ctx.user, ctx.tenantId, target);
    if (!location) throw notFound();
    label = [locationName({ ...location, sapNr: '' }), location.address.location].filter(Boolean).join(' ');
  } else if (scope === 'customer') {
    const customer = Number(target);
    if (!Number.isInteger(customer) || customer === Customer.NO_CUSTOMER) throw notFound();
    if (!(await customerVisible(ctx.db, ctx.user, ctx.tenantId, customer))) throw notFound();
    label = t('exports.file.customer', { customer });
  } else {
    label = '';
  }
  const books = await exportBooks(ctx.db, ctx.user, ctx.tenantId, scope, target);
  if (scope === 'book') {
    const [book] = books;
    if (!book) throw notFound();
    label = book.title || book.manufacturerNo || book.site || t('exports.file.book');
  }
  return { label, books };
}

/** The three measures of the size rule (rules/export-mode.ts). */
export async function sizeOf(ctx: TenantContext, books: readonly ExportBook[]): Promise<ExportSize> {
  const ids = books.map((b) => b.id);
  const [counts, bytes] = await Promise.all([
    recordCounts(ctx.db, ctx.user, ctx.tenantId, ids),
    fileBytes(ctx.db, ctx.user, ctx.tenantId, ids),
  ]);
  return { books: books.length, records: [...counts.values()].reduce((a, b) => a + b, 0), fileBytes: bytes };
}

/** 'Prüfakte_Filiale-ZNL-Rhein-Main-Nr-4101_2026-11-29.zip' */
export const zipName = (label: string, at: Date = new Date()) =>
  `${[t('exports.file.name'), fileNamePart(label.replace(/·/g, ' ')), at.toISOString().slice(0, 10)].filter(Boolean).join('_')}.zip`;

/** Everything the manifest says besides the files. */
export async function planOf(
  ctx: TenantContext,
  target: ExportTarget,
  resolved: { label: string; books: ExportBook[] },
): Promise<ExportPlan> {
  const [tenant] = await ctx.db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  const [me] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.id, ctx.user.id)));
  const name = [me?.firstName, me?.lastName].filter(Boolean).join(' ') || ctx.user.email;
  return {
    ...target,
    label: resolved.label,
    tenant: { id: ctx.tenantId, name: tenant?.name ?? '' },
    exportedBy: { id: ctx.user.id, name, email: me?.email ?? ctx.user.email },
    books: resolved.books,
    chainHeads: (ids) => chainHeadsOf(ctx.db, ctx.tenantId, ids),
  };
}

/**
 * POST …/exportFile: whether the file streams at once (the browser then GETs it) or is built in the
 * background (a job, its progress polled, its link shown and mailed).
 */
export async function startExport(ctx: TenantContext, target: ExportTarget): Promise<ExportStartReply> {
  const resolved = await resolveExport(ctx, target);
  const size = await sizeOf(ctx, resolved.books);
  if (exportModeOf(size) === 'direct') return { mode: 'direct', ...size, job: null };
  const job = await enqueueExport(ctx, target, resolved.label, resolved.books.length);
  return { mode: 'background', ...size, job };
}

/**
 * GET …/exportFile: the ZIP, streamed while it is written. Everything that answers with a status (404,
 * too large for a direct download) is decided before the first byte.
 */
export async function streamExport(ctx: TenantContext, target: ExportTarget) {
  const resolved = await resolveExport(ctx, target);
  if (exportModeOf(await sizeOf(ctx, resolved.books)) !== 'direct') throw new AppError('EXPORT_TOO_LARGE', 409);
  const plan = await planOf(ctx, target, resolved);
  return { ...writeInspectionFile(ctx, plan), fileName: zipName(resolved.label) };
}
