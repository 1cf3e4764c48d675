import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DraftState } from '../outbox-types';

export const DRAFT_STATE_COLOR: Record<DraftState, string> = {
  editing: 'gray',
  waiting: 'yellow',
  conflict: 'red',
  refused: 'red',
  saved: 'blue',
  finalized: 'teal',
};

/** Where a record recorded offline stands: on the device, waiting, sent, finalized, or needing the technician. */
export function DraftStateBadge({ state }: { state: DraftState }) {
  const { t } = useTranslation();
  return (
    <Badge color={DRAFT_STATE_COLOR[state]} variant="light" tt="none" data-testid="draft-state" data-state={state}>
      {t(`offline.state.${state}`)}
    </Badge>
  );
}
