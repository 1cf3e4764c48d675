import type { ProtocolEntry } from '@pruefbuch/domain/schemas/audit';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { orderKeys } from './keys';

/** GET protocol/getProtocolByOrder/{id}: every change of the order. */
export const getOrderProtocol = (id: string, signal?: AbortSignal) =>
  api.get<ProtocolEntry[]>(`protocol/getProtocolByOrder/${encodeURIComponent(id)}`, { signal });

export function useOrderProtocol(id: string) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: orderKeys.protocol(currentTenant, id),
    queryFn: ({ signal }) => getOrderProtocol(id, signal),
  });
}
