import type { TenantCertificateReply } from '@pruefbuch/domain/schemas/tenant-certificate';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';
import { tenantCertificateQueryKey } from './get-tenant-certificate';

export interface UploadTenantCertificateInput {
  tenantId: string;
  file: File;
  password: string;
}

/** POST tenants/{id}/certificate (multipart: password, file): the company's PKCS#12 file seals from now on. */
export const uploadTenantCertificate = ({ tenantId, file, password }: UploadTenantCertificateInput) => {
  const form = new FormData();
  form.set('password', password);
  form.set('file', file, file.name);
  return upload<TenantCertificateReply>(`tenants/${encodeURIComponent(tenantId)}/certificate`, form, {
    tenant: tenantId,
  });
};

export function useUploadTenantCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTenantCertificate,
    onSuccess: (reply, { tenantId }) => queryClient.setQueryData(tenantCertificateQueryKey(tenantId), reply),
  });
}
