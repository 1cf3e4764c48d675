/**
 * The attachments of an offer: uploads through the document store (type sniffed from the bytes, the
 * size limit, images normalised), kept as blobs of type 'offer-attachment' without a book and linked in
 * offer_files; a download per file and all of them as one zip, streamed while it is written.
 */
import type { Readable } from 'node:stream';
import { OFFER_FILES_MAX_COUNT, OFFER_FILES_MAX_MB } from '@pruefbuch/domain/constants';
import { offerFilesVerdict } from '@pruefbuch/domain/rules/retention';
import { and, count, eq, inArray, isNotNull, lt, sum } from 'drizzle-orm';
import yazl from 'yazl';
import type { Db, Executor } from '../../db/client';
import { auditLogs, blobs, offerFiles, offers, users } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { AppError, badField, notFound } from '../../platform/errors';
import { keepingUpload } from '../../platform/files';
import { scheduleFileRemovals } from '../../platform/files-removals';
import { holdsOf, offerHeld } from '../../platform/legal-holds';
import type { ReceivedUpload } from '../../platform/uploads';
import { commitBlob } from '../documents/documents.service';
import { get } from './offers.read';
import { filesOf, findOffer, OFFER_ATTACHMENT_TYPE, offerRowColumns } from './offers.repo';
import { keepListItems } from './offers.store';
import { auditOf, lockForWrite } from './offers.write';

/**
 * The attachment quota of an offer (decision 043): at most OFFER_FILES_MAX_COUNT files and
 * OFFER_FILES_MAX_MB megabytes together. Checked under the offer's row lock, so uploads at the same
 * time count one after the other; past the count a 400, past the size a 413, each naming the limit.
 */
async function checkQuota(tx: Executor, offerId: string, size: number) {
  const [held] = await tx
    .select({ files: count(), bytes: sum(blobs.size) })
    .from(offerFiles)
    .innerJoin(blobs, eq(blobs.id, offerFiles.blobId))
    .where(eq(offerFiles.offerId, offerId));
  if ((held?.files ?? 0) + 1 > OFFER_FILES_MAX_COUNT) {
    throw new AppError('OFFER_FILE_COUNT_LIMIT', 400, [
      {
        field: 'file',
        key: 'errors.OFFER_FILE_COUNT_LIMIT',
        message: 'OFFER_FILE_COUNT_LIMIT',
        params: { limit: OFFER_FILES_MAX_COUNT },
      },
    ]);
  }
  if (Number(held?.bytes ?? 0) + size > OFFER_FILES_MAX_MB * 1024 * 1024) {
    throw new AppError('OFFER_FILE_SIZE_LIMIT', 413, [
      {
        field: 'file',
        key: 'errors.OFFER_FILE_SIZE_LIMIT',
        message: 'OFFER_FILE_SIZE_LIMIT',
        params: { limit: OFFER_FILES_MAX_MB },
      },
    ]);
  }
}

/** POST offer/{id}/files: one file of the multipart form becomes an attachment (within the quota); replies the offer. */
export async function addFile(ctx: TenantContext, offerId: string, upload: ReceivedUpload) {
  const file = upload.file;
  try {
    if (!(await findOffer(ctx.db, ctx.tenantId, offerId))) throw notFound();
    if (!file) throw badField('file', 'validation.required');
    await keepingUpload(ctx.deps.database.db, ctx.deps.files, file.staged, () =>
      ctx.db.transaction(async (tx) => {
        await lockForWrite(tx, ctx, offerId);
        await checkQuota(tx, offerId, file.staged.size);
        const blob = await commitBlob(tx, ctx, file, { bookId: null, type: OFFER_ATTACHMENT_TYPE });
        await tx.insert(offerFiles).values({ offerId, blobId: blob.id });
        await touchOffer(tx, ctx.tenantId, offerId);
        await recordChanges(tx, ctx, auditOf(ctx, offerId, 'update'), { file: null }, { file: blob.fileName });
      }),
    );
  } finally {
    await file?.staged.discard();
  }
  return get(ctx, offerId);
}

/** The blob of an attachment of an offer of the tenant, or a 404. */
async function attachment(db: Executor, tenantId: string, offerId: string, fileId: string) {
  const [row] = await db
    .select({ blob: blobs })
    .from(offerFiles)
    .innerJoin(blobs, eq(blobs.id, offerFiles.blobId))
    .where(and(eq(offerFiles.offerId, offerId), eq(offerFiles.blobId, fileId), eq(blobs.tenantId, tenantId)))
    .limit(1);
  if (!row) throw notFound();
  return row.blob;
}

/** GET offer/{id}/files/{fileId}: the bytes of one attachment with what the reply needs to describe them. */
export async function openFile(ctx: TenantContext, offerId: string, fileId: string) {
  const blob = await attachment(ctx.db, ctx.tenantId, offerId, fileId);
  const stream = await ctx.deps.files.get(blob.sha256);
  if (!stream) throw new Error(`file of blob ${blob.id} is missing`);
  return { blob, stream };
}

/**
 * DELETE offer/{id}/files/{fileId}: removes the attachment, and after the grace period the bytes no other
 * blob holds; replies the offer.
 */
