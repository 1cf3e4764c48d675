import { Anchor, Badge, Button, Text } from '@mantine/core';
import { mayCall, screenPath } from '@pruefbuch/domain/access';
import { Customer, isBranchUser } from '@pruefbuch/domain/roles';
import type { CustomerLocation, CustomerLocationSortField } from '@pruefbuch/domain/schemas/customerlocation';
import { IconDownload, IconFileImport, IconFileZip, IconHistory } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListPage } from '@/components/ui/list-page/list-page';
import type { ListColumn } from '@/components/ui/list-page/list-types';
import { useListState } from '@/components/ui/list-page/use-list-state';
import { openExportDialog } from '@/features/exports';
import { errorText } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { localLocationName } from '@/lib/location-name';
import { notifyError } from '@/lib/notify';
import { toPrincipal, useSession } from '@/lib/session';
import { type ExportFormat, useExportLocations } from '../api/export-locations';
import { useAmpelCount } from '../api/get-ampel-count';
import { useCustomerLocations } from '../api/get-customer-locations';
import { AmpelBar } from '../components/ampel-bar';
import { ImportDialog } from '../components/import-dialog';
import { ImportRunsDialog } from '../components/import-runs-dialog';
import { LocationAmpelBadge } from '../components/location-ampel';
import { addressLines, ampelFilterOf, soleLocationId } from '../location-display';

const SORT_FIELDS = ['ampel', 'znl', 'sapNr', 'zip', 'overdue'] as const satisfies readonly CustomerLocationSortField[];
type SortField = (typeof SORT_FIELDS)[number];

/**
 * customerlocation_list: the branches the user may see, worst ampel first, with the count per colour above the
 * list (a click filters by it), search, export and, for the office, new branches and the import. A branch user
 * with a single branch is taken straight to it.
 */
