import { randomBytes } from 'node:crypto';
import { QR_CODE_LENGTH, QR_PUBLIC_PATH, type QrCode, type QrResolve } from '@pruefbuch/domain/schemas/qr';
import type { Executor } from '../../db/client';
import { inScope, isScoped } from '../../platform/branch-scope';
import type { RequestContext, TenantContext } from '../../platform/context';
import { AppError, conflict, notFound } from '../../platform/errors';
import { mayUseTenant } from '../../platform/tenancy';
import {
  codesOfBook,
  deleteCode,
  findBookOfTenant,
  findCodeByValue,
  findMapping,
  insertCodes,
  lockBooks,
  type QrCodeRow,
  unsafeFindCodeByIdOrValue,
} from './qr.repo';

/** A new code: 10 characters of the URL-safe base64 alphabet (60 random bits). */
export const newCode = () => randomBytes(8).toString('base64url').slice(0, QR_CODE_LENGTH);

/** What the label's QR holds: the public page of the code in this app. */
export const codeUrl = (publicUrl: string, code: string) => `${publicUrl}${QR_PUBLIC_PATH}${code}`;

export const toQrCode = (publicUrl: string, row: QrCodeRow): QrCode => ({
  _id: row.id,
  code: row.code,
  url: codeUrl(publicUrl, row.code),
  book: row.bookId,
  tenant: row.tenantId,
  createdAt: row.createdAt.toISOString(),
});

const sameTenant = (ctx: TenantContext, tenantId: string) => {
  if (tenantId !== ctx.tenantId) throw notFound();
};

/**
 * Gives books without a code a new one, in the caller's transaction; returns the codes made,
 * by book. Collisions (60 random bits) are retried with fresh codes.
 */
export async function generateMissing(tx: Executor, ctx: TenantContext, bookIds: string[]) {
  const made = new Map<string, QrCodeRow>();
  let missing = [...new Set(bookIds)];
  for (let attempt = 0; attempt < 5 && missing.length; attempt++) {
    const rows = await insertCodes(
      tx,
      missing.map((bookId) => ({ code: newCode(), tenantId: ctx.tenantId, bookId, createdBy: ctx.user.id })),
    );
    for (const row of rows) made.set(row.bookId, row);
    missing = missing.filter((id) => !made.has(id));
  }
  if (missing.length) throw new AppError('QR_FAILED', 500);
  return made;
}

/** POST qr/generate/{tenantId}/{bookId}: a new code for the book, or the given pre-printed one. */
export async function generate(ctx: TenantContext, tenantId: string, bookId: string, preprinted?: string) {
  sameTenant(ctx, tenantId);
  return ctx.db.transaction(async (tx) => {
    if (!(await findBookOfTenant(tx, ctx.tenantId, bookId))) throw notFound();
    if (preprinted) {
      if (await findCodeByValue(tx, preprinted)) throw conflict('QR_EXISTS');
      const [row] = await insertCodes(tx, [
        { code: preprinted, tenantId: ctx.tenantId, bookId, createdBy: ctx.user.id },
      ]);
      if (!row) throw conflict('QR_EXISTS');
      return toQrCode(ctx.deps.config.publicUrl, row);
    }
    const row = (await generateMissing(tx, ctx, [bookId])).get(bookId);
    if (!row) throw new AppError('QR_FAILED', 500);
    return toQrCode(ctx.deps.config.publicUrl, row);
  });
}

/** GET qr/mapping/{tenantId}/{bookId}/{qrCodeId}. */
export async function mapping(ctx: TenantContext, tenantId: string, bookId: string, id: string) {
  sameTenant(ctx, tenantId);
  const row = await findMapping(ctx.db, ctx.tenantId, bookId, id);
  if (!row) throw notFound();
  return toQrCode(ctx.deps.config.publicUrl, row);
}

/**
 * GET qr/{id}: where a scanned code (or a code's id) leads. The code may belong to any tenant
 * the user works in, not only the one of the request's header, so a scan can switch tenants;
 * a code of a tenant the user may not use is a 404.
 */
export async function resolve(ctx: RequestContext, idOrCode: string): Promise<QrResolve> {
  const found = await unsafeFindCodeByIdOrValue(ctx.db, idOrCode);
  if (!found || !(await mayUseTenant(ctx.db, ctx.user, found.code.tenantId))) throw notFound();
  // A branch user scans only the installations of their locations (decision 019).
  if (isScoped(ctx.user) && !(await inScope(ctx.db, ctx.user, 'book', found.code.bookId))) throw notFound();
  return {
    book: found.code.bookId,
    tenant: found.code.tenantId,
    tenantUrl: found.tenantUrl,
    code: found.code.code,
    url: codeUrl(ctx.deps.config.publicUrl, found.code.code),
  };
}

/** GET books/{id}/qrcode: the book's codes, newest first; a book without one gets one. */
export async function bookCodes(ctx: TenantContext, bookId: string) {
  return ctx.db.transaction(async (tx) => {
    if (!(await findBookOfTenant(tx, ctx.tenantId, bookId))) throw notFound();
    let rows = await codesOfBook(tx, ctx.tenantId, bookId);
    if (rows.length === 0) {
      await lockBooks(tx, ctx.tenantId, [bookId]);
      rows = await codesOfBook(tx, ctx.tenantId, bookId);
      if (rows.length === 0) rows = [...(await generateMissing(tx, ctx, [bookId])).values()];
    }
    return rows.map((r) => toQrCode(ctx.deps.config.publicUrl, r));
  });
}

/** DELETE qr/{id}: the label stops working; its code may later be given to another book. */
export async function remove(ctx: TenantContext, id: string) {
  if (!(await deleteCode(ctx.db, ctx.tenantId, id))) throw notFound();
}
