import { Badge, type BadgeProps } from '@mantine/core';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import { useTranslation } from 'react-i18next';
import { type RecordStatus, recordStatus } from '../inspection-form';

const STATUS_COLOR: Record<RecordStatus, string> = { draft: 'yellow', final: 'teal', corrected: 'gray' };

/** Entwurf / abgeschlossen / korrigiert. */
export function RecordStatusBadge({
  record,
  ...props
}: { record: Pick<Inspection, 'finalized' | 'correctedBy'> } & BadgeProps) {
  const { t } = useTranslation();
  const status = recordStatus(record);
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} tt="none" data-testid="record-status" {...props}>
      {t(`inspections.status.${status}`)}
    </Badge>
  );
}
