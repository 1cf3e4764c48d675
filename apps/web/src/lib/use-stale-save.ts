/**
 * The 409 of an optimistic-concurrency save (a newer version is on the server). The form stays as typed
 * until the user chooses: 'reload' applies the server's version, 'keep' keeps the input and adopts the
 * server's version marker so the next save goes through.
 */
import { useState } from 'react';
import { isApiError } from './api-client';
import { errorText } from './errors';
import { i18n } from './i18n';
import { notifyError } from './notify';

export const isConflict = (error: unknown) => isApiError(error) && error.status === 409;

export function useStaleSave<T>(options: {
  fetchLatest: () => Promise<T>;
  reload: (latest: T) => void;
  keep: (latest: T) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);

  const resolve = async (mode: 'reload' | 'keep') => {
    setBusy(true);
    try {
      const latest = await options.fetchLatest();
      options[mode](latest);
      setOpened(false);
    } catch (error) {
      notifyError(errorText(i18n.t, error));
    } finally {
      setBusy(false);
    }
  };

  return {
    /** Opens the dialog when the error is a 409; true if it was. */
    handle: (error: unknown) => {
      if (!isConflict(error)) return false;
      setOpened(true);
      return true;
    },
    dialog: {
      opened,
      busy,
      onReload: () => void resolve('reload'),
      onKeep: () => void resolve('keep'),
    },
  };
}
