import { Anchor, Box, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyTableRow } from '@/components/ui/list-parts';
import { formatDate } from '@/lib/format';
import type { OpenInspectionItem } from '../api/get-open-inspections';
import { draftPath } from '../draft-path';
import { DueBadge } from './due-badge';

const place = (row: OpenInspectionItem) => [row.zip, row.location].filter(Boolean).join(' ');

/**
 * Books whose inspection is due or in progress: a table on wide screens, cards on phones. A row opens the
 * book; a draft in progress links to its screen. The server orders by due date, the most urgent first. `variant` 'progress' shows the draft's kind, date and author.
 */
export function OpenInspectionTable({
  rows,
  variant,
  tenantName,
  dimmed,
  emptyText,
}: {
  rows: readonly OpenInspectionItem[];
  variant: 'mine' | 'progress';
  tenantName: (row: OpenInspectionItem) => string;
  dimmed?: boolean;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bookPath = (row: OpenInspectionItem) => screenPath('book_list', { tenant: row.tenant, slug: row._id });
  const draftLink = (row: OpenInspectionItem) =>
    row.draft ? draftPath(row.draft.kind, { tenant: row.tenant, book: row._id, draft: row.draft._id }) : null;

  const draftCell = (row: OpenInspectionItem) => {
    const link = draftLink(row);
    if (!row.draft || !link) {
      return (
        <Text size="sm" c="dimmed">
          {t('lists.table.noDraft')}
        </Text>
      );
    }
    return (
      <Stack gap={0}>
        <Anchor
          component={Link}
          to={link}
          size="sm"
          fw={500}
          onClick={(event) => event.stopPropagation()}
          data-testid="draft-link"
        >
          <Group gap={4} wrap="nowrap">
            <IconPencil size={14} />
            {variant === 'progress'
              ? t(`lists.kinds.${row.draft.kind}`)
              : t('lists.table.draftOf', { kind: t(`lists.kinds.${row.draft.kind}`) })}
          </Group>
        </Anchor>
        {variant === 'progress' ? (
          <Text size="xs" c="dimmed">
            {[formatDate(row.draft.when), row.draft.who].filter(Boolean).join(' · ')}
          </Text>
        ) : null}
      </Stack>
    );
  };

  const subtitle = (row: OpenInspectionItem) =>
    [
      row.object !== row.title ? row.object : '',
      row.manufacturerNo ? `${t('lists.table.sn')} ${row.manufacturerNo}` : '',
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <Box style={{ opacity: dimmed ? 0.6 : 1 }}>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} visibleFrom="sm">
        <Table.ScrollContainer minWidth={860}>
          <Table data-testid="open-inspections-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th aria-sort="ascending">{t('lists.table.next')}</Table.Th>
                <Table.Th>{t('lists.table.book')}</Table.Th>
                <Table.Th>{t('lists.table.site')}</Table.Th>
                <Table.Th>{t('lists.table.place')}</Table.Th>
                {variant === 'mine' ? <Table.Th>{t('lists.table.tenant')}</Table.Th> : null}
                <Table.Th>{variant === 'mine' ? t('lists.table.draft') : t('lists.table.draftProgress')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? <EmptyTableRow colSpan={variant === 'mine' ? 6 : 5} text={emptyText} /> : null}
              {rows.map((row) => (
                <Table.Tr
                  key={row._id}
                  onClick={() => navigate(bookPath(row))}
                  style={{ cursor: 'pointer' }}
                  data-testid="open-inspection-row"
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <DueBadge ampel={row.inspectionAmpel} date={row.nextInspectionDate} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={bookPath(row)} fw={500} onClick={(event) => event.stopPropagation()}>
                      {row.title || row.object}
                    </Anchor>
                    {subtitle(row) ? (
                      <Text size="xs" c="dimmed">
                        {subtitle(row)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{row.site}</Table.Td>
                  <Table.Td>{place(row)}</Table.Td>
                  {variant === 'mine' ? <Table.Td>{tenantName(row)}</Table.Td> : null}
                  <Table.Td>{draftCell(row)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Stack gap="xs" hiddenFrom="sm" data-testid="open-inspection-cards">
        {rows.length === 0 ? (
          <Paper withBorder radius="md" p="lg">
            <Text c="dimmed" ta="center">
              {emptyText}
            </Text>
          </Paper>
        ) : null}
        {rows.map((row) => (
          <Paper key={row._id} withBorder radius="md" p="sm" data-testid="open-inspection-card">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Anchor
                component={Link}
                to={bookPath(row)}
                fw={600}
                c="inherit"
                style={{ overflowWrap: 'anywhere', minWidth: 0 }}
              >
                {row.title || row.object}
              </Anchor>
              <Box style={{ flex: 'none' }}>
                <DueBadge ampel={row.inspectionAmpel} date={row.nextInspectionDate} />
              </Box>
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[row.site, place(row), variant === 'mine' ? tenantName(row) : ''].filter(Boolean).join(' · ')}
            </Text>
            {row.draft ? <Box mt={6}>{draftCell(row)}</Box> : null}
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
