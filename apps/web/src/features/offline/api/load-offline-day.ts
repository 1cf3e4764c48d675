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
export function loadOfflineDay(tenantId: string, choice: OfflineChoice = null): Promise<OfflineDayMeta> {
  // One load at a time per tenant, in the order asked: the day kept is the one asked for last, even when an earlier
  // answer (the card's own refresh, a click before) comes back later.
  const previous = running.get(tenantId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => loadNow(tenantId, choice));
  running.set(tenantId, next);
  const done = () => {
    if (running.get(tenantId) === next) running.delete(tenantId);
  };
  next.then(done, done);
  return next;
}

const running = new Map<string, Promise<OfflineDayMeta>>();

async function loadNow(tenantId: string, choice: OfflineChoice): Promise<OfflineDayMeta> {
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
