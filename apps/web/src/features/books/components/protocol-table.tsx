import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ProtocolEntry } from '@pruefbuch/domain/schemas/audit';
import type { FolderNode } from '@pruefbuch/domain/schemas/folder';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { useCountries } from '@/lib/countries';
import { formatDate, parseProtocolDate } from '@/lib/format';
import { useServiceIntervals } from '@/lib/service-intervals';
import { useActiveBookTypes } from '../api/get-active-booktypes';
import { useBookProtocol } from '../api/get-book-protocol';
import { useFolderTree } from '../api/get-folder-tree';
import { flattenFolders } from './folder-path';
import { type ProtocolLookups, protocolValue } from './protocol-value';

const PAGE = 25;
const ACTION_COLOR = { create: 'teal', update: 'blue', delete: 'red' } as const;

const when = (entry: ProtocolEntry) => {
  const day = parseProtocolDate(entry.date);
  const time = dayjs(entry.createdAt);
  return `${day ? formatDate(day) : entry.date}${time.isValid() ? ` ${time.format('HH:mm')}` : ''}`;
};

/** The protocol table of SPEC §2 on the book page: field, old value, new value, date and editor, newest first. */
export function ProtocolTable({ tenantId, bookId }: { tenantId: string; bookId: string }) {
  const { t } = useTranslation();
  const protocol = useBookProtocol(tenantId, bookId);
  const countries = useCountries();
  const intervals = useServiceIntervals();
  const types = useActiveBookTypes();
  const tree = useFolderTree(tenantId);
  const [shown, setShown] = useState(PAGE);

  const lookups: ProtocolLookups = {
    t,
    countries: countries.data ?? [],
    intervalLabel: intervals.labelOf,
    bookTypes: new Map((types.data ?? []).map((type) => [type._id, type.type])),
    folders: new Map(
      flattenFolders(tree.data?.folders ?? []).map(({ node }: { node: FolderNode }) => [node._id, node.folderName]),
    ),
  };
  const rows = protocol.data ?? [];

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="protocol">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('books.protocol.title')}
        </Title>
        {protocol.isPending ? <PageLoader /> : null}
        {protocol.isError ? <LoadError error={protocol.error} onRetry={() => void protocol.refetch()} /> : null}
        {protocol.data && rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('books.protocol.empty')}
          </Text>
        ) : null}
        {rows.length > 0 ? (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('books.protocol.field')}</Table.Th>
                  <Table.Th>{t('books.protocol.oldValue')}</Table.Th>
                  <Table.Th>{t('books.protocol.newValue')}</Table.Th>
                  <Table.Th>{t('books.protocol.date')}</Table.Th>
                  <Table.Th>{t('books.protocol.editor')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(0, shown).map((entry) => (
                  <Table.Tr key={entry._id} data-testid="protocol-row">
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Badge size="xs" variant="light" color={ACTION_COLOR[entry.action]} tt="none">
                          {t(`books.protocol.actions.${entry.action}`)}
                        </Badge>
                        <Text size="sm">{t(`books.fields.${entry.field}`, { defaultValue: entry.field })}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {protocolValue(entry.field, entry.oldValue, lookups)}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {protocolValue(entry.field, entry.newValue, lookups)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(entry)}</Table.Td>
                    <Table.Td>{entry.userKuerzel || '–'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {rows.length > shown ? (
          <Group justify="center">
            <Button variant="subtle" size="xs" onClick={() => setShown((n) => n + PAGE)}>
              {t('books.protocol.more', { count: rows.length - shown })}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
