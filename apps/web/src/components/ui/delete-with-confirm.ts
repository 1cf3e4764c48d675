import type { ReactNode } from 'react';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { confirmDelete } from './confirm-delete';

export interface DeleteRequest {
  title: string;
  message: ReactNode;
  /** The delete itself (a mutation's mutateAsync). */
  run: () => Promise<unknown>;
  /** After the 'Gelöscht!' toast: leave the deleted record's screen, for example. */
  onDeleted?: () => void;
  /** Why the record cannot be deleted: the button stays, greyed, and says it (the server would answer 409). */
  blocked?: string | null;
}

/** Asks (confirmDelete), deletes, and tells how it went: 'Gelöscht!' for 3 s, or 'Fehler beim Speichern!' for 8 s. */
export function deleteWithConfirm({ title, message, run, onDeleted }: DeleteRequest) {
  confirmDelete({
    title,
    message,
    onConfirm: () =>
      void run().then(() => {
        notifySuccess('deleted');
        onDeleted?.();
      }, notifySaveFailed),
  });
}
