import { Action } from 'history';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { appHistory } from '@/lib/history';
import { openConfirmWhenReady } from '../dialogs';

/** The question before unsaved input is lost: 'leave and discard' or 'stay'. */
export function confirmDiscard(
  t: TFunction,
  on: { onConfirm: () => void; onCancel?: () => void; onClose?: () => void },
) {
  openConfirmWhenReady({
    title: t('ui.unsaved.title'),
    children: t('ui.unsaved.text'),
    labels: { confirm: t('ui.unsaved.leave'), cancel: t('ui.unsaved.stay') },
    confirmProps: { color: 'red', 'data-testid': 'unsaved-leave' } as never,
    cancelProps: { 'data-testid': 'unsaved-stay' } as never,
    ...on,
  });
}

/**
 * Asks before unsaved input is lost: on a click that leaves the screen (nav links, the logo,
 * back and forward) through a confirm dialog, and on reload or closing the tab through the
 * browser's own question (history.block adds it while a block is held). Navigations that replace
 * the entry (what the screens do after a successful save) and those that stay on the same path and
 * query pass: the input is saved then, or still on the screen.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const { t } = useTranslation();

  useEffect(() => {
    if (!dirty) return;
    let asking = false;
    let unblock = () => {};
    const block = () => {
      unblock = appHistory.block((tx) => {
        const here = appHistory.location;
        const passes =
          tx.action === Action.Replace ||
          (here.pathname === tx.location.pathname && here.search === tx.location.search);
        if (passes) {
          // Let it through, and hold the next one again once it has arrived (a back step arrives later).
          unblock();
          const arrived = appHistory.listen(() => {
            arrived();
            block();
          });
          tx.retry();
          return;
        }
        if (asking) return;
        asking = true;
        const stay = () => {
          asking = false;
        };
        confirmDiscard(t, {
          onConfirm: () => {
            asking = false;
            unblock();
            tx.retry();
          },
          onCancel: stay,
          onClose: stay,
        });
      });
    };
    block();
    return () => unblock();
  }, [dirty, t]);
}
