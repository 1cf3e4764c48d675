import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { linkChange, type ProtocolFieldView, protocolField } from '@pruefbuch/domain/protocol';
import type { ProtocolEntry } from '@pruefbuch/domain/schemas/audit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { formatDateTime } from '@/lib/format';
import { editorOf, type ProtocolLookups, protocolLabel, protocolValue, tellsSomething } from './protocol-value';

const PAGE = 25;
const ACTION_COLOR = { create: 'teal', update: 'blue', delete: 'red' } as const;
const WRAP = { overflowWrap: 'break-word', whiteSpace: 'pre-line' } as const;

/** The part of a TanStack Query result of a protocol call the table reads; a `useQuery` result fits as it is. */
export interface ProtocolQuery {
  data: ProtocolEntry[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ProtocolTableProps {
  /** Which entity's protocol: picks the field labels and formats of the domain registry. */
  entity: string;
  /** The protocol call: its entries, loading, error and retry (or give those one by one). */
  query?: ProtocolQuery;
  entries?: ProtocolEntry[] | undefined;
  /** All entries, when `entries` are the pages loaded so far. */
  total?: number;
  /** Loads the next page from the server, when there is one. */
  onLoadMore?: () => void;
  loadingMore?: boolean;
  /** Countries, interval labels and names of references; none by default (ids then read as '–'). */
  lookups?: Omit<ProtocolLookups, 't'>;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
}

/**
 * The protocol table of SPEC §2 for any entity: field, old value, new value, date and editor, newest first.
 * Values wrap instead of being cut off; on phones each entry is a block instead of a table row.
 */
const NO_LOOKUPS: Omit<ProtocolLookups, 't'> = { countries: [], intervalLabel: String, refs: {} };

export function ProtocolTable({ query, ...props }: ProtocolTableProps) {
  return query ? (
    <ProtocolEntries
      {...props}
      entries={query.data}
      loading={query.isPending}
      error={query.isError ? query.error : null}
      onRetry={() => void query.refetch()}
    />
  ) : (
    <ProtocolEntries {...props} />
  );
}

function ProtocolEntries({
  entity,
  entries,
  total,
  onLoadMore,
  loadingMore,
  lookups = NO_LOOKUPS,
  loading,
  error,
  onRetry,
}: Omit<ProtocolTableProps, 'query'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(PAGE);
  const l: ProtocolLookups = { ...lookups, t };
  const loaded = entries ?? [];
  const rows = loaded.filter(tellsSomething);
  // What the server counts, less the empty creation rows among those loaded (they are not shown).
  const all = Math.max((total ?? 0) - (loaded.length - rows.length), rows.length);
  const showMore = () => {
    // The next rows are on screen from what is loaded; the page after them is fetched when they run short.
    if (onLoadMore && shown + PAGE > rows.length) onLoadMore();
    setShown((n) => n + PAGE);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="protocol">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('protocol.title')}
        </Title>
        {loading ? <PageLoader /> : null}
        {error ? <LoadError error={error} onRetry={onRetry} /> : null}
        {entries && rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('protocol.empty')}
          </Text>
        ) : null}
        {rows.length > 0 ? (
          <Stack gap={0} hiddenFrom="sm">
            {rows.slice(0, shown).map((entry) => {
              const view = protocolField(entity, entry.field);
              return (
                <Stack
                  key={entry._id}
                  data-testid="protocol-entry"
                  gap={2}
                  py="xs"
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                >
                  <FieldLabel view={view} entry={entry} inline />
                  <Text size="sm" c="dimmed" style={WRAP}>
                    {t('protocol.oldValue')}: {protocolValue(view, entry.oldValue, l)}
                  </Text>
                  <Text size="sm" style={WRAP}>
                    {t('protocol.newValue')}: {protocolValue(view, entry.newValue, l)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(entry.createdAt) || entry.date} · {editorOf(entry)}
                  </Text>
                </Stack>
              );
            })}
          </Stack>
        ) : null}
        {rows.length > 0 ? (
          <Table.ScrollContainer minWidth={560} visibleFrom="sm">
            <Table verticalSpacing="xs" fz="sm" style={{ tableLayout: 'fixed' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="22%">{t('protocol.field')}</Table.Th>
                  <Table.Th w="24%">{t('protocol.oldValue')}</Table.Th>
                  <Table.Th w="24%">{t('protocol.newValue')}</Table.Th>
                  <Table.Th w={96}>{t('protocol.date')}</Table.Th>
                  <Table.Th w="16%">{t('protocol.editor')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(0, shown).map((entry) => {
                  const view = protocolField(entity, entry.field);
                  return (
                    <Table.Tr key={entry._id} data-testid="protocol-row" style={{ verticalAlign: 'top' }}>
                      <Table.Td style={WRAP}>
                        <FieldLabel view={view} entry={entry} />
                      </Table.Td>
                      <Table.Td c="dimmed" style={WRAP}>
                        {protocolValue(view, entry.oldValue, l)}
                      </Table.Td>
                      <Table.Td style={WRAP}>{protocolValue(view, entry.newValue, l)}</Table.Td>
                      <Table.Td>{formatDateTime(entry.createdAt) || entry.date}</Table.Td>
                      <Table.Td style={WRAP}>{editorOf(entry)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {all > shown ? (
          <Group justify="center">
            <Button variant="subtle" size="xs" onClick={showMore} loading={loadingMore} data-testid="protocol-more">
              {t('protocol.more', { count: all - Math.min(shown, rows.length) })}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * A changed field's readable name and what happened to it (created, changed, deleted): stacked in a table
 * cell, side by side (`inline`) on a phone's entry. A link's row says what happened in one phrase
 * ('Anlage zugeordnet', 'Anlage entfernt') instead of the field and 'Geändert'.
 */
function FieldLabel({ view, entry, inline }: { view: ProtocolFieldView; entry: ProtocolEntry; inline?: boolean }) {
  const { t } = useTranslation();
  const link = linkChange(view, entry);
  if (link && view.link) {
    return (
      <Text size="sm" fw={500} style={WRAP} data-testid="protocol-link">
        {t(view.link[link])}
      </Text>
    );
  }
  const parts = (
    <>
      <Text size="sm" fw={500} style={WRAP}>
        {protocolLabel(view, t)}
      </Text>
      <Text size="xs" c={ACTION_COLOR[entry.action]}>
        {t(`protocol.actions.${entry.action}`)}
      </Text>
    </>
  );
  return inline ? (
    <Group justify="space-between" gap="xs" align="baseline" wrap="nowrap">
      {parts}
    </Group>
  ) : (
    parts
  );
}
