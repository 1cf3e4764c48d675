import type { Qualification, QualificationMatrix, QualificationWrite } from '@pruefbuch/domain/schemas/qualification';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download, upload } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/** A user's qualifications (decision 055): admins keep them, every user reads their own. */
const base = (userId: string) => `users/${encodeURIComponent(userId)}/qualifications`;

export const qualificationsQueryKey = (userId: string) => ['users', 'qualifications', userId] as const;
export const matrixQueryKey = ['users', 'qualifications', 'matrix'] as const;

export const getQualificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: qualificationsQueryKey(userId),
    queryFn: ({ signal }) => api.get<{ qualifications: Qualification[] }>(base(userId), { signal }),
  });

export const useQualifications = (userId: string) => useQuery(getQualificationsQueryOptions(userId));

export const useQualificationMatrix = () =>
  useQuery({
    queryKey: matrixQueryKey,
    queryFn: ({ signal }) => api.get<QualificationMatrix>('qualifications/matrix', { signal }),
  });

type Save = { userId: string; id?: string; data: QualificationWrite & { __v?: number } };

export function useSaveQualification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, id, data }: Save) =>
      id
        ? api.put<Qualification>(`${base(userId)}/${encodeURIComponent(id)}`, data)
        : api.post<Qualification>(base(userId), data),
    onSuccess: (_, { userId }) => void queryClient.invalidateQueries({ queryKey: ['users', 'qualifications', userId] }),
  });
}

export function useDeleteQualification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, id }: { userId: string; id: string }) =>
      api.delete(`${base(userId)}/${encodeURIComponent(id)}`),
    onSuccess: (_, { userId }) => void queryClient.invalidateQueries({ queryKey: ['users', 'qualifications', userId] }),
  });
}

export function useUploadCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, id, file }: { userId: string; id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return upload<Qualification>(`${base(userId)}/${encodeURIComponent(id)}/certificate`, form);
    },
    onSuccess: (_, { userId }) => void queryClient.invalidateQueries({ queryKey: ['users', 'qualifications', userId] }),
  });
}

export async function downloadCertificate(userId: string, q: Qualification) {
  const reply = await download(`${base(userId)}/${encodeURIComponent(q._id)}/certificate`);
  saveBlob(reply.blob, q.certificate?.fileName || reply.fileName || 'zertifikat.pdf');
}
