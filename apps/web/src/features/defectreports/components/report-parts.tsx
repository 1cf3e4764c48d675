import { Badge, Stack, Text } from '@mantine/core';
import type { DefectReport } from '@pruefbuch/domain/schemas/qr';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

/** Who reported it: name and contact (only staff who handle reports get them), or that nobody left a name. */
export function Reporter({ report }: { report: DefectReport }) {
  const { t } = useTranslation();
  if (report.name === undefined && report.contact === undefined) return null;
  if (!report.name && !report.contact) {
    return (
      <Text size="sm" c="dimmed">
        {t('defectreports.anonymous')}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {report.name ? <Text size="sm">{report.name}</Text> : null}
      {report.contact ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {report.contact}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The report's text and, once closed, the note of what was done. */
export function ReportText({ report }: { report: DefectReport }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={8}>
        {report.text}
      </Text>
      {report.status === 'done' && report.note ? (
        <Text size="sm" c="teal.9" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {t('defectreports.noteLine', { note: report.note })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Open, or done with who closed it and when. */
export function ReportStatus({ report }: { report: DefectReport }) {
  const { t } = useTranslation();
  if (report.status === 'open') {
    return (
      <Badge color="orange" variant="light" tt="none">
        {t('defectreports.status.open')}
      </Badge>
    );
  }
  return (
    <Stack gap={2}>
      <Badge color="teal" variant="light" tt="none">
        {t('defectreports.status.done')}
      </Badge>
      <Text size="xs" c="dimmed">
        {report.closedBy ?? '–'}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(report.closedAt)}
      </Text>
    </Stack>
  );
}
