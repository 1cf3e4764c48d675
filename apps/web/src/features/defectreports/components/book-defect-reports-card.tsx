import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { IconCheck, IconMessageReport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { useOpenBookDefectReports } from '../api/get-book-defect-reports';
import { openCloseReport } from './close-report-form';
import { Reporter } from './report-parts';

/**
 * The open defect reports of a book, at the top of its page: what people reported on its QR page. Those who
 * handle reports see the reporter and close a report here; branch users read what was reported. Nothing
 * open: nothing shown.
 */
export function BookDefectReportsCard({
  tenantId,
  bookId,
  canClose,
}: {
  tenantId: string;
  bookId: string;
  canClose: boolean;
}) {
  const { t } = useTranslation();
  const reports = useOpenBookDefectReports(tenantId, bookId);
  const open = reports.data ?? [];
  if (open.length === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="orange.0" data-testid="book-defect-reports">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color="orange" variant="light" size="lg" radius="md">
              <IconMessageReport size={20} />
            </ThemeIcon>
            <Title order={3} size="h4">
              {t('defectreports.book.title', { count: open.length })}
            </Title>
          </Group>
          {canClose ? (
            <Anchor component={Link} to={screenPath('defectreport_list')} size="sm">
              {t('defectreports.book.all')}
            </Anchor>
          ) : null}
        </Group>
        {open.map((r) => (
          <Paper key={r._id} withBorder radius="md" p="sm" data-testid="book-defect-report">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {t('defectreports.book.reportedAt', { date: formatDateTime(r.createdAt) })}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {r.text}
                </Text>
                <Reporter report={r} />
              </Stack>
              {canClose ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="teal"
                  leftSection={<IconCheck size={14} />}
                  onClick={() => openCloseReport(tenantId, r)}
                  data-testid="book-defect-close"
                >
                  {t('defectreports.close')}
                </Button>
              ) : null}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
