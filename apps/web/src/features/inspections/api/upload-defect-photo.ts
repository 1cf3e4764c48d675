import type { DocumentBlob } from '@pruefbuch/domain/schemas/document';
import { useMutation } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';

export interface UploadDefectPhotoInput {
  tenantId: string;
  bookId: string;
  file: File;
  onProgress?: (fraction: number) => void;
}

/** POST blobs (multipart: tenant, type defect-photo, book, file): the blob whose id a defect keeps in photos. */
export const uploadDefectPhoto = ({ tenantId, bookId, file, onProgress }: UploadDefectPhotoInput) => {
  const form = new FormData();
  form.set('tenant', tenantId);
  form.set('type', 'defect-photo');
  form.set('book', bookId);
  // The file goes last: the server reads the text fields before the bytes.
  form.set('file', file, file.name);
  return upload<DocumentBlob>('blobs', form, { tenant: tenantId, onProgress });
};

export const useUploadDefectPhoto = () => useMutation({ mutationFn: uploadDefectPhoto });
