import { vi } from 'vitest';
import { markModalsMounted } from './overlays';

/**
 * For tests of what a dialog does before the app's dialog host is there: fake timers, no host, and a
 * `window` of only the given functions (the browser's confirm, dispatchEvent). Undo with
 * vi.unstubAllGlobals() and vi.useRealTimers().
 */
export function withoutDialogHost(window: Record<string, unknown>) {
  vi.useFakeTimers();
  markModalsMounted(false);
  vi.stubGlobal('window', window);
}
