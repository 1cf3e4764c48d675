import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { download } from '@/lib/api-client';
import { inspectionKeys } from './keys';

/** GET blobs/{id}/document with the session's headers: the image bytes (an <img src> could not send the token). */
export const getPhoto = async (tenantId: string, blobId: string) =>
  (await download(`blobs/${encodeURIComponent(blobId)}/document`, { tenant: tenantId })).blob;

/** An object URL of a stored photo for an <img>, revoked when the component goes. */
export function usePhotoUrl(tenantId: string, blobId: string) {
  const query = useQuery({
    queryKey: inspectionKeys.photo(tenantId, blobId),
    queryFn: () => getPhoto(tenantId, blobId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, isError: query.isError, isPending: query.isPending };
}
