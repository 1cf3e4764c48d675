import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { i18n } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';

/** A plan change the server refused: a stale version says so (the board is read again), anything else 'Fehler beim Speichern'. */
export function notifyPlanFailed(error: unknown) {
  if (isApiError(error) && error.status === 409) {
    notifyError(i18n.t('capacity.conflict'), i18n.t('capacity.saveFailed'));
    return;
  }
  const reason = errorText(i18n.t, error);
  notifyError(reason, i18n.t('capacity.saveFailed'));
}
