import { hiddenRecordKinds } from '@pruefbuch/domain/access';
import type { ShutDownReason } from '@pruefbuch/domain/schemas/inspection';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { findBook } from '../books/books.repo';
import { countedRecords, latestStaffRecord } from '../books/books.schedule';
import { findRecord } from './inspections.repo';

/**
 * GET books/{id}/shutdown: the record and the defects that shut the installation down, by the same
 * rule that set the book's shutDown flag (books.schedule.ts): the latest counted staff record with an
 * open defect rated 'shutdown'. The book page shows them beside the black ampel.
 */
export async function shutDownReason(ctx: TenantContext, bookId: string): Promise<ShutDownReason> {
  const book = await findBook(ctx.db, ctx.tenantId, bookId);
  if (!book) throw notFound();
  const none: ShutDownReason = { shutDown: book.shutDown, record: null, defects: [] };
  if (!book.shutDown) return none;
  const latest = latestStaffRecord(await countedRecords(ctx.db, ctx.tenantId, book.id));
  if (!latest?.shutdownOpen || (hiddenRecordKinds(ctx.user) as readonly string[]).includes(latest.kind)) return none;
  const row = await findRecord(ctx.db, ctx.tenantId, latest.id);
  if (!row) return none;
  return {
    shutDown: true,
    record: { _id: row.id, kind: row.kind, when: row.when, isAbnahmeGutachten: row.isAbnahmeGutachten },
    defects: row.defects
      .filter((d) => d.severity === 'shutdown' && !d.resolved)
      .map((d) => ({ ...d, _id: d._id ?? '' })),
  };
}
