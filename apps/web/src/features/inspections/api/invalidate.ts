import type { QueryClient } from '@tanstack/react-query';
import { inspectionKeys } from './keys';

/**
 * After a record changed: its book's list, and when the book's schedule may have moved (finalize, upload,
 * delete) the book itself (next dates, ampels, status), its protocol and the lists that show ampels.
 */
export function invalidateAfterRecordChange(
  queryClient: QueryClient,
  tenantId: string,
  bookId: string,
  options: { schedule?: boolean } = {},
) {
  void queryClient.invalidateQueries({ queryKey: inspectionKeys.book(tenantId, bookId) });
  void queryClient.invalidateQueries({ queryKey: inspectionKeys.pdfAssets(tenantId, bookId) });
  if (!options.schedule) return;
  void queryClient.invalidateQueries({ queryKey: inspectionKeys.shutDown(tenantId, bookId) });
  void queryClient.invalidateQueries({ queryKey: ['books', 'dto', tenantId, bookId] });
  void queryClient.invalidateQueries({ queryKey: ['books', 'detail', tenantId, bookId] });
  void queryClient.invalidateQueries({ queryKey: ['books', 'folder'] });
  void queryClient.invalidateQueries({ queryKey: ['auditlogs', 'book', tenantId, bookId] });
  void queryClient.invalidateQueries({ queryKey: ['lists'] });
}
