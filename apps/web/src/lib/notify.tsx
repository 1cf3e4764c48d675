/** Toasts of SPEC §8: successes 3 s bottom right, errors 8 s. */

import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@pruefbuch/domain/constants';
import { errorText } from './errors';
import { i18n } from './i18n';

export type SuccessToast = 'saved' | 'created' | 'deleted';

export function notifySuccess(message: SuccessToast | { text: string }) {
  notifications.show({
    color: 'teal',
    message: typeof message === 'string' ? i18n.t(`common.toast.${message}`) : message.text,
    autoClose: TOAST_SUCCESS_MS,
    position: 'bottom-right',
  });
}

/**
 * A change that can be taken back (a card moved on the board): what was done, and 'Rückgängig' for as long as
 * an error toast stays (a success's 3 s are too short to find the button).
 */
export function notifyUndoable(text: string, undo: () => void) {
  const id = notifications.show({
    color: 'teal',
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <span>{text}</span>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            undo();
          }}
          data-testid="toast-undo"
        >
          {i18n.t('common.actions.undo')}
        </Button>
      </Group>
    ),
    autoClose: TOAST_ERROR_MS,
    position: 'bottom-right',
  });
}

export function notifyError(text: string, title?: string) {
  notifications.show({ color: 'red', title, message: text, autoClose: TOAST_ERROR_MS, position: 'bottom-right' });
}

/** A failed save, create, update or delete: 'Fehler beim Speichern!' plus the reason when the server named one. */
export function notifySaveFailed(error?: unknown) {
  const title = i18n.t('common.toast.saveFailed');
  const reason = error === undefined ? '' : errorText(i18n.t, error);
  if (!reason || reason === i18n.t('errors.INTERNAL')) notifyError(title);
  else notifyError(reason, title);
}
