import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { mayCall, screenPath } from '@pruefbuch/domain/access';
import { DEFAULT_PAGE_SIZE } from '@pruefbuch/domain/constants';
import { IconFolderOpen, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { SortHeader } from '@/components/ui/sort-header';
import { formatNumber } from '@/lib/format';
import { principalOf, useSession } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { useTenantBookCounts } from '../api/get-tenant-book-counts';
import { type TenantSort, useTenants } from '../api/get-tenants';

const SORTS: readonly TenantSort[] = ['name', '-name', 'url', '-url'];
const isSort = (value: string | null): value is TenantSort => SORTS.includes(value as TenantSort);
type Column = 'name' | 'url';

/** tenant_list: the tenants the user may see, with search, paging and book counts; a row opens tenantStart. */
export function TenantListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useSession();
  const principal = session ? principalOf(session) : null;
  const mayCreate = principal ? mayCall('tenants:manage', principal) : false;
  const mayEdit = principal ? mayCall('tenants:edit', principal) : false;
  const [params, update] = useUrlParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sortParam = params.get('sort');
  const sort: TenantSort = isSort(sortParam) ? sortParam : 'name';
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);

  // A new search starts on page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the search term triggers this
  useEffect(() => {
    if ((params.get('search') ?? '') !== debouncedSearch) update({ search: debouncedSearch || null, page: null });
  }, [debouncedSearch]);

  const tenants = useTenants({ page, size: DEFAULT_PAGE_SIZE, search: debouncedSearch || undefined, sort });
  const counts = useTenantBookCounts();

  const sortHeader = (column: Column, label: string) => (
    <SortHeader
      label={label}
      active={sort.replace('-', '') === column}
      descending={sort.startsWith('-')}
      onSort={() => update({ sort: sort === column ? `-${column}` : column, page: null })}
    />
  );

  const data = tenants.data;
  const totalPages = Math.max(1, Math.ceil(data?.pages ?? 1));

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
      <Group justify="space-between" gap="sm">
        <TextInput
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          placeholder={t('tenants.list.searchPlaceholder')}
          aria-label={t('common.table.search')}
          w={{ base: '100%', sm: 360 }}
          data-testid="tenant-search"
        />
        {data ? (
          <Text size="sm" c="dimmed">
            {t('common.table.total', { count: data.total })}
          </Text>
        ) : null}
      </Group>

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
                {data.docs.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center" py="md">
                        {t('common.table.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
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
                      <Table.Td onClick={(event) => event.stopPropagation()}>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Tooltip label={t('tenants.list.open')}>
                            <ActionIcon
                              component={Link}
                              to={startPath}
                              variant="subtle"
                              aria-label={t('tenants.list.open')}
                            >
                              <IconFolderOpen size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={mayEdit ? t('common.actions.edit') : t('tenants.list.details')}>
                            <ActionIcon
                              component={Link}
                              to={screenPath('tenant', { slug: tenant._id })}
                              variant="subtle"
                              aria-label={mayEdit ? t('common.actions.edit') : t('tenants.list.details')}
                              data-testid="tenant-edit"
                            >
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
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
      {totalPages > 1 ? (
        <Group justify="center">
          <Pagination
            total={totalPages}
            value={Math.min(page, totalPages)}
            onChange={(next) => update({ page: next === 1 ? null : String(next) })}
            size="sm"
            siblings={1}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
