import { hiddenRecordKinds } from '@pruefbuch/domain/access';
import type { Inspection, inspectionQuery } from '@pruefbuch/domain/schemas/inspection';
import type { z } from 'zod';
import { recordInScope } from '../../platform/branch-scope';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { readsRetired } from '../../platform/legal-holds';
import { pageReply } from '../../platform/paging';
import { bookExists } from '../documents/documents.repo';
import { countRecords, listRecords, type RecordFamily, readRecord } from './inspections.repo';

/** GET inspections/{id} (any kind) and selfinspections/{id} (self-inspections only). */
export async function getRecord(ctx: TenantContext, id: string, family?: RecordFamily): Promise<Inspection> {
  const dto = await readRecord(ctx.db, ctx.tenantId, id, family);
  if (!dto || (hiddenRecordKinds(ctx.user) as readonly string[]).includes(dto.kind)) throw notFound();
  return dto;
}

/**
 * GET inspections?book=&kind=&finalized=&page=&size= and GET selfinspections?book=…: a page
 * of the tenant's records, newest first. A book that is not the tenant's is a 404.
 */
export async function listRecordPage(ctx: TenantContext, q: z.infer<typeof inspectionQuery>, family?: RecordFamily) {
  if (q.book && !(await bookExists(ctx.db, ctx.tenantId, q.book, readsRetired(ctx.user)))) throw notFound();
  const filter = {
    bookId: q.book,
    family,
    kind: family === 'self' ? undefined : q.kind,
    excludeKinds: hiddenRecordKinds(ctx.user),
    finalized: q.finalized === undefined ? undefined : q.finalized === 'true',
    scope: recordInScope(ctx.user),
  };
  const [docs, total] = await Promise.all([
    listRecords(ctx.db, ctx.tenantId, filter, q),
    countRecords(ctx.db, ctx.tenantId, filter),
  ]);
  return pageReply(docs, total, q);
}

/**
 * GET books/{id}/inspection (inspections, maintenance, expert reports) and books/{id}/selfinspection: newest
 * first; a branch user gets no staff drafts (decision 038).
 */
export async function bookRecords(ctx: TenantContext, bookId: string, family: RecordFamily) {
  if (!(await bookExists(ctx.db, ctx.tenantId, bookId, readsRetired(ctx.user)))) throw notFound();
  return listRecords(ctx.db, ctx.tenantId, {
    bookId,
    family,
    excludeKinds: hiddenRecordKinds(ctx.user),
    scope: recordInScope(ctx.user),
  });
}
