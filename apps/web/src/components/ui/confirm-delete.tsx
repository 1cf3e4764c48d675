import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { i18n } from '@/lib/i18n';
import { openConfirmWhenReady } from './dialogs';

/**
 * The one question before anything is deleted or stops working: a title, what will be gone, and a
 * red button ('Löschen' unless it says what happens, e.g. 'Entfernen') next to 'Abbrechen' (Escape
 * and the close button cancel).
 */
export function confirmDelete({
  title,
  message,
  onConfirm,
  confirmLabel,
  testId = 'confirm-delete',
}: {
  title: string;
  message: ReactNode;
  onConfirm: () => void;
  confirmLabel?: string;
  testId?: string;
}) {
  openConfirmWhenReady({
    title,
    nativeText: typeof message === 'string' ? message : '',
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { confirm: confirmLabel ?? i18n.t('common.actions.delete'), cancel: i18n.t('common.actions.cancel') },
    confirmProps: { color: 'red', 'data-testid': testId } as never,
    onConfirm,
  });
}