export async function removeFile(ctx: TenantContext, offerId: string, fileId: string) {
  await ctx.db.transaction(async (tx) => {
    await lockForWrite(tx, ctx, offerId);
    const blob = await attachment(tx, ctx.tenantId, offerId, fileId);
    await tx.delete(offerFiles).where(and(eq(offerFiles.offerId, offerId), eq(offerFiles.blobId, fileId)));
    await tx.delete(blobs).where(and(eq(blobs.id, fileId), eq(blobs.tenantId, ctx.tenantId)));
    await touchOffer(tx, ctx.tenantId, offerId);
    await recordChanges(tx, ctx, auditOf(ctx, offerId, 'update'), { file: blob.fileName }, { file: null });
    await scheduleFileRemovals(tx, [blob.sha256], ctx.deps.config.fileRemovalGraceHours);
  });
  return get(ctx, offerId);
}

/** 'Angebot 4711.pdf' twice in one zip: the second is 'Angebot 4711 (2).pdf'. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * GET offer/donwloadAngebotsanhang/{id}: every attachment in one zip. Everything that can fail with a
 * status (an unknown offer, one without attachments, a missing file) is checked before the first byte;
 * the files are read one after the other while the zip streams out, stored as they are (PDFs and images
 * are compressed already).
 */
export async function zipOfFiles(ctx: TenantContext, offerId: string) {
  const offer = await findOffer(ctx.db, ctx.tenantId, offerId);
  if (!offer) throw notFound();
  const files = (await filesOf(ctx.db, offerId)).map((f) => f.blob);
  if (files.length === 0) throw new AppError('OFFER_NO_FILES', 404);
  for (const f of files) {
    if (!(await ctx.deps.files.exists(f.sha256))) throw new Error(`file of blob ${f.id} is missing`);
  }
  const zip = new yazl.ZipFile();
  const names = uniqueNames(files.map((f) => f.fileName));
  files.forEach((f, i) => {
    zip.addReadStreamLazy(names[i] as string, { compress: false, mtime: f.createdAt, size: f.size }, (done) => {
      ctx.deps.files.get(f.sha256).then(
        (stream) => (stream ? done(null, stream) : done(new Error(`file of blob ${f.id} is missing`), null as never)),
        (err: unknown) => done(err, null as never),
      );
    });
  });
  zip.end();
  const label = offer.row.offerNr || offer.row.objekt || offer.row.id.slice(0, 8);
  return { stream: zip.outputStream as Readable, fileName: `Angebotsanhang ${label}.zip`.replace(/[\\/]/g, '-') };
}

/**
 * Data economy: after an offer's deleteFilesDate its attachments are removed (the daily run calls this
 * with the day), unless a legal hold keeps them (rules/retention.ts OFFER_FILES_RULES); their bytes go
 * after the grace period. The protocol names each removed file (field
 * filePurged) with the user who set the date as its editor (decision 043). Returns how many files were removed.
 */
export async function removeExpiredFiles(db: Db, graceHours: number, today: string, opts: { tenantId?: string } = {}) {
  const due = await db
    .selectDistinct({ id: offers.id })
    .from(offers)
    .innerJoin(offerFiles, eq(offerFiles.offerId, offers.id))
    .where(
      and(
        opts.tenantId ? eq(offers.tenantId, opts.tenantId) : undefined,
        isNotNull(offers.deleteFilesDate),
        lt(offers.deleteFilesDate, today),
      ),
    );
  let removed = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [offer] = await tx.select().from(offers).where(eq(offers.id, id)).for('update');
      if (!offer) return;
      // A legal hold on the offer's customer or book keeps the attachments (decision 059).
      const held = await offerHeld(tx, await holdsOf(tx, offer.tenantId), offer);
      if (offerFilesVerdict({ deleteFilesDate: offer.deleteFilesDate, today, held }) !== 'purge') return;
      const files = (await filesOf(tx, id)).map((f) => f.blob);
      if (files.length === 0) return;
      await tx.delete(offerFiles).where(eq(offerFiles.offerId, id));
      await tx.delete(blobs).where(
        and(
          eq(blobs.tenantId, offer.tenantId),
          inArray(
            blobs.id,
            files.map((f) => f.id),
          ),
        ),
      );
      await touchOffer(tx, offer.tenantId, id);
      const [setBy] = offer.deleteFilesSetBy
        ? await tx
            .select({ id: users.id, abbreviation: users.abbreviation })
            .from(users)
            .where(eq(users.id, offer.deleteFilesSetBy))
        : [];
      await tx.insert(auditLogs).values(
        files.map((f) => ({
          tenantId: offer.tenantId,
          entity: 'offer' as const,
          entityId: id,
          action: 'update' as const,
          field: 'filePurged',
          oldValue: f.fileName,
          newValue: null,
          editorId: setBy?.id ?? null,
          editorAbbreviation: setBy?.abbreviation ?? '',
        })),
      );
      await scheduleFileRemovals(
        tx,
        files.map((f) => f.sha256),
        graceHours,
      );
      removed += files.length;
    });
  }
  return removed;
}

/**
 * Marks an offer changed by a change of its attachments: a new updatedAt (an open list learns of it through
 * offer/get/updatedAt, and shows the new count), and its list item with it (offers.store.ts).
 */
async function touchOffer(tx: Executor, tenantId: string, id: string) {
  const rows = await tx
    .update(offers)
    .set({ updatedAt: new Date() })
    .where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)))
    .returning(offerRowColumns);
  await keepListItems(tx, rows);
}
