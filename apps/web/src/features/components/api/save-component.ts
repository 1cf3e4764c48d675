import type { Component, ComponentWrite } from '@pruefbuch/domain/schemas/component';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST components, or PUT components/{id} with the __v read (admins). */
export const saveComponent = ({ id, __v, ...body }: ComponentWrite & { id?: string; __v?: number }) =>
  id
    ? api.put<Component>(`components/${encodeURIComponent(id)}`, { ...body, __v })
    : api.post<Component>('components', body);

export function useSaveComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveComponent,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['components'] }),
  });
}
