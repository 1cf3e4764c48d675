import { Badge, Text } from '@mantine/core';
import { mayCall, screenPath } from '@pruefbuch/domain/access';
import type { Tenant } from '@pruefbuch/domain/schemas/tenant';
import { IconFolderOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ui/list-page/list-page';
import type { ListColumn } from '@/components/ui/list-page/list-types';
import { RowAction } from '@/components/ui/list-page/row-actions';
import { useListState } from '@/components/ui/list-page/use-list-state';
import { formatNumber } from '@/lib/format';
import { principalOf, useSession } from '@/lib/session';
import { useTenantBookCounts } from '../api/get-tenant-book-counts';
import { useTenants } from '../api/get-tenants';

type TenantSortField = 'name' | 'url';

const placeOf = (tenant: Tenant) => [tenant.address?.zip, tenant.address?.location].filter(Boolean).join(' ');
const startPath = (tenant: Tenant) => screenPath('tenantStart', { slug: tenant.url || tenant._id });

/** tenant_list: the tenants the user may see, with search, paging and book counts; a row opens tenantStart. */
export function TenantListPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const principal = session ? principalOf(session) : null;
  const mayCreate = principal ? mayCall('tenants:manage', principal) : false;
  const mayEdit = principal ? mayCall('tenants:edit', principal) : false;
  const list = useListState<TenantSortField>({ sortFields: ['name', 'url'] });
  const tenants = useTenants(list.apiParams);
  const counts = useTenantBookCounts();

  const columns: ListColumn<Tenant, TenantSortField>[] = [
    { key: 'name', header: t('tenants.fields.name'), sort: 'name', cell: (tenant) => tenant.name },
    {
      key: 'url',
      header: t('tenants.fields.url'),
      sort: 'url',
      cell: (tenant) => (
        <Text span size="sm" ff="monospace" c="dimmed">
          {tenant.url}
        </Text>
      ),
    },
    { key: 'place', header: t('tenants.list.place'), cell: placeOf },
    {
      key: 'books',
      header: t('tenants.list.books'),
      align: 'right',
      phone: 'aside',
      cell: (tenant) => {
        const books = counts.data?.get(tenant._id);
        return books === undefined ? null : (
          <Badge variant="light" color={books > 0 ? 'blue' : 'gray'} title={t('tenants.list.books')}>
            {formatNumber(books)}
          </Badge>
        );
      },
    },
  ];

  return (
    <ListPage
      title={t('tenants.list.title')}
      newItem={mayCreate ? { to: screenPath('tenant', { slug: 'new' }), testId: 'tenant-new' } : null}
      searchPlaceholder={t('tenants.list.searchPlaceholder')}
      list={list}
      query={tenants}
      columns={columns}
      rowKey={(tenant) => tenant._id}
      rowTo={startPath}
      rowActions={{
        extra: (tenant) => (
          <RowAction label={t('tenants.list.open')} icon={<IconFolderOpen size={18} />} to={startPath(tenant)} />
        ),
        edit: (tenant) => screenPath('tenant', { slug: tenant._id }),
        editLabel: mayEdit ? t('common.actions.edit') : t('tenants.list.details'),
        editTestId: 'tenant-edit',
      }}
      emptyText={t('tenants.list.empty')}
      testId="tenant"
    />
  );
}
