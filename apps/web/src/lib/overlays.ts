/**
 * Whether the dialog host (modals.tsx) is mounted. It loads after the first render; a question asked
 * before that, or after its chunk failed to load, must still be asked: `askNatively` then falls back
 * to the browser's own dialog instead of silently doing nothing.
 */
let modalsMounted = false;
const waiting = new Set<() => void>();

export function markModalsMounted(mounted: boolean) {
  modalsMounted = mounted;
  if (mounted) for (const resume of [...waiting]) resume();
}

export function modalsAreMounted() {
  return modalsMounted;
}

/**
 * True once the dialog host is mounted; false when it is not within `timeoutMs` (its chunk is slow
 * or failed). A question asked in the first moments after load waits for the app's own dialog
 * rather than dropping to the browser's at once.
 */
export function whenModalsMounted(timeoutMs = 4000): Promise<boolean> {
  if (modalsMounted) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (mounted: boolean) => {
      clearTimeout(timer);
      waiting.delete(resume);
      resolve(mounted);
    };
    const resume = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    waiting.add(resume);
  });
}

/** The browser's confirm dialog, for the moments the app's own dialogs are not available. */
export function askNatively(title: string, message: string): boolean {
  return window.confirm(message ? `${title}\n\n${message}` : title);
}
