import type { Qualification } from '@pruefbuch/domain/schemas/qualification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';
import { QUALIFICATIONS_KEY, qualificationsPath } from './qualification-keys';

/** Uploads a qualification's certificate (a replaced one is marked for removal by the server). */
export function useUploadCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, id, file }: { userId: string; id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return upload<Qualification>(`${qualificationsPath(userId)}/${encodeURIComponent(id)}/certificate`, form);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: QUALIFICATIONS_KEY }),
  });
}
