import { hiddenRecordKinds } from '@pruefbuch/domain/access';
import type { Inspection, inspectionQuery } from '@pruefbuch/domain/schemas/inspection';
import type { z } from 'zod';
import { recordInScope } from '../../platform/branch-scope';
import { type RequestContext, requireTenant } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { pageReply } from '../../platform/paging';
import { bookExists } from '../documents/documents.repo';
import { countRecords, listRecords, type RecordFamily, readRecord } from './inspections.repo';

/** GET inspections/{id} (any kind) and selfinspections/{id} (self-inspections only). */
export async function getRecord(rctx: RequestContext, id: string, family?: RecordFamily): Promise<Inspection> {
  const { db, tenantId } = requireTenant(rctx);
  const dto = await readRecord(db, tenantId, id, family);
  if (!dto || (hiddenRecordKinds(rctx.user) as readonly string[]).includes(dto.kind)) throw notFound();
  return dto;
}

/**
 * GET inspections?book=&kind=&finalized=&page=&size= and GET selfinspections?book=…: a page
 * of the tenant's records, newest first. A book that is not the tenant's is a 404.
 */
export async function listRecordPage(rctx: RequestContext, q: z.infer<typeof inspectionQuery>, family?: RecordFamily) {
  const { db, tenantId } = requireTenant(rctx);
  if (q.book && !(await bookExists(db, tenantId, q.book))) throw notFound();
  const filter = {
    bookId: q.book,
    family,
    kind: family === 'self' ? undefined : q.kind,
    excludeKinds: hiddenRecordKinds(rctx.user),
    finalized: q.finalized === undefined ? undefined : q.finalized === 'true',
    scope: recordInScope(rctx.user),
  };
  const [docs, total] = await Promise.all([listRecords(db, tenantId, filter, q), countRecords(db, tenantId, filter)]);
  return pageReply(docs, total, q);
}

/**
 * GET books/{id}/inspection (inspections, maintenance, expert reports) and books/{id}/selfinspection: newest
 * first; a branch user gets no staff drafts (decision 038).
 */
export async function bookRecords(rctx: RequestContext, bookId: string, family: RecordFamily) {
  const { db, tenantId } = requireTenant(rctx);
  if (!(await bookExists(db, tenantId, bookId))) throw notFound();
  return listRecords(db, tenantId, {
    bookId,
    family,
    excludeKinds: hiddenRecordKinds(rctx.user),
    scope: recordInScope(rctx.user),
  });
}
