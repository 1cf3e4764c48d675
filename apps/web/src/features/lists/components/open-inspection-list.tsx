import { Anchor, Group, Stack, Text } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '@/components/ui/list-page/list-table';
import type { ListColumn } from '@/components/ui/list-page/list-types';
import { formatDate } from '@/lib/format';
import type { OpenInspectionItem } from '../api/get-open-inspections';
import { draftPath } from '../draft-path';
import type { useOpenInspectionList } from '../use-open-inspection-list';
import { DueBadge } from './due-badge';
import { SearchModeBar } from './search-mode-bar';

const place = (row: OpenInspectionItem) => [row.zip, row.location].filter(Boolean).join(' ');
const bookPath = (row: OpenInspectionItem) => screenPath('book_list', { tenant: row.tenant, slug: row._id });

/**
 * The body of both open-inspection lists: the search mode and term, then the books whose inspection is due or
 * in progress (a table on wide screens, cards on phones) and the pager. A row opens the book; a draft in
 * progress links to its screen. The server orders by due date, the most urgent first. `variant` 'progress'
 * shows the draft's kind, date and author.
 */
export function OpenInspectionList({
  list,
  variant,
  tenantName,
  emptyText,
  allLabel,
}: {
  list: ReturnType<typeof useOpenInspectionList>;
  variant: 'mine' | 'progress';
  tenantName: (row: OpenInspectionItem) => string;
  emptyText: string;
  allLabel: string;
}) {
  const { t } = useTranslation();

  const subtitle = (row: OpenInspectionItem) =>
    [
      row.object !== row.title ? row.object : '',
      row.manufacturerNo ? `${t('lists.table.sn')} ${row.manufacturerNo}` : '',
    ]
      .filter(Boolean)
      .join(' · ');

  const columns: ListColumn<OpenInspectionItem, never>[] = [
    {
      key: 'next',
      header: t('lists.table.next'),
      presorted: 'ascending',
      nowrap: true,
      phone: 'aside',
      cell: (row) => <DueBadge ampel={row.inspectionAmpel} date={row.nextInspectionDate} />,
    },
    {
      key: 'book',
      header: t('lists.table.book'),
      phone: 'title',
      cell: (row) => (
        <>
          <Anchor component={Link} to={bookPath(row)} c="inherit" inherit>
            {row.title || row.object}
          </Anchor>
          {subtitle(row) ? (
            <Text size="xs" c="dimmed" fw={400}>
              {subtitle(row)}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'site', header: t('lists.table.site'), cell: (row) => row.site },
    { key: 'place', header: t('lists.table.place'), cell: place },
    ...(variant === 'mine'
      ? [{ key: 'tenant', header: t('lists.table.tenant'), cell: tenantName } satisfies ListColumn<OpenInspectionItem>]
      : []),
    {
      key: 'draft',
      header: variant === 'mine' ? t('lists.table.draft') : t('lists.table.draftProgress'),
      cell: (row) => (row.draft ? <DraftCell row={row} variant={variant} /> : null),
    },
  ];

  return (
    <>
      <SearchModeBar
        mode={list.mode}
        onMode={list.setMode}
        value={list.searchText}
        onValue={list.setSearchText}
        total={list.rows.data?.total}
        allLabel={allLabel}
      />
      <ListTable
        list={list}
        query={list.rows}
        columns={columns}
        rowKey={(row) => row._id}
        rowTo={bookPath}
        emptyText={emptyText}
        testId="open-inspection"
        minWidth={860}
      />
    </>
  );
}

function DraftCell({ row, variant }: { row: OpenInspectionItem; variant: 'mine' | 'progress' }) {
  const { t } = useTranslation();
  const draft = row.draft;
  if (!draft) return null;
  const kind = t(`lists.kinds.${draft.kind}`);
  return (
    <Stack gap={0}>
      <Anchor
        component={Link}
        to={draftPath(draft.kind, { tenant: row.tenant, book: row._id, draft: draft._id })}
        size="sm"
        fw={500}
        data-testid="draft-link"
      >
        <Group gap={4} wrap="nowrap">
          <IconPencil size={14} />
          {variant === 'progress' ? kind : t('lists.table.draftOf', { kind })}
        </Group>
      </Anchor>
      {variant === 'progress' ? (
        <Text size="xs" c="dimmed">
          {[formatDate(draft.when), draft.who].filter(Boolean).join(' · ')}
        </Text>
      ) : null}
    </Stack>
  );
}
