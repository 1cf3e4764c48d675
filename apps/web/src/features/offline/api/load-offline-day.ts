import type { OfflineDay } from '@pruefbuch/domain/schemas/offline';
import { api } from '@/lib/api-client';
import { type OfflineDayMeta, saveDay } from '../offline-store';

/** What to take along instead of the bookings: a folder or a branch (decision 061). */
export type OfflineChoice = { kind: 'folder' | 'location'; id: string } | null;

/** GET offline/day of the tenant (decision 061), kept in IndexedDB; answers what the card shows. */
export async function loadOfflineDay(tenantId: string, choice: OfflineChoice = null): Promise<OfflineDayMeta> {
  const query = choice ? { [choice.kind]: choice.id } : undefined;
  return saveDay(await api.get<OfflineDay>('offline/day', { tenant: tenantId, query }));
}
