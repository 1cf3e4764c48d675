import { Badge, Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportReply } from '@pruefbuch/domain/schemas/customerlocation';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n';
import { errorField } from '../import-mapping';

type Action = ImportReply['rows'][number]['action'];
const ACTION_COLOR: Record<Action, string> = { create: 'teal', update: 'blue', unchanged: 'gray', error: 'red' };
const ACTIONS: readonly Action[] = ['create', 'update', 'unchanged', 'error'];
/** Rows beyond these are counted, not listed: a preview is for checking, not for reading 5000 rows. */
const SHOWN = 200;

/** What the file would do: the counts per action, then each row with its action and, for errors, the reasons. */
export function ImportPreviewTable({ reply, stale }: { reply: ImportReply; stale: boolean }) {
  const { t } = useTranslation();
  const rows = reply.rows;
  // Rows with errors first, so they are seen without scrolling through the good ones.
  const ordered = [...rows.filter((r) => r.action === 'error'), ...rows.filter((r) => r.action !== 'error')];
  const errorText = (e: { field: string; key: string }) => {
    const field = errorField(e.field);
    const reason = translateMessage(t, e.key);
    return field ? `${t(`customerlocations.import.fields.${field}`)}: ${reason}` : reason;
  };
  const shown = (field: string, value: string) =>
    value === ''
      ? t('customerlocations.import.emptyValue')
      : field === 'ruhend'
        ? t(value === 'true' ? 'customerlocations.import.yes' : 'customerlocations.import.no')
        : value;
  // An update field by field: 'Hausnummer: 85 → 87a', so the user sees what the file will change.
  const rowChanges = (row: ImportReply['rows'][number]) =>
    row.changes.length > 0 ? (
      <Box
        component="ul"
        m={0}
        mt={4}
        pl="md"
        aria-label={t('customerlocations.import.changes')}
        data-testid="import-row-changes"
      >
        {row.changes.map((c) => (
          <Text component="li" key={c.field} size="xs" data-testid="import-change" data-field={c.field}>
            <Text span size="xs" fw={500}>
              {t(`customerlocations.import.fields.${c.field}`)}:
            </Text>{' '}
            <Text span size="xs" c="dimmed" td="line-through">
              {shown(c.field, c.old)}
            </Text>
            {' → '}
            <Text span size="xs">
              {shown(c.field, c.new)}
            </Text>
          </Text>
        ))}
      </Box>
    ) : null;
  const rowErrors = (row: ImportReply['rows'][number], testId = 'import-row-errors') =>
    row.errors.length > 0 ? (
      <Box component="ul" m={0} mt={4} pl="md" data-testid={testId}>
        {row.errors.map((e) => (
          <Text component="li" key={`${e.field}-${e.key}`} size="xs" c="red.8">
            {errorText(e)}
          </Text>
        ))}
      </Box>
    ) : null;
  return (
    <Stack gap="xs" style={{ opacity: stale ? 0.55 : 1 }} data-testid="import-preview">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={4}>{t('customerlocations.import.preview')}</Title>
        <Group gap={6} data-testid="import-counts">
          {ACTIONS.map((action) => (
            <Badge
              key={action}
              color={ACTION_COLOR[action]}
              variant={reply.counts[action] > 0 ? 'light' : 'outline'}
              tt="none"
              data-testid={`import-count-${action}`}
            >
              {t(`customerlocations.import.counts.${action}`, { count: reply.counts[action] })}
            </Badge>
          ))}
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('customerlocations.import.emptyFile')}
        </Text>
      ) : (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }} visibleFrom="sm">
          <Table.ScrollContainer minWidth={640} maxHeight={320}>
            <Table stickyHeader verticalSpacing={6} fz="sm" highlightOnHover={false}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={64}>{t('customerlocations.import.line')}</Table.Th>
                  <Table.Th miw={240}>{t('customerlocations.import.action')}</Table.Th>
                  <Table.Th>{t('customerlocations.fields.znl')}</Table.Th>
                  <Table.Th>{t('customerlocations.fields.nr')}</Table.Th>
                  <Table.Th>{t('customerlocations.fields.sapNr')}</Table.Th>
                  <Table.Th>{t('customerlocations.fields.zip')}</Table.Th>
                  <Table.Th>{t('customerlocations.fields.city')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ordered.slice(0, SHOWN).map((row) => (
                  <Table.Tr
                    key={row.line}
                    data-testid="import-row"
                    data-action={row.action}
                    style={{ verticalAlign: 'top' }}
                  >
                    <Table.Td c="dimmed">{row.line}</Table.Td>
                    <Table.Td>
                      <Badge color={ACTION_COLOR[row.action]} variant="light" tt="none">
                        {t(`customerlocations.import.actions.${row.action}`)}
                      </Badge>
                      {rowErrors(row)}
                      {rowChanges(row)}
                    </Table.Td>
                    <Table.Td>{row.znl}</Table.Td>
                    <Table.Td>{row.nr}</Table.Td>
                    <Table.Td>{row.sapNr}</Table.Td>
                    <Table.Td>{row.zip}</Table.Td>
                    <Table.Td>{row.location}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {rows.length > 0 ? (
        // On a phone one compact block a row instead of a table to scroll sideways.
        <Stack gap={6} hiddenFrom="sm" mah={360} style={{ overflowY: 'auto' }} data-testid="import-preview-cards">
          {ordered.slice(0, SHOWN).map((row) => (
            <Paper key={row.line} withBorder radius="sm" p="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {[row.znl, row.nr, row.sapNr].filter(Boolean).join(' · ') || '–'}
                </Text>
                <Badge color={ACTION_COLOR[row.action]} variant="light" tt="none" style={{ flexShrink: 0 }}>
                  {t(`customerlocations.import.actions.${row.action}`)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {t('customerlocations.import.line')} {row.line}
                {row.zip || row.location ? ` · ${[row.zip, row.location].filter(Boolean).join(' ')}` : ''}
              </Text>
              {rowErrors(row, 'import-card-errors')}
              {rowChanges(row)}
            </Paper>
          ))}
        </Stack>
      ) : null}
      {rows.length > SHOWN ? (
        <Text size="xs" c="dimmed">
          {t('customerlocations.import.moreRows', { count: rows.length - SHOWN })}
        </Text>
      ) : null}
    </Stack>
  );
}
