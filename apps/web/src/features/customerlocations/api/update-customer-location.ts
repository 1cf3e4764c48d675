import type { CustomerLocationDetail, CustomerLocationUpdate } from '@pruefbuch/domain/schemas/customerlocation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterLocationChange } from './invalidate';

/** PUT customerlocation/{id} with the __v it was read with; a stale one is a 409. */
export const updateCustomerLocation = ({ id, data }: { id: string; data: CustomerLocationUpdate }) =>
  api.put<CustomerLocationDetail>(`customerlocation/${encodeURIComponent(id)}`, data);

export function useUpdateCustomerLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomerLocation,
    onSuccess: (saved) => afterLocationChange(queryClient, saved),
  });
}
