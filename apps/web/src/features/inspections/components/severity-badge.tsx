import { Badge, type BadgeProps } from '@mantine/core';
import type { DefectSeverity } from '@pruefbuch/domain/schemas/inspection';
import { useTranslation } from 'react-i18next';

export const SEVERITY_COLOR: Record<DefectSeverity, string> = { safe: 'yellow', repair: 'orange', shutdown: 'red' };

/** The number of open defects with the worst severity among them ('2 Mängel · Stilllegen'). */
export function DefectSummaryBadge({
  count,
  worst,
  ...props
}: { count: number; worst: DefectSeverity | null } & BadgeProps) {
  const { t } = useTranslation();
  if (count === 0) {
    return (
      <Badge variant="light" color="teal" tt="none" {...props}>
        {t('inspections.defects.none')}
      </Badge>
    );
  }
  return (
    <Badge
      variant="light"
      color={worst ? SEVERITY_COLOR[worst] : 'gray'}
      tt="none"
      // On a phone the severity may need a second line rather than being cut off.
      styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal', lineHeight: 1.4 } }}
      {...props}
    >
      {t('inspections.defects.count', { count })}
      {worst ? ` · ${t(`inspections.severity.${worst}`)}` : ''}
    </Badge>
  );
}
