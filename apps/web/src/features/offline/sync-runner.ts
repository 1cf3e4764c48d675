/**
 * Keeps the outbox moving (decision 062) in every tab that has changes waiting: at once, whenever the browser comes
 * back online, and every 15 seconds while something waits (a pass sends only what its back-off allows). Loaded by
 * the shell only when changes wait, so the first bundle carries no IndexedDB code.
 */
import { waitingChanges } from '@/lib/waiting-changes';
import { retryNow } from './outbox-store';
import { syncNow } from './sync';

const EVERY_MS = 15_000;
let started = false;

export function startOutboxSync(): void {
  if (started) return;
  started = true;
  const run = () => {
    if (navigator.onLine && waitingChanges() > 0) void syncNow().catch(() => undefined);
  };
  // Back online, nothing waits for its back-off: the network that failed them is there again.
  window.addEventListener('online', () => void retryNow().then(run, run));
  setInterval(run, EVERY_MS);
  run();
}
