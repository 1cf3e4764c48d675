import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { LegalHold, RetiredBook } from '@pruefbuch/domain/schemas/retention';
import type { Tenant } from '@pruefbuch/domain/schemas/tenant';
import { IconAlertTriangle, IconLock, IconLockOpen, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ListEmpty } from '@/components/ui/list-page/list-empty';
import { ListPage } from '@/components/ui/list-page/list-page';
import type { ListColumn, ListQuery } from '@/components/ui/list-page/list-types';
import { RowAction } from '@/components/ui/list-page/row-actions';
import { useListState } from '@/components/ui/list-page/use-list-state';
import { LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { useTenantBySlug } from '@/features/tenants';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { useSyncCurrentTenant } from '@/lib/session';
import { useDeleteLegalHold } from '../api/delete-legal-hold';
import { useLegalHolds } from '../api/get-legal-holds';
import { usePurges } from '../api/get-purges';
import { useRetiredBooks } from '../api/get-retired-books';
import { useRestoreBook } from '../api/restore-book';
import { askLift } from '../components/ask-lift';
import { askRestore } from '../components/ask-restore';
import { openLegalHoldDialog } from '../components/open-legal-hold-dialog';
import { pageOf, searchRetired } from '../retired-list';

/**
 * retired_books (/admin/retired/{tenant}, tenant = id or url; admins): the tenant's retired books with their
 * retention and 'Wiederherstellen', the legal holds (set on a customer here, on a book from its page; lifted
 * here) and the books the daily run purged (decision 059).
 */
export function RetiredPage() {
  const { t } = useTranslation();
  const { tenant: slug } = useParams();
  const tenant = useTenantBySlug(slug);
  useSyncCurrentTenant(tenant.data?._id);
  if (tenant.isPending) return <PageLoader />;
  if (tenant.isError) {
    return isApiError(tenant.error) && [400, 403, 404].includes(tenant.error.status) ? (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('errors.NOT_FOUND')} data-testid="no-access">
        {t('lists.tenantNotFound')}
      </Alert>
    ) : (
      <LoadError error={tenant.error} onRetry={() => void tenant.refetch()} />
    );
  }
  return (
    <Stack gap="xl">
      <RetiredBooks key={tenant.data._id} tenant={tenant.data} />
      <Holds tenantId={tenant.data._id} />
      <Purges tenantId={tenant.data._id} />
    </Stack>
  );
}

