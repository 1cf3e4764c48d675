import type { Executor } from '../../db/client';
import { chainHeadOf } from '../inspections/inspections.seal';

export type ChainHead = { seq: number; hash: string } | null;

/**
 * The head of each book's record chain (decision 057) as the manifest names it (decision 058): the place
 * and hash of its last sealed record, null while nothing of the book is sealed. One small read per book,
 * made as the book's turn comes, like the rest of its data.
 */
export async function chainHeadsOf(db: Executor, tenantId: string, bookIds: readonly string[]) {
  const heads = new Map<string, ChainHead>();
  for (const id of bookIds) heads.set(id, await chainHeadOf(db, tenantId, id));
  return heads;
}
