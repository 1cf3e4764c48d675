import { BookStatus } from '@pruefbuch/domain/rules/book-status';
import type { BookListItem } from '@pruefbuch/domain/schemas/book';
import { useQuery } from '@tanstack/react-query';
import type { ListReply } from '@/components/ui/list-page/list-types';
import { api } from '@/lib/api-client';

/** GET books?status=7: the tenant's templates (at most 100, by title), for 'Aus Vorlage anlegen'. */
export const useTemplates = (tenantId: string) =>
  useQuery({
    queryKey: ['books', 'templates', tenantId] as const,
    queryFn: ({ signal }) =>
      api.get<ListReply<BookListItem>>('books', {
        query: { status: BookStatus.STATUS_TEMPLATE, size: 100, sort: 'title' },
        tenant: tenantId,
        signal,
      }),
    select: (reply) => reply.docs,
    enabled: !!tenantId,
  });
