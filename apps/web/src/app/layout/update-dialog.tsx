import { lazy, Suspense, useState } from 'react';
import { useUpdateCheck } from './use-update-check';

const UpdateModal = lazy(async () => ({ default: (await import('./update-modal')).UpdateModal }));

/** 'Update verfügbar': later closes it until the next poll; start reloads the app. */
export function UpdateDialog() {
  const { updateAvailable, checkedAt } = useUpdateCheck();
  const [dismissedAt, setDismissedAt] = useState(0);
  if (!updateAvailable) return null;
  return (
    <Suspense fallback={null}>
      <UpdateModal opened={checkedAt > dismissedAt} onLater={() => setDismissedAt(checkedAt)} />
    </Suspense>
  );
}
