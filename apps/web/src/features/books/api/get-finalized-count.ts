import type { inspectionPageReply } from '@pruefbuch/domain/schemas/inspection';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * How many finalized records the book has (GET inspections?book=&finalized=true&size=1, its total): a delete
 * retires a book with any instead of deleting it (decision 059), and the question before says so.
 */
export const finalizedCountOptions = (tenantId: string, bookId: string) =>
  queryOptions({
    queryKey: ['inspections', 'book', tenantId, bookId, 'finalizedCount'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<z.infer<typeof inspectionPageReply>>('inspections', {
          query: { book: bookId, finalized: 'true', page: 1, size: 1 },
          tenant: tenantId,
          signal,
        })
      ).total,
  });
