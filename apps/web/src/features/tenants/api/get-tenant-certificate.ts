import type { TenantCertificateReply } from '@pruefbuch/domain/schemas/tenant-certificate';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET tenants/{id}/certificate: the certificate the tenant's finalized PDFs are sealed under (null before the first). */
export const getTenantCertificate = (id: string, signal?: AbortSignal) =>
  api.get<TenantCertificateReply>(`tenants/${encodeURIComponent(id)}/certificate`, { signal });

export const tenantCertificateQueryKey = (id: string) => ['tenants', 'certificate', id] as const;

export const getTenantCertificateQueryOptions = (id: string) =>
  queryOptions({ queryKey: tenantCertificateQueryKey(id), queryFn: ({ signal }) => getTenantCertificate(id, signal) });

export const useTenantCertificate = (id: string, enabled = true) =>
  useQuery({ ...getTenantCertificateQueryOptions(id), enabled: enabled && !!id });
