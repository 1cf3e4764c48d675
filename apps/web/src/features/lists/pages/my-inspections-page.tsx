import { Button, Stack } from '@mantine/core';
import { canOpen, screenPath } from '@pruefbuch/domain/access';
import { IconChartBar, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useUserTenants } from '@/features/tenants';
import { toPrincipal, useSession } from '@/lib/session';
import type { OpenInspectionItem } from '../api/get-open-inspections';
import { OpenInspectionList } from '../components/open-inspection-list';
import { useOpenInspectionList } from '../use-open-inspection-list';

/**
 * list_allmyinspections (/allmyinspections): the books of all the user's tenants that are due within 30 days
 * or overdue, or that have a draft of the user; or a search over them by serial number, ZIP or order number.
 */
export function MyInspectionsPage() {
  const { t } = useTranslation();
  const { session, currentTenant } = useSession();
  const principal = toPrincipal(session);
  const list = useOpenInspectionList(null);
  const tenants = useUserTenants();
  const names = new Map((tenants.data ?? session?.tenants ?? []).map((tenant) => [tenant._id, tenant.name]));
  const tenantName = (row: OpenInspectionItem) => names.get(row.tenant) ?? row.tenantUrl;

  // A search that finds nothing is the list kit's to say.
  const emptyText = list.mode === 'all' ? t('lists.mine.empty') : t('lists.table.enterValue');

  return (
    <Stack gap="md">
      <PageHeader
        title={t('lists.mine.title')}
        description={t('lists.mine.intro')}
        actions={
          currentTenant ? (
            <>
              {canOpen('list_allinspectionsinprogress', principal) ? (
                <Button
                  component={Link}
                  to={screenPath('list_allinspectionsinprogress', { tenant: currentTenant })}
                  variant="default"
                  leftSection={<IconPencil size={16} />}
                >
                  {t('lists.mine.inProgress')}
                </Button>
              ) : null}
              {canOpen('statistik_gutachten', principal) ? (
                <Button
                  component={Link}
                  to={screenPath('statistik_gutachten', { slug: currentTenant })}
                  variant="default"
                  leftSection={<IconChartBar size={16} />}
                >
                  {t('lists.mine.stats')}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <OpenInspectionList
        list={list}
        variant="mine"
        tenantName={tenantName}
        emptyText={emptyText}
        allLabel={t('lists.mode.allDue')}
      />
    </Stack>
  );
}
