import type { ProtocolEntry } from '@pruefbuch/domain/schemas/audit';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { capacityKeys } from './keys';

/** GET protocol/getProtocolByCapacity/{id}: every change of the settings, employee by employee. */
export function useCapacityProtocol(id: string) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: capacityKeys.protocol(currentTenant, id),
    queryFn: ({ signal }) =>
      api.get<ProtocolEntry[]>(`protocol/getProtocolByCapacity/${encodeURIComponent(id)}`, { signal }),
  });
}
