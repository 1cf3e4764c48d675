import type { Executor } from '../../db/client';

/**
 * The head of each book's record chain, as the manifest names it (decision 058). Books keep no record
 * chain yet: every head is null until they do, and the manifest says 'keiner'.
 */
export async function chainHeadsOf(
  _db: Executor,
  _tenantId: string,
  bookIds: readonly string[],
): Promise<Map<string, string | null>> {
  return new Map(bookIds.map((id) => [id, null]));
}
