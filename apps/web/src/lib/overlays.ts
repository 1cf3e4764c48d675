/**
 * Whether the dialog host (modals.tsx) is mounted. It loads after the first render; a question asked
 * before that, or after its chunk failed to load, must still be asked: `askNatively` then falls back
 * to the browser's own dialog instead of silently doing nothing.
 */
let modalsMounted = false;

export function markModalsMounted(mounted: boolean) {
  modalsMounted = mounted;
}

export function modalsAreMounted() {
  return modalsMounted;
}

/** The browser's confirm dialog, for the moments the app's own dialogs are not available. */
export function askNatively(title: string, message: string): boolean {
  return window.confirm(message ? `${title}\n\n${message}` : title);
}
