import type { Qualification } from '@pruefbuch/domain/schemas/qualification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, download } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { qualificationsPath, qualificationsQueryKey } from './qualification-keys';

export const getQualificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: qualificationsQueryKey(userId),
    queryFn: ({ signal }) => api.get<{ qualifications: Qualification[] }>(qualificationsPath(userId), { signal }),
  });

/** A user's qualifications: an admin reads anyone's, every user their own. */
export const useQualifications = (userId: string) => useQuery(getQualificationsQueryOptions(userId));

/** Saves a qualification's certificate file under its own name. */
export async function downloadCertificate(userId: string, q: Qualification) {
  const reply = await download(`${qualificationsPath(userId)}/${encodeURIComponent(q._id)}/certificate`);
  saveBlob(reply.blob, q.certificate?.fileName || reply.fileName || 'zertifikat.pdf');
}
