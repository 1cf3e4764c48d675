import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
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
 * browser's own question. Navigations that replace the entry (what the screens do after a
 * successful save) pass: the input is saved then.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      dirty &&
      historyAction !== 'REPLACE' &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const open = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || open.current) return;
    open.current = true;
    let decided = false;
    const decide = (leave: boolean) => {
      if (decided) return;
      decided = true;
      open.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    };
    confirmDiscard(t, { onConfirm: () => decide(true), onCancel: () => decide(false), onClose: () => decide(false) });
  }, [blocker, t]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