function RetiredBooks({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation();
  const list = useListState();
  const books = useRetiredBooks(tenant._id);
  const restore = useRestoreBook();
  const found = searchRetired(books.data?.docs ?? [], list.search);
  const query: ListQuery<RetiredBook> = {
    data: books.data ? pageOf(found, list.page, list.size) : undefined,
    isPending: books.isPending,
    isError: books.isError,
    error: books.error,
    isPlaceholderData: false,
    refetch: books.refetch,
  };
  const bookPath = (b: RetiredBook) => screenPath('book_list', { tenant: tenant._id, slug: b._id });

  const columns: ListColumn<RetiredBook, never>[] = [
    {
      key: 'title',
      header: t('retention.columns.title'),
      phone: 'title',
      cell: (b) => (
        <div>
          <Text size="sm" fw={500}>
            {b.title}
          </Text>
          {[b.site, b.glasbocknr].some(Boolean) ? (
            <Text size="xs" c="dimmed">
              {[b.site, b.glasbocknr].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </div>
      ),
    },
    { key: 'customer', header: t('retention.columns.customer'), cell: (b) => b.customer },
    {
      key: 'retiredAt',
      header: t('retention.columns.retiredAt'),
      presorted: 'descending',
      nowrap: true,
      cell: (b) => formatDate(b.retiredAt),
    },
    { key: 'keptUntil', header: t('retention.columns.keptUntil'), nowrap: true, cell: (b) => formatDate(b.keptUntil) },
    {
      key: 'records',
      header: t('retention.columns.records'),
      align: 'right',
      cell: (b) => formatNumber(b.finalizedRecords),
    },
    {
      key: 'hold',
      header: t('retention.columns.hold'),
      cell: (b) =>
        b.hold ? (
          <Badge color="violet" variant="light" leftSection={<IconLock size={12} />} data-testid="retired-hold">
            {t(`retention.holdOf.${b.hold}`)}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            {t('retention.none')}
          </Text>
        ),
    },
  ];

  return (
    <ListPage
      title={t('retention.title')}
      description={
        <>
          <Text span fw={500}>
            {tenant.name}
          </Text>
          {' · '}
          {t('retention.intro', { years: books.data?.retentionYears ?? tenant.retentionYears })}
        </>
      }
      searchPlaceholder={t('retention.searchPlaceholder')}
      list={list}
      query={query}
      columns={columns}
      rowKey={(b) => b._id}
      rowTo={bookPath}
      rowActions={{
        extra: (b) => (
          <RowAction
            label={t('retention.restore')}
            icon={<IconRestore size={18} />}
            onClick={() => askRestore(b.title, () => restore.mutateAsync({ tenantId: tenant._id, id: b._id }))}
            testId="retired-restore"
          />
        ),
      }}
      emptyText={t('retention.empty')}
      testId="retired"
      minWidth={760}
    />
  );
}

function Holds({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const holds = useLegalHolds(tenantId);
  const lift = useDeleteLegalHold();
  const target = (h: LegalHold) =>
    h.book ? (
      <Text size="sm">
        {t('retention.holds.book')}:{' '}
        <Link to={screenPath('book_list', { tenant: tenantId, slug: h.book })}>{h.bookTitle}</Link>
      </Text>
    ) : (
      <Text size="sm">
        {t('retention.holds.customer')}: {h.customer}
      </Text>
    );
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div style={{ flex: '1 1 320px' }}>
            <Title order={3}>{t('retention.holds.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('retention.holds.intro')}
            </Text>
          </div>
          <Button
            leftSection={<IconLock size={16} />}
            onClick={() => openLegalHoldDialog(tenantId)}
            data-testid="hold-new"
          >
            {t('retention.holds.add')}
          </Button>
        </Group>
        {holds.isError ? <LoadError error={holds.error} onRetry={() => void holds.refetch()} /> : null}
        {holds.data?.length === 0 ? (
          <ListEmpty search="" onClearSearch={() => undefined} text={t('retention.holds.empty')} testId="holds-empty" />
        ) : null}
        {holds.data?.length ? (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" data-testid="holds-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('retention.holds.target')}</Table.Th>
                  <Table.Th>{t('retention.holds.reason')}</Table.Th>
                  <Table.Th>{t('retention.holds.since')}</Table.Th>
                  <Table.Th>{t('retention.holds.by')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {holds.data.map((h) => (
                  <Table.Tr key={h._id} data-testid="holds-row">
                    <Table.Td>{target(h)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {h.reason}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(h.createdAt)}</Table.Td>
                    <Table.Td>{h.createdBy}</Table.Td>
                    <Table.Td align="right">
                      <RowAction
                        label={t('retention.holds.lift')}
                        icon={<IconLockOpen size={18} />}
                        color="red"
                        onClick={() => askLift(h, () => lift.mutateAsync({ tenantId, id: h._id }))}
                        testId="hold-lift"
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Purges({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const purges = usePurges(tenantId);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <div>
          <Title order={3}>{t('retention.purges.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('retention.purges.intro')}
          </Text>
        </div>
        {purges.isError ? <LoadError error={purges.error} onRetry={() => void purges.refetch()} /> : null}
        {purges.data?.length === 0 ? (
          <ListEmpty
            search=""
            onClearSearch={() => undefined}
            text={t('retention.purges.empty')}
            testId="purges-empty"
          />
        ) : null}
        {purges.data?.length ? (
          <Table verticalSpacing="xs" data-testid="purges-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('retention.purges.at')}</Table.Th>
                <Table.Th>{t('retention.purges.book')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {purges.data.map((p) => (
                <Table.Tr key={`${p.book}-${p.purgedAt}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.purgedAt)}</Table.Td>
                  <Table.Td>{p.summary}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}
