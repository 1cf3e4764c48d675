import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';
import { invalidateAfterRecordChange } from './invalidate';
import { inspectionKeys } from './keys';

export interface ExistingReportInput {
  tenantId: string;
  book: string;
  when: string;
  who: string;
  where: string;
  text: string;
  isAbnahmeGutachten: boolean;
  file: File;
  onProgress?: (fraction: number) => void;
}

/**
 * POST inspections/existingDoc (multipart: the fields, then the PDF): a finalized expert report with the
 * uploaded file; the book's schedule is recomputed.
 */
export const uploadExistingReport = ({ tenantId, file, onProgress, ...fields }: ExistingReportInput) => {
  const form = new FormData();
  form.set('book', fields.book);
  form.set('when', fields.when);
  form.set('who', fields.who);
  form.set('where', fields.where);
  form.set('text', fields.text);
  form.set('isAbnahmeGutachten', String(fields.isAbnahmeGutachten));
  form.set('file', file, file.name);
  return upload<Inspection>('inspections/existingDoc', form, { tenant: tenantId, onProgress });
};

export function useUploadExistingReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadExistingReport,
    onSuccess: (record, { tenantId, book }) => {
      if (record?._id) queryClient.setQueryData(inspectionKeys.detail(tenantId, record._id), record);
      invalidateAfterRecordChange(queryClient, tenantId, book, { schedule: true });
    },
  });
}
