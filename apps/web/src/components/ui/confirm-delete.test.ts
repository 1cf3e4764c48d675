import { afterEach, describe, expect, it, vi } from 'vitest';

// The i18n setup marks the page's language on load; a bare document is enough for that.
vi.hoisted(() => Object.assign(globalThis, { document: { documentElement: {} } }));

import { markModalsMounted } from '@/lib/overlays';
import { withoutDialogHost } from '@/lib/overlays.test-support';
import { confirmDelete } from './confirm-delete';

describe('confirmDelete before the dialog host is mounted', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it.each([
    [true, 1],
    [false, 0],
  ])(
    'asks with the browser dialog (answer %s) when the host does not come, instead of doing nothing',
    async (answer, calls) => {
      const confirm = vi.fn(() => answer);
      withoutDialogHost({ confirm });
      const onConfirm = vi.fn();
      confirmDelete({ title: 'Benutzer löschen', message: 'Wirklich löschen?', onConfirm });
      await vi.advanceTimersByTimeAsync(3900);
      expect(confirm).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(200);
      expect(confirm).toHaveBeenCalledWith('Benutzer löschen\n\nWirklich löschen?');
      expect(onConfirm).toHaveBeenCalledTimes(calls);
    },
  );

  it('waits for a host that is still loading and asks with the app dialog, not the browser one', async () => {
    const confirm = vi.fn(() => true);
    const dispatchEvent = vi.fn();
    withoutDialogHost({ confirm, dispatchEvent });
    const onConfirm = vi.fn();
    confirmDelete({ title: 'Benutzer löschen', message: 'Wirklich löschen?', onConfirm });
    await vi.advanceTimersByTimeAsync(300);
    expect(dispatchEvent).not.toHaveBeenCalled();
    markModalsMounted(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(dispatchEvent).toHaveBeenCalledTimes(1);
    expect(confirm).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
