import type { Qualification, QualificationWrite } from '@pruefbuch/domain/schemas/qualification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { QUALIFICATIONS_KEY, qualificationsPath } from './qualification-keys';

type Save = { userId: string; id?: string; data: QualificationWrite & { __v?: number } };

/** Records a new qualification or changes one (__v); the user's list and the matrix are read again. */
export function useSaveQualification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, id, data }: Save) =>
      id
        ? api.put<Qualification>(`${qualificationsPath(userId)}/${encodeURIComponent(id)}`, data)
        : api.post<Qualification>(qualificationsPath(userId), data),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: QUALIFICATIONS_KEY }),
  });
}
