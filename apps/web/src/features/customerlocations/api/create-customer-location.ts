import type { CustomerLocationCreate, CustomerLocationDetail } from '@pruefbuch/domain/schemas/customerlocation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterLocationChange } from './invalidate';

/** POST customerlocation. */
export const createCustomerLocation = (data: CustomerLocationCreate) =>
  api.post<CustomerLocationDetail>('customerlocation', data);

export function useCreateCustomerLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomerLocation,
    onSuccess: (saved) => afterLocationChange(queryClient, saved),
  });
}
