import { lazy, Suspense, useState } from 'react';
import { useUpdateCheck } from './use-update-check';

const UpdateModal = lazy(async () => ({ default: (await import('./update-modal')).UpdateModal }));

/**
 * 'Update verfügbar': later closes it until the next check finds the update again; start lets the
 * waiting service worker take over and reloads (without a worker: reloads).
 */
export function UpdateDialog() {
  const { updateAvailable, checkedAt, worker } = useUpdateCheck();
  const [dismissedAt, setDismissedAt] = useState(0);
  if (!updateAvailable) return null;
  const start = async () => {
    if (!worker) return window.location.reload();
    const { activateWaitingWorker } = await import('./service-worker');
    activateWaitingWorker(worker);
  };
  return (
    <Suspense fallback={null}>
      <UpdateModal opened={checkedAt > dismissedAt} onLater={() => setDismissedAt(checkedAt)} onStart={start} />
    </Suspense>
  );
}
