import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { mayCall, screenPath } from '@pruefbuch/domain/access';
import { DEFAULT_PAGE_SIZE } from '@pruefbuch/domain/constants';
import { IconFolderOpen, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyTableRow, ListPagination, ListSearchBar, RowAction, RowActionsCell } from '@/components/ui/list-parts';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { SortHeader } from '@/components/ui/sort-header';
import { formatNumber } from '@/lib/format';
import { principalOf, useSession } from '@/lib/session';
import { useListParams } from '@/lib/use-list-params';
import { useTenantBookCounts } from '../api/get-tenant-book-counts';
import { type TenantSort, useTenants } from '../api/get-tenants';

const SORTS: readonly TenantSort[] = ['name', '-name', 'url', '-url'];

/** tenant_list: the tenants the user may see, with search, paging and book counts; a row opens tenantStart. */
export function TenantListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useSession();
  const principal = session ? principalOf(session) : null;
  const mayCreate = principal ? mayCall('tenants:manage', principal) : false;
  const mayEdit = principal ? mayCall('tenants:edit', principal) : false;
  const list = useListParams(SORTS, 'name');
  const tenants = useTenants({ page: list.page, size: DEFAULT_PAGE_SIZE, search: list.query, sort: list.sort });
  const counts = useTenantBookCounts();

  const sortHeader = (column: string, label: string) => <SortHeader label={label} {...list.sortHeader(column)} />;

  const data = tenants.data;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('tenants.list.title')}
        actions={
          mayCreate ? (
            <Button
              component={Link}
              to={screenPath('tenant', { slug: 'new' })}
              leftSection={<IconPlus size={16} />}
              data-testid="tenant-new"
            >
              {t('common.actions.new')}
            </Button>
          ) : null
        }
      />
      <ListSearchBar
        value={list.search}
        onChange={list.setSearch}
        placeholder={t('tenants.list.searchPlaceholder')}
        total={data?.total}
        testId="tenant-search"
      />

      {tenants.isError ? <LoadError error={tenants.error} onRetry={() => void tenants.refetch()} /> : null}
      {tenants.isPending ? <PageLoader /> : null}
      {data ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }} visibleFrom="sm">
          <Table.ScrollContainer minWidth={640}>
            <Table data-testid="tenant-table" style={{ opacity: tenants.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  {sortHeader('name', t('tenants.fields.name'))}
                  {sortHeader('url', t('tenants.fields.url'))}
                  <Table.Th>{t('tenants.list.place')}</Table.Th>
                  <Table.Th ta="right">{t('tenants.list.books')}</Table.Th>
                  <Table.Th w={96} ta="right">
                    {t('common.table.actions')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.docs.length === 0 ? <EmptyTableRow colSpan={5} /> : null}
                {data.docs.map((tenant) => {
                  const startPath = screenPath('tenantStart', { slug: tenant.url || tenant._id });
                  const place = [tenant.address?.zip, tenant.address?.location].filter(Boolean).join(' ');
                  const books = counts.data?.get(tenant._id);
                  return (
                    <Table.Tr
                      key={tenant._id}
                      onClick={() => navigate(startPath)}
                      style={{ cursor: 'pointer' }}
                      data-testid="tenant-row"
                    >
                      <Table.Td fw={500}>{tenant.name}</Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace" c="dimmed">
                          {tenant.url}
                        </Text>
                      </Table.Td>
                      <Table.Td>{place}</Table.Td>
                      <Table.Td ta="right">
                        {books === undefined ? null : (
                          <Badge variant="light" color={books > 0 ? 'blue' : 'gray'}>
                            {formatNumber(books)}
                          </Badge>
                        )}
                      </Table.Td>
                      <RowActionsCell>
                        <RowAction label={t('tenants.list.open')} icon={<IconFolderOpen size={18} />} to={startPath} />
                        <RowAction
                          label={mayEdit ? t('common.actions.edit') : t('tenants.list.details')}
                          icon={<IconPencil size={18} />}
                          to={screenPath('tenant', { slug: tenant._id })}
                          testId="tenant-edit"
                        />
                      </RowActionsCell>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}
      {data ? (
        <Stack gap="xs" hiddenFrom="sm" style={{ opacity: tenants.isPlaceholderData ? 0.6 : 1 }}>
          {data.docs.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              {t('common.table.empty')}
            </Text>
          ) : null}
          {data.docs.map((tenant) => {
            const books = counts.data?.get(tenant._id);
            return (
              <Paper key={tenant._id} withBorder radius="md" p="sm" data-testid="tenant-card">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <UnstyledButton
                    component={Link}
                    to={screenPath('tenantStart', { slug: tenant.url || tenant._id })}
                    style={{ minWidth: 0, flex: 1 }}
                  >
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {tenant.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {[tenant.address?.zip, tenant.address?.location].filter(Boolean).join(' ') || tenant.url}
                    </Text>
                  </UnstyledButton>
                  {books === undefined ? null : (
                    <Badge variant="light" color={books > 0 ? 'blue' : 'gray'} title={t('tenants.list.books')}>
                      {formatNumber(books)}
                    </Badge>
                  )}
                  <ActionIcon
                    component={Link}
                    to={screenPath('tenant', { slug: tenant._id })}
                    variant="subtle"
                    aria-label={mayEdit ? t('common.actions.edit') : t('tenants.list.details')}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      ) : null}
      <ListPagination pages={data?.pages} page={list.page} onChange={list.setPage} />
    </Stack>
  );
}
