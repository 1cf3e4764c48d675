import { afterEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => Object.assign(globalThis, { document: { documentElement: {} } }));

import { markModalsMounted } from '@/lib/overlays';
import { withoutDialogHost } from '@/lib/overlays.test-support';
import { openConfirmWhenReady, openModalWhenReady } from './dialogs';

describe('dialogs opened in the first moment after load', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('a question answered no in the browser dialog calls onCancel, not onConfirm', async () => {
    withoutDialogHost({ confirm: vi.fn(() => false) });
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    openConfirmWhenReady({ title: 'Abschließen?', nativeText: 'Danach nicht mehr änderbar.', onConfirm, onCancel });
    await vi.advanceTimersByTimeAsync(4100);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('the browser dialog says the text of the app dialog when no other text is given', async () => {
    const confirm = vi.fn(() => true);
    withoutDialogHost({ confirm });
    const onConfirm = vi.fn();
    openConfirmWhenReady({ title: 'Verlassen?', children: 'Eingaben gehen verloren.', onConfirm });
    await vi.advanceTimersByTimeAsync(4100);
    expect(confirm).toHaveBeenCalledWith('Verlassen?\n\nEingaben gehen verloren.');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('a form dialog waits for the host and is opened once it is there', async () => {
    const dispatchEvent = vi.fn();
    withoutDialogHost({ dispatchEvent });
    openModalWhenReady({ title: 'Ordner umbenennen', children: null });
    await vi.advanceTimersByTimeAsync(500);
    expect(dispatchEvent).not.toHaveBeenCalled();
    markModalsMounted(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(dispatchEvent).toHaveBeenCalledTimes(1);
  });
});
