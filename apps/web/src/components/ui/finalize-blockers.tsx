import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** One thing a record still needs before it is finalized: the field it stands at and the text that says so. */
export interface FinalizeBlockerText {
  field: string;
  key: string;
}

/**
 * 'Der Eintrag kann noch nicht abgeschlossen werden' and the list of what is missing (rules/finalize): in the record
 * editor after 'Abschließen' or a refusal, in the offline form while 'Abschließen beim Senden' is ticked.
 */
export function FinalizeBlockers({
  blockers,
  onClose,
  id,
  style,
  testId,
  live = 'alert',
}: {
  blockers: readonly FinalizeBlockerText[];
  onClose?: () => void;
  id?: string;
  style?: CSSProperties;
  testId: string;
  /** 'alert' where it comes up on a click; 'status' where it follows each change (a screen reader says it politely). */
  live?: 'alert' | 'status';
}) {
  const { t } = useTranslation();
  return (
    <Alert
      id={id}
      style={style}
      role={live}
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={t('inspections.finalize.notYet')}
      withCloseButton={!!onClose}
      onClose={onClose}
      data-testid={testId}
    >
      <List size="sm">
        {blockers.map((b) => (
          <List.Item key={`${b.field}:${b.key}`}>{t(b.key)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
