import { customerKey } from '@pruefbuch/domain/rules/retention';
import type { LegalHold } from '@pruefbuch/domain/schemas/retention';
import { useLegalHolds } from '../api/get-legal-holds';

/**
 * The legal hold that keeps a book: one on the book itself, else one on its customer (compared as the server
 * compares it), else null; undefined while the holds load. Admins only (`enabled`).
 */
export function useBookHold(
  tenantId: string,
  book: { _id: string; customer: string },
  enabled: boolean,
): LegalHold | null | undefined {
  const holds = useLegalHolds(tenantId, enabled);
  if (!enabled) return null;
  if (!holds.data) return undefined;
  const key = customerKey(book.customer);
  return (
    holds.data.find((h) => h.book === book._id) ??
    (key ? holds.data.find((h) => !h.book && customerKey(h.customer) === key) : undefined) ??
    null
  );
}
