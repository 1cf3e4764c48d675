import type { CustomerLocationDetail } from '@pruefbuch/domain/schemas/customerlocation';
import type { QueryClient } from '@tanstack/react-query';
import { getSessionState } from '@/lib/session';
import { LOCATIONS_KEY, locationKeys } from './keys';

/**
 * After a change: the location as the server now has it in the cache, and every list, count and protocol of the
 * locations read again (a location's ampel and counts follow its books).
 */
export function afterLocationChange(queryClient: QueryClient, saved?: CustomerLocationDetail) {
  const { currentTenant } = getSessionState();
  if (saved) queryClient.setQueryData(locationKeys.detail(currentTenant, saved._id), saved);
  void queryClient.invalidateQueries({
    queryKey: [LOCATIONS_KEY],
    predicate: (query) => query.queryKey[2] !== 'detail',
  });
}
