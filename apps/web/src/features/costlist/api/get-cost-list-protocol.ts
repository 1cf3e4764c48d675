import type { ProtocolEntry } from '@pruefbuch/domain/schemas/audit';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { costListKeys } from './keys';

/** GET protocol/getProtocolByCostList/{id}: every change of the cost list. */
export function useCostListProtocol(id: string) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: costListKeys.protocol(currentTenant, id),
    queryFn: ({ signal }) =>
      api.get<ProtocolEntry[]>(`protocol/getProtocolByCostList/${encodeURIComponent(id)}`, { signal }),
  });
}
