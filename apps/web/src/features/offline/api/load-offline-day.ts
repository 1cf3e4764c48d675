import type { OfflineDay } from '@pruefbuch/domain/schemas/offline';
import { api } from '@/lib/api-client';
import { type OfflineDayMeta, saveDay } from '../offline-store';

/** GET offline/day of the tenant (decision 061), kept in IndexedDB; answers what the card shows. */
export async function loadOfflineDay(tenantId: string): Promise<OfflineDayMeta> {
  return saveDay(await api.get<OfflineDay>('offline/day', { tenant: tenantId }));
}
