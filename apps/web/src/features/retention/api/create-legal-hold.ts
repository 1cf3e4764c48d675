import type { LegalHold, LegalHoldCreate } from '@pruefbuch/domain/schemas/retention';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retentionKeys } from './keys';

/** POST retention/holds: a legal hold on a book of the tenant or on a customer's name, with its reason. */
export const createLegalHold = ({ tenantId, data }: { tenantId: string; data: LegalHoldCreate }) =>
  api.post<LegalHold>('retention/holds', data, { tenant: tenantId });

export function useCreateLegalHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLegalHold,
    onSuccess: (_, { tenantId }) => queryClient.invalidateQueries({ queryKey: retentionKeys.all(tenantId) }),
  });
}
