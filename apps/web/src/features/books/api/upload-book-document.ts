import type { BookDocumentAddedReply, BookDocumentsReply } from '@pruefbuch/domain/schemas/document';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';
import { bookDocumentsQueryKey } from './get-book-documents';

export interface UploadBookDocumentInput {
  tenantId: string;
  bookId: string;
  file: File;
  onProgress?: (fraction: number) => void;
}

/** POST books/{id}/document (multipart: file, tenant, type). */
export const uploadBookDocument = ({ tenantId, bookId, file, onProgress }: UploadBookDocumentInput) => {
  const form = new FormData();
  form.set('tenant', tenantId);
  form.set('type', 'document');
  // The file goes last: the server reads the text fields before the bytes.
  form.set('file', file, file.name);
  return upload<BookDocumentAddedReply>(`books/${encodeURIComponent(bookId)}/document`, form, {
    tenant: tenantId,
    onProgress,
  });
};

export function useUploadBookDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBookDocument,
    onSuccess: (reply, { tenantId, bookId }) => {
      queryClient.setQueryData<BookDocumentsReply>(bookDocumentsQueryKey(tenantId, bookId), {
        documents: reply.documents,
      });
      void queryClient.invalidateQueries({ queryKey: ['books', 'dto', tenantId, bookId] });
      void queryClient.invalidateQueries({ queryKey: ['auditlogs', 'book', tenantId, bookId] });
    },
  });
}
