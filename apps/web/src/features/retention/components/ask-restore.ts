import { openConfirmWhenReady } from '@/components/ui/dialogs';
import { i18n } from '@/lib/i18n';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';

/** Asks before a retired book comes back ('Wiederherstellen'), restores it and says so. */
export function askRestore(title: string, run: () => Promise<unknown>, onRestored?: () => void) {
  const text = i18n.t('retention.restoreConfirm', { title });
  openConfirmWhenReady({
    title: i18n.t('retention.restore'),
    children: text,
    labels: { confirm: i18n.t('retention.restore'), cancel: i18n.t('common.actions.cancel') },
    confirmProps: { 'data-testid': 'confirm-restore' } as never,
    onConfirm: () =>
      void run().then(() => {
        notifySuccess({ text: i18n.t('retention.restored') });
        onRestored?.();
      }, notifySaveFailed),
  });
}
