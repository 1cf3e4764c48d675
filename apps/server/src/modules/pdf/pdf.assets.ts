import { hiddenRecordKinds } from '@pruefbuch/domain/access';
import { Role } from '@pruefbuch/domain/roles';
import type { InspectionKind } from '@pruefbuch/domain/schemas/inspection';
import type { PdfAsset, PdfAssetKind } from '@pruefbuch/domain/schemas/pdf-asset';
import { and, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { blobs, inspections, pdfAssets, tenants, users } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { notRetired, readsRetired } from '../../platform/legal-holds';
import { bookExists } from '../documents/documents.repo';
import { isTechAcceptor } from '../tenants/tenants.repo';

const acceptors = alias(users, 'acceptors');
const assetColumns = {
  asset: pdfAssets,
  acceptedBy: users.abbreviation,
  acceptor: { firstName: acceptors.firstName, lastName: acceptors.lastName, abbreviation: acceptors.abbreviation },
};
type AssetRow = {
  asset: typeof pdfAssets.$inferSelect;
  acceptedBy: string | null;
  acceptor: { firstName: string; lastName: string; abbreviation: string } | null;
};

/** Where a PDF asset is downloaded (relative to /api/v1): generated and uploaded ones alike. */
export const assetPath = (blobId: string) => `inspections/inspectionPdf/${blobId}`;

const nameOf = (u: AssetRow['acceptor']) => (u ? `${u.firstName} ${u.lastName}`.trim() || u.abbreviation : null);

const toPdfAsset = ({ asset, acceptedBy, acceptor }: AssetRow): PdfAsset => ({
  _id: asset.id,
  book: asset.bookId,
  inspection: asset.inspectionId,
  blob: asset.blobId,
  kind: asset.kind as PdfAssetKind,
  fileName: asset.fileName,
  path: assetPath(asset.blobId),
  techAcceptor: asset.techAcceptorId,
  techAcceptorName: asset.acceptedAt ? nameOf(acceptor) : null,
  acceptedAt: asset.acceptedAt?.toISOString() ?? null,
  acceptedBy: asset.acceptedAt ? acceptedBy || null : null,
  acceptanceNote: asset.acceptanceNote,
  createdAt: asset.createdAt.toISOString(),
});

function selectAssets(db: Executor) {
  return db
    .select(assetColumns)
    .from(pdfAssets)
    .leftJoin(users, eq(users.id, pdfAssets.acceptedBy))
    .leftJoin(acceptors, eq(acceptors.id, pdfAssets.techAcceptorId));
}

/** One asset of the tenant as the API shows it. */
export async function readAsset(db: Executor, tenantId: string, id: string): Promise<PdfAsset | null> {
  const [row] = await selectAssets(db)
    .where(and(eq(pdfAssets.tenantId, tenantId), eq(pdfAssets.id, id)))
    .limit(1);
  return row ? toPdfAsset(row) : null;
}

/**
 * GET pdfassets/book?book=: the book's PDF assets, newest first: the reports archived when a
 * record was finalized (kind 'inspection') and uploaded expert reports (kind 'upload', whose
 * rows the inspections module inserts with the upload).
 */
export async function listBookAssets(ctx: TenantContext, bookId: string): Promise<PdfAsset[]> {
  if (!(await bookExists(ctx.db, ctx.tenantId, bookId, readsRetired(ctx.user)))) throw notFound();
  const rows = await selectAssets(ctx.db)
    .where(
      and(
        eq(pdfAssets.tenantId, ctx.tenantId),
        eq(pdfAssets.bookId, bookId),
        notOfKinds(ctx.db, hiddenRecordKinds(ctx.user)),
      ),
    )
    .orderBy(desc(pdfAssets.createdAt), desc(pdfAssets.id));
  return rows.map(toPdfAsset);
}

/** Assets that belong to no record of these kinds (expert reports are hidden from most branch users). */
function notOfKinds(db: Executor, kinds: readonly InspectionKind[]) {
  if (!kinds.length) return undefined;
  return notExists(
    db
      .select({ one: sql`1` })
      .from(inspections)
      .where(
        and(
          eq(inspections.tenantId, pdfAssets.tenantId),
          eq(inspections.id, pdfAssets.inspectionId),
          inArray(inspections.kind, [...kinds]),
        ),
      ),
  );
}

/**
 * The stored PDF behind an asset of the tenant (GET inspections/inspectionPdf/{blobId}); of a retired book
 * only with `retired` (the reader reads retired books, decision 059).
 */
export async function findAssetBlob(
  db: Executor,
  tenantId: string,
  blobId: string,
  excludeKinds: readonly InspectionKind[] = [],
  retired = false,
) {
  const [row] = await db
    .select({ blob: blobs })
    .from(pdfAssets)
    .innerJoin(blobs, eq(blobs.id, pdfAssets.blobId))
    .where(
      and(
        eq(pdfAssets.tenantId, tenantId),
        eq(pdfAssets.blobId, blobId),
        eq(blobs.tenantId, tenantId),
        notOfKinds(db, excludeKinds),
        retired ? undefined : notRetired(pdfAssets.bookId),
      ),
    )
    .limit(1);
  return row?.blob ?? null;
}

const ACCEPTORS: readonly number[] = [Role.ACCEPTOR_ROLE, Role.ACCEPTOR_LITE_ROLE];

/**
 * PUT books/{id}/techacceptor/{techAcceptorId}/{tenantId}/{pdfassetId}: the tenant's technical
 * acceptor signs a PDF asset off. Rules:
 * - the tenant in the path is the request's tenant and the asset belongs to the book (else 404);
 * - the acceptor is the tenant's defaultTechAcceptor or an active user of the tenant with an
 *   acceptor role (else 400 NO_TECH_ACCEPTOR);
 * - acceptors sign in their own name only (403); admins and tenant admins may record the
 *   sign-off of the named acceptor;
 * - an asset is signed off once (409 ALREADY_ACCEPTED).
 * The sign-off is written to the book's protocol.
 */
export async function signOff(
  ctx: TenantContext,
  p: { bookId: string; techAcceptorId: string; tenantId: string; assetId: string },
  note: string,
): Promise<PdfAsset> {
  if (p.tenantId !== ctx.tenantId) throw notFound();
  if (ACCEPTORS.includes(ctx.user.role) && ctx.user.id !== p.techAcceptorId) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const [asset] = await tx
      .select()
      .from(pdfAssets)
      .where(and(eq(pdfAssets.id, p.assetId), eq(pdfAssets.tenantId, ctx.tenantId), eq(pdfAssets.bookId, p.bookId)))
      .for('update')
      .limit(1);
    if (!asset) throw notFound();
    const [tenant] = await tx
      .select({ defaultTechAcceptor: tenants.defaultTechAcceptor })
      .from(tenants)
      .where(eq(tenants.id, ctx.tenantId));
    const named =
      tenant?.defaultTechAcceptor === p.techAcceptorId || (await isTechAcceptor(tx, p.techAcceptorId, ctx.tenantId));
    if (!named) {
      throw new AppError('NO_TECH_ACCEPTOR', 400, [
        { field: 'techAcceptorId', key: 'errors.NO_TECH_ACCEPTOR', message: 'NO_TECH_ACCEPTOR' },
      ]);
    }
    if (asset.acceptedAt) throw conflict('ALREADY_ACCEPTED');
    const [acceptor] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, abbreviation: users.abbreviation })
      .from(users)
      .where(eq(users.id, p.techAcceptorId));
    await tx
      .update(pdfAssets)
      .set({ techAcceptorId: p.techAcceptorId, acceptedAt: new Date(), acceptedBy: ctx.user.id, acceptanceNote: note })
      .where(and(eq(pdfAssets.tenantId, ctx.tenantId), eq(pdfAssets.id, asset.id)));
    const who = acceptor ? `${acceptor.firstName} ${acceptor.lastName}`.trim() || acceptor.abbreviation : '';
    await recordChanges(
      tx,
      ctx,
      { entity: 'book', entityId: asset.bookId, tenantId: ctx.tenantId, action: 'update' },
      { techAcceptor: null },
      { techAcceptor: [asset.fileName, who, note].filter(Boolean).join(' – ') },
    );
    const dto = await readAsset(tx, ctx.tenantId, asset.id);
    if (!dto) throw notFound();
    return dto;
  });
}
