/**
 * The name of the IndexedDB database that holds what was prepared for offline work (decision 061), and its
 * removal at sign-out: on a shared phone the next user must find nothing of the last one's books (issue 33
 * item 5). Here, not in the offline feature, so that signing out needs no IndexedDB wrapper in the first bundle.
 */
export const OFFLINE_DB = 'pruefbuch-offline';

/**
 * Deletes the offline database. An open connection of this page closes itself when asked (the store's
 * `blocking`); another tab still holding one leaves the deletion pending, and it completes when that tab
 * closes it: sign-out does not wait for that (at most two seconds).
 */
export function forgetOfflineData(): Promise<void> {
  try {
    localStorage.removeItem(OWNER_KEY);
  } catch {}
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    const request = indexedDB.deleteDatabase(OFFLINE_DB);
    request.onsuccess = done;
    request.onerror = done;
    request.onblocked = () => setTimeout(done, 2000);
  });
}

/** Whose day the prepared books are (set when a day is loaded): another user signing in on this device gets none of them. */
const OWNER_KEY = 'pruefbuch-offline-owner';

export function setOfflineOwner(userId: string) {
  try {
    localStorage.setItem(OWNER_KEY, userId);
  } catch {
    // Storage refused: the books stay; sign-out still deletes them.
  }
}

/**
 * At sign-in: when the prepared day on this device is another user's (their session ended without a sign-out), its
 * books are removed, so the offline store holds only what the signed-in user may see (issue 33 item 5). Their
 * records not yet sent stay, hidden from and never sent by anyone else (decision 062), until that user signs in
 * again or someone signs out.
 */
export function forgetOthersPreparedDay(userId: string): Promise<void> {
  let owner: string | null = null;
  try {
    owner = localStorage.getItem(OWNER_KEY);
  } catch {
    return Promise.resolve();
  }
  if (!owner || owner === userId || typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const open = indexedDB.open(OFFLINE_DB);
    // No database yet: nothing to remove, and none is made here (the field-mode store makes its own, with its stores).
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => {
      localStorage.removeItem(OWNER_KEY);
      resolve();
    };
    open.onsuccess = () => {
      const db = open.result;
      const stores = ['books', 'days'].filter((name) => db.objectStoreNames.contains(name));
      if (stores.length === 0) {
        db.close();
        resolve();
        return;
      }
      const tx = db.transaction(stores, 'readwrite');
      for (const name of stores) tx.objectStore(name).clear();
      tx.oncomplete =
        tx.onerror =
        tx.onabort =
          () => {
            db.close();
            localStorage.removeItem(OWNER_KEY);
            resolve();
          };
    };
  });
}
