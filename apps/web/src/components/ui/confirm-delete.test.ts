import { afterEach, describe, expect, it, vi } from 'vitest';

// The i18n setup marks the page's language on load; a bare document is enough for that.
vi.hoisted(() => Object.assign(globalThis, { document: { documentElement: {} } }));

import { markModalsMounted } from '@/lib/overlays';
import { confirmDelete } from './confirm-delete';

describe('confirmDelete before the dialog host is mounted', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [true, 1],
    [false, 0],
  ])('asks with the browser dialog (answer %s) instead of doing nothing', (answer, calls) => {
    markModalsMounted(false);
    const confirm = vi.fn(() => answer);
    vi.stubGlobal('window', { confirm });
    const onConfirm = vi.fn();
    confirmDelete({ title: 'Benutzer löschen', message: 'Wirklich löschen?', onConfirm });
    expect(confirm).toHaveBeenCalledWith('Benutzer löschen\n\nWirklich löschen?');
    expect(onConfirm).toHaveBeenCalledTimes(calls);
  });
});
