import { modals } from '@mantine/modals';
import { askNatively, whenModalsMounted } from '@/lib/overlays';

type ConfirmProps = Parameters<typeof modals.openConfirmModal>[0] & {
  title: string;
  /**
   * What the browser's own dialog says when the app's dialog host is not there; left out, the dialog's
   * children when they are plain text.
   */
  nativeText?: string;
};

/**
 * Every question of the app goes through here: the dialog host loads after the first render, so a
 * click in the first moment waits for it, and when it does not come (slow or failed chunk) the
 * browser's confirm asks instead of nothing happening.
 */
export function openConfirmWhenReady({ nativeText: given, ...modal }: ConfirmProps): void {
  const nativeText = given ?? (typeof modal.children === 'string' ? modal.children : '');
  void whenModalsMounted().then((mounted) => {
    if (mounted) {
      modals.openConfirmModal(modal);
      return;
    }
    if (askNatively(modal.title, nativeText)) modal.onConfirm?.();
    else modal.onCancel?.();
  });
}

/** A dialog with its own content (a form): opened once the host is mounted. */
export function openModalWhenReady(props: Parameters<typeof modals.open>[0]): void {
  void whenModalsMounted().then(() => modals.open(props));
}
