import type { Workbox } from 'workbox-window';

/**
 * The app's service worker (decision 060): registered after the first screen, from a chunk of its own,
 * so that the initial bundle does not carry it. Where no worker can run (an insecure origin, the dev
 * server, an old browser) this answers null and the app polls the build id instead.
 */
export async function registerServiceWorker(onWaiting: () => void): Promise<Workbox | null> {
  if (__BUILD_ID__ === 'dev' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const { Workbox } = await import('workbox-window');
  const base = import.meta.env.BASE_URL;
  const wb = new Workbox(`${base}sw.js`, { scope: base });
  // A newer build's worker is installed and waits for the user: 'Update verfügbar'.
  wb.addEventListener('waiting', onWaiting);
  const registration = await wb.register();
  return registration ? wb : null;
}

/** 'Aktualisierung starten': the waiting worker takes over, and the page reloads under it. */
export function activateWaitingWorker(wb: Workbox) {
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}
