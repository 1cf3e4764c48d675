import { Anchor, Button, Stack, Text } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { DefectReport } from '@pruefbuch/domain/schemas/qr';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '@/components/ui/list-page/list-page';
import type { ListColumn } from '@/components/ui/list-page/list-types';
import { useListState } from '@/components/ui/list-page/use-list-state';
import { PageHeader } from '@/components/ui/page-header';
import { Segments } from '@/components/ui/segments';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { type DefectReportFilter, useDefectReports } from '../api/get-defect-reports';
import { openCloseReport } from '../components/close-report-form';
import { Reporter, ReportStatus, ReportText } from '../components/report-parts';

const FILTERS: readonly DefectReportFilter[] = ['open', 'done', 'all'];
const filterOf = (value: string | null): DefectReportFilter => FILTERS.find((f) => f === value) ?? 'open';

/**
 * defectreport_list (/defectreports): the defects reported on the public QR pages of the current tenant's
 * installations, open ones first; a report is closed ('Erledigt') with a note, and says who closed it and when.
 */
export function DefectReportListPage() {
  const { t } = useTranslation();
  const { currentTenant } = useSession();
  const tenantId = currentTenant ?? '';
  const list = useListState<'createdAt'>({ sortFields: ['createdAt'], defaultSort: '-createdAt' });
  const status = filterOf(list.params.get('status'));
  const reports = useDefectReports(tenantId, { ...list.apiParams, sort: list.sort, status });
  const bookPath = (r: DefectReport) => screenPath('book_list', { tenant: tenantId, slug: r.book });

  if (!tenantId) {
    return (
      <Stack gap="md">
        <PageHeader title={t('defectreports.title')} />
        <Text c="dimmed">{t('defectreports.noTenant')}</Text>
      </Stack>
    );
  }

  const columns: ListColumn<DefectReport, 'createdAt'>[] = [
    {
      key: 'createdAt',
      header: t('defectreports.fields.createdAt'),
      sort: 'createdAt',
      nowrap: true,
      phone: 'line',
      cell: (r) => formatDateTime(r.createdAt),
    },
    {
      key: 'book',
      header: t('defectreports.fields.book'),
      width: 190,
      phone: 'title',
      cell: (r) => (
        <Stack gap={0}>
          <Anchor component={Link} to={bookPath(r)} fw={500} size="sm" onClick={(e) => e.stopPropagation()}>
            {r.bookTitle}
          </Anchor>
          {[r.bookObject, r.bookSite].some(Boolean) ? (
            <Text size="xs" c="dimmed">
              {[r.bookObject, r.bookSite].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'text',
      header: t('defectreports.fields.text'),
      width: '38%',
      cell: (r) => <ReportText report={r} />,
    },
    { key: 'reporter', header: t('defectreports.fields.reporter'), cell: (r) => <Reporter report={r} /> },
    {
      key: 'status',
      header: t('defectreports.fields.status'),
      width: 150,
      cell: (r) => <ReportStatus report={r} />,
    },
  ];

  return (
    <ListPage
      title={t('defectreports.title')}
      description={t('defectreports.intro')}
      searchPlaceholder={t('defectreports.searchPlaceholder')}
      totalLabel={(count) => t(`defectreports.total.${status}`, { count })}
      filters={
        <Segments
          value={status}
          onChange={(value) => list.setFilter('status', value === 'open' ? null : value)}
          data={FILTERS.map((f) => ({ value: f, label: t(`defectreports.filter.${f}`) }))}
          aria-label={t('defectreports.filter.label')}
          data-testid="defect-filter"
        />
      }
      list={list}
      query={reports}
      columns={columns}
      rowKey={(r) => r._id}
      rowActions={{
        extra: (r) =>
          r.status === 'open' ? (
            <Button
              size="compact-sm"
              variant="light"
              color="teal"
              leftSection={<IconCheck size={14} />}
              onClick={() => openCloseReport(tenantId, r)}
              data-testid="defect-close"
            >
              {t('defectreports.close')}
            </Button>
          ) : null,
      }}
      emptyText={t(`defectreports.empty.${status}`)}
      testId="defects"
      minWidth={860}
    />
  );
}
