import type { OfflineDay } from '@pruefbuch/domain/schemas/offline';
import { api } from '@/lib/api-client';
import { setOfflineOwner } from '@/lib/offline-data';
import { getSessionState } from '@/lib/session';
import { type OfflineDayMeta, saveDay } from '../offline-store';
import { forgetFinalized } from '../outbox-store';

/** What to take along instead of the bookings: a folder or a branch (decision 061). */
export type OfflineChoice = { kind: 'folder' | 'location'; id: string } | null;

/**
 * GET offline/day of the tenant (decision 061), kept in IndexedDB; answers what the card shows. The browser is asked to
 * keep the store (persistent storage: not evicted under storage pressure with records not yet sent), and records
 * finalized on the server since the last day leave the device.
 */
export async function loadOfflineDay(tenantId: string, choice: OfflineChoice = null): Promise<OfflineDayMeta> {
  const query = choice ? { [choice.kind]: choice.id } : undefined;
  const day = await api.get<OfflineDay>('offline/day', { tenant: tenantId, query });
  void navigator.storage?.persist?.().catch(() => false);
  const me = getSessionState().session?.userId;
  if (me) {
    setOfflineOwner(me);
    await forgetFinalized(me);
  }
  return saveDay(day);
}
