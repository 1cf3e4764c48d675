import type { LegalHold } from '@pruefbuch/domain/schemas/retention';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { i18n } from '@/lib/i18n';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';

/** The hold's name in a question: the book's title or the customer. */
export const holdName = (hold: LegalHold) => (hold.book ? (hold.bookTitle ?? '') : (hold.customer ?? ''));

/** Asks before a legal hold is lifted ('Aufheben'), lifts it and says so. */
export function askLift(hold: LegalHold, run: () => Promise<unknown>) {
  confirmDelete({
    title: i18n.t('retention.holds.lift'),
    message: i18n.t('retention.holds.liftConfirm', { name: holdName(hold) }),
    confirmLabel: i18n.t('retention.holds.lift'),
    testId: 'confirm-lift',
    onConfirm: () => void run().then(() => notifySuccess({ text: i18n.t('retention.holds.lifted') }), notifySaveFailed),
  });
}
