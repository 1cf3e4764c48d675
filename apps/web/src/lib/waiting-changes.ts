/**
 * How many changes recorded offline have not reached the server (decision 062): the header's badge and the
 * sign-out question read it here, without the IndexedDB wrapper, so the first bundle stays small. The outbox
 * store writes it after every change; the value is per device (localStorage) and other tabs hear of it through
 * the storage event.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'pruefbuch-waiting-changes';
const EVENT = 'pruefbuch-waiting-changes';

export function waitingChanges(): number {
  try {
    return Number(localStorage.getItem(KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

export function publishWaitingChanges(count: number) {
  try {
    if (count > 0) localStorage.setItem(KEY, String(count));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the badge then shows nothing, the changes are still in IndexedDB.
  }
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(onChange: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) onChange();
  };
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The count, kept current. */
export function useWaitingChanges(): number {
  return useSyncExternalStore(subscribe, waitingChanges, () => 0);
}
