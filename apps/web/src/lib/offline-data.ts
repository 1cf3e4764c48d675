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
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    const request = indexedDB.deleteDatabase(OFFLINE_DB);
    request.onsuccess = done;
    request.onerror = done;
    request.onblocked = () => setTimeout(done, 2000);
  });
}