export function LocationListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, currentTenant } = useSession();
  const user = toPrincipal(session);
  const mayWrite = !!user && mayCall('customerlocations:write', user);
  const mayUndoImports = !!user && mayCall('customerlocations:importruns', user);
  // The inspection file of the customer's branches: staff who see branches, and control (decision 058).
  const mayExportFile = !!user && mayCall('exports:branches', user);
  const branchUser = !!user && isBranchUser(user);
  const list = useListState<SortField>({ sortFields: SORT_FIELDS, defaultSort: 'ampel' });
  const ampel = ampelFilterOf(list.params.get('ampel'));
  const locations = useCustomerLocations({ ...list.apiParams, ampel });
  const counts = useAmpelCount(list.query);
  const exportList = useExportLocations();
  const [importOpen, setImportOpen] = useState(false);
  const [runsOpen, setRunsOpen] = useState(false);

  // A branch manager with one branch starts on it (decision 019); replace, so Back does not bounce here again.
  const sole = locations.isPlaceholderData ? null : soleLocationId(locations.data, !!list.query || !!ampel);
  useEffect(() => {
    if (branchUser && sole)
      navigate(screenPath('customer_location', { slug: sole }), { replace: true, state: { sole: true } });
  }, [branchUser, sole, navigate]);

  const download = (format: ExportFormat) =>
    exportList.mutate(
      { format, search: list.query, ampel },
      { onError: (error) => notifyError(errorText(t, error), t('customerlocations.list.exportFailed')) },
    );

  const columns: ListColumn<CustomerLocation, SortField>[] = [
    {
      key: 'branch',
      header: t('customerlocations.edit.general'),
      sort: 'znl',
      phone: 'title',
      cell: (l) => (
        <div>
          {/* The row opens on a click; the link is its way in for the keyboard and for a new tab. */}
          <Anchor
            component={Link}
            to={screenPath('customer_location', { slug: l._id })}
            fw={600}
            size="sm"
            c="inherit"
            display="block"
            data-testid="location-link"
          >
            {l.nr ? `${t('customerlocations.fields.nr')} ${l.nr}` : l.sapNr || localLocationName(t, l)}
          </Anchor>
          {l.znl ? (
            <Text span size="xs" c="dimmed" display="block">
              {t('customerlocations.fields.znl')} {l.znl}
            </Text>
          ) : null}
        </div>
      ),
    },
    {
      key: 'inspection',
      header: t('customerlocations.list.inspection'),
      sort: 'ampel',
      sortLabels: {
        ascending: t('customerlocations.sort.ampelWorst'),
        descending: t('customerlocations.sort.ampelBest'),
      },
      nowrap: true,
      // On a phone's card a labelled line, like the self-inspection's: a bare colour beside the title did not
      // say which inspection it was.
      cell: (l) => <LocationAmpelBadge ampel={l.inspectionAmpel} kind="inspection" testId="location-ampel" />,
    },
    {
      key: 'selfInspection',
      header: t('customerlocations.list.selfInspection'),
      nowrap: true,
      cell: (l) => <LocationAmpelBadge ampel={l.selfInspectionAmpel} kind="selfInspection" />,
    },
    { key: 'sapNr', header: t('customerlocations.fields.sapNr'), sort: 'sapNr', nowrap: true, cell: (l) => l.sapNr },
    {
      key: 'address',
      header: t('customerlocations.list.address'),
      sort: 'zip',
      cell: (l) => {
        const lines = addressLines(l.address);
        if (!lines.street && !lines.city) return null;
        return (
          <div>
            {lines.street ? (
              <Text span size="sm" display="block">
                {lines.street}
              </Text>
            ) : null}
            <Text span size="sm" c="dimmed" display="block">
              {lines.city}
            </Text>
          </div>
        );
      },
    },
    {
      key: 'books',
      header: t('customerlocations.list.books'),
      align: 'right',
      cell: (l) => formatNumber(l.bookCount),
    },
    {
      key: 'overdue',
      header: t('customerlocations.list.overdueHeader'),
      sort: 'overdue',
      sortLabels: {
        ascending: t('customerlocations.sort.overdueMost'),
        descending: t('customerlocations.sort.overdueFewest'),
      },
      align: 'right',
      cell: (l) =>
        l.overdueCount > 0 ? (
          <Badge color="red" variant="light" tt="none">
            {t('customerlocations.list.overdueCount', { count: l.overdueCount })}
          </Badge>
        ) : (
          <Text span size="sm" c="dimmed">
            0
          </Text>
        ),
    },
  ];

  const exportButton = (format: ExportFormat, label: string) => (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      onClick={() => download(format)}
      loading={exportList.isPending && exportList.variables?.format === format}
      aria-label={t('customerlocations.list.exportLabel', { format: label })}
      data-testid={`location-export-${format}`}
    >
      {label}
    </Button>
  );

  return (
    <>
      <ListPage
        title={t('customerlocations.list.title')}
        description={t('customerlocations.list.description')}
        actions={
          <>
            {exportButton('csv', t('customerlocations.list.exportCsv'))}
            {exportButton('xlsx', t('customerlocations.list.exportXlsx'))}
            {mayExportFile && currentTenant ? (
              <Button
                variant="default"
                leftSection={<IconFileZip size={16} />}
                onClick={() =>
                  openExportDialog(
                    currentTenant,
                    `exports/customer/${session?.customer || Customer.RETAIL_CUSTOMER}`,
                    t('exports.actions.customer'),
                  )
                }
                data-testid="location-export-customer"
              >
                {t('exports.actions.customer')}
              </Button>
            ) : null}
            {mayWrite ? (
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} />}
                onClick={() => setImportOpen(true)}
                data-testid="location-import"
              >
                {t('customerlocations.list.import')}
              </Button>
            ) : null}
            {mayUndoImports ? (
              <Button
                variant="default"
                leftSection={<IconHistory size={16} />}
                onClick={() => setRunsOpen(true)}
                data-testid="location-import-runs"
              >
                {t('customerlocations.list.importRuns')}
              </Button>
            ) : null}
          </>
        }
        newItem={
          mayWrite
            ? { to: screenPath('customer_location'), label: t('customerlocations.list.new'), testId: 'location-new' }
            : null
        }
        summary={
          <AmpelBar
            counts={counts.data?.inspection}
            loading={counts.isPending}
            failed={counts.isError}
            value={ampel}
            onChange={(value) => list.setFilter('ampel', value ?? null)}
          />
        }
        searchPlaceholder={t('customerlocations.list.searchPlaceholder')}
        totalLabel={(count) => t('customerlocations.list.total', { count, formatted: formatNumber(count) })}
        list={list}
        query={locations}
        columns={columns}
        rowKey={(l) => l._id}
        rowTo={(l) => screenPath('customer_location', { slug: l._id })}
        emptyText={
          ampel
            ? t('customerlocations.list.noMatchFilter', { ampel: t(`customerlocations.ampel.${ampel}`) })
            : branchUser
              ? t('customerlocations.list.emptyBranch')
              : t('customerlocations.list.empty')
        }
        emptyAction={
          ampel ? (
            <Button variant="subtle" size="xs" onClick={() => list.setFilter('ampel', null)}>
              {t('customerlocations.list.showAll')}
            </Button>
          ) : null
        }
        testId="location"
        minWidth={860}
      />
      {mayWrite ? <ImportDialog opened={importOpen} onClose={() => setImportOpen(false)} /> : null}
      {mayUndoImports ? <ImportRunsDialog opened={runsOpen} onClose={() => setRunsOpen(false)} /> : null}
    </>
  );
}
