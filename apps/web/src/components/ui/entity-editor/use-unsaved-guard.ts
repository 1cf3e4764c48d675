import { Action, type Location, type Transition } from 'history';
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
    let disposed = false;
    let asking = false;
    let unblock = () => {};
    let stopWaiting = () => {};
    // Where the browser is (encoded) against where the navigation goes (as given): compared encoded.
    const samePlace = (next: Location) => {
      const here = appHistory.location;
      const there = appHistory.encodeLocation(next);
      return here.pathname === there.pathname && here.search === there.search;
    };
    // Lets a navigation through, and holds the next one again once it has arrived: a back step arrives
    // later than it is let through, and the screen may stay (only its query changed) with input unsaved.
    const letThrough = (tx: Transition) => {
      unblock();
      stopWaiting = appHistory.listen(() => {
        stopWaiting();
        block();
      });
      tx.retry();
    };
    const block = () => {
      if (disposed) return;
      unblock = appHistory.block((tx) => {
        if (tx.action === Action.Replace || samePlace(tx.location)) {
          letThrough(tx);
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
            letThrough(tx);
          },
          onCancel: stay,
          onClose: stay,
        });
      });
    };
    block();
    return () => {
      disposed = true;
      stopWaiting();
      unblock();
    };
  }, [dirty, t]);
}
