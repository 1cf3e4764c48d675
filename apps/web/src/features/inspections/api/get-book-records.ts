import type { inspectionPageReply } from '@pruefbuch/domain/schemas/inspection';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

export type RecordPage = z.infer<typeof inspectionPageReply>;

/** Records per page on the book page: a book may have hundreds; the newest come first. */
export const BOOK_RECORDS_PAGE_SIZE = 20;

/**
 * GET inspections?book=&page=&size=: one page of a book's records of every kind (inspections, maintenance,
 * expert reports, self-inspections), newest first, signatures without their drawings.
 */
export const getBookRecordsPage = (tenantId: string, bookId: string, page: number, signal?: AbortSignal) =>
  api.get<RecordPage>('inspections', {
    query: { book: bookId, page, size: BOOK_RECORDS_PAGE_SIZE },
    tenant: tenantId,
    signal,
  });

export const getBookRecordsQueryOptions = (tenantId: string, bookId: string) =>
  infiniteQueryOptions({
    queryKey: inspectionKeys.book(tenantId, bookId),
    queryFn: ({ pageParam, signal }) => getBookRecordsPage(tenantId, bookId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: RecordPage) => (last.page < last.pages ? last.page + 1 : undefined),
  });

/** The book page's records, a page at a time ('Weitere laden'). */
export const useBookRecords = (tenantId: string, bookId: string, enabled = true) =>
  useInfiniteQuery({ ...getBookRecordsQueryOptions(tenantId, bookId), enabled });
