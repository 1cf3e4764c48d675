import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18n } from '@/lib/i18n';
import { askNatively, modalsAreMounted } from '@/lib/overlays';

/**
 * The one question before anything is deleted: a title, what will be gone, and a red 'Löschen'
 * next to 'Abbrechen' (Escape and the close button cancel).
 */
export function confirmDelete({
  title,
  message,
  onConfirm,
}: {
  title: string;
  message: ReactNode;
  onConfirm: () => void;
}) {
  if (!modalsAreMounted()) {
    if (askNatively(title, typeof message === 'string' ? message : '')) onConfirm();
    return;
  }
  modals.openConfirmModal({
    title,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { confirm: i18n.t('common.actions.delete'), cancel: i18n.t('common.actions.cancel') },
    confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as never,
    onConfirm,
  });
}
