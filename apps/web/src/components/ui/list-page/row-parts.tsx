import { Text } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';

/** A cell with nothing to say: a dash in the table, left out on a card. */
export const isBlank = (node: ReactNode) => node === null || node === undefined || node === false || node === '';

export function BlankCell() {
  return (
    <Text span c="dimmed" size="sm" aria-hidden>
      –
    </Text>
  );
}

/** A click on a link, button or field inside a row is that element's, not the row's. */
export const isInnerControl = (event: MouseEvent) =>
  event.target instanceof Element && !!event.target.closest('a, button, input, select, textarea, [role="menuitem"]');

/** Opens a row's screen on a click; with Ctrl or Cmd in a new tab, as a link would. */
export function useRowOpener(to: string | undefined) {
  const navigate = useNavigate();
  const href = useHref(to ?? '.');
  return (event: MouseEvent) => {
    if (!to || isInnerControl(event)) return;
    if (event.ctrlKey || event.metaKey) window.open(href, '_blank', 'noopener');
    else navigate(to);
  };
}

/** A cell of two lines: the value, and a smaller dimmed note under it when there is one. */
export function TwoLineCell({ main, note, testId }: { main: ReactNode; note?: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text span size="sm" display="block">
        {main}
      </Text>
      {isBlank(note) ? null : (
        <Text span size="xs" c="dimmed" display="block">
          {note}
        </Text>
      )}
    </div>
  );
}
