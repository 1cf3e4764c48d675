import { Stack } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { Tenant } from '@pruefbuch/domain/schemas/tenant';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { useSyncCurrentTenant } from '@/lib/session';
import { useListTenant } from '../api/get-list-tenant';
import { ListTenantError } from '../components/list-tenant-error';
import { OpenInspectionList } from '../components/open-inspection-list';
import { TenantSwitch } from '../components/tenant-switch';
import { useOpenInspectionList } from '../use-open-inspection-list';

/**
 * list_allinspectionsinprogress (/allinspectionsinprogress/{tenant}, tenant = id or url): the tenant's books
 * with a draft record in progress, the draft's kind, date and author, and a link to it.
 */
export function InspectionsInProgressPage() {
  const { tenant: slug } = useParams();
  const tenant = useListTenant(slug);
  useSyncCurrentTenant(tenant.data?._id);
  if (tenant.isPending) return <PageLoader />;
  if (tenant.isError) return <ListTenantError error={tenant.error} onRetry={() => void tenant.refetch()} />;
  return <InProgress key={tenant.data._id} tenant={tenant.data} />;
}

function InProgress({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useOpenInspectionList(tenant._id);
  // A search that finds nothing is the list kit's to say.
  const emptyText = list.mode === 'all' ? t('lists.progress.empty') : t('lists.table.enterValue');

  return (
    <Stack gap="md">
      <PageHeader
        title={t('lists.progress.title')}
        description={tenant.name}
        actions={
          <TenantSwitch
            value={tenant._id}
            onChange={(id) => navigate(screenPath('list_allinspectionsinprogress', { tenant: id }))}
          />
        }
      />
      <OpenInspectionList
        list={list}
        variant="progress"
        tenantName={() => tenant.name}
        emptyText={emptyText}
        allLabel={t('lists.mode.allProgress')}
      />
    </Stack>
  );
}
