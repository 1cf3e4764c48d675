import { modals } from '@mantine/modals';
import { openModalWhenReady } from '@/components/ui/dialogs';
import { i18n } from '@/lib/i18n';
import { LegalHoldForm } from './legal-hold-form';

const HOLD_MODAL = 'legal-hold';

/** Opens the dialog that sets a legal hold: on the given book, or on a customer's name. */
export function openLegalHoldDialog(tenantId: string, book?: { id: string; title: string }) {
  openModalWhenReady({
    modalId: HOLD_MODAL,
    title: book ? i18n.t('retention.holds.bookAction') : i18n.t('retention.holds.add'),
    size: 'lg',
    children: <LegalHoldForm tenantId={tenantId} book={book} onClose={() => modals.close(HOLD_MODAL)} />,
  });
}
