import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { canOpen, mayCall, screenPath } from '@pruefbuch/domain/access';
import type { Inspection, InspectionKind } from '@pruefbuch/domain/schemas/inspection';
import { IconArrowLeft, IconFileTypePdf, IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigationType, useParams, useSearchParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { isRoleRefusal, NoAccessPage } from '@/components/ui/no-access-page';
import { PageLoader } from '@/components/ui/page-loader';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { principalOf, useSession, useSyncCurrentTenant } from '@/lib/session';
import { useDownloadPdf } from '../api/download-pdf';
import { useInspection } from '../api/get-inspection';
import { useRecordBook } from '../api/get-record-book';
import { InspectionEditor } from '../components/inspection-editor';
import { RecordStatusBadge } from '../components/record-status-badge';
import { NEW_SLUG, recordPath } from '../record-paths';

/**
 * A record screen: inspection (/admin/inspection/{slug}?book=&tenant=), selfinspection
 * (/admin/selfinspection/{slug}?book=&tenant=), inspection_wartung and inspection_pruefgutachten
 * (/book/{tenant}/{book}/…/{slug}). The slug is a record id or 'new' (?corrects=<id> for a correction).
 * Without ?tenant the current tenant is used; a record opened under another kind's screen moves to its own.
 */
function RecordScreen({ screenKind }: { screenKind: InspectionKind }) {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const { session, currentTenant } = useSession();
  const principal = session ? principalOf(session) : null;
  const location = useLocation();
  const navigationType = useNavigationType();
  // A record opened from a link starts at its top; a saved new record keeps its place (a replace).
  const visit = location.key;
  useEffect(() => {
    if (visit && navigationType === 'PUSH') window.scrollTo(0, 0);
  }, [visit, navigationType]);
  const slug = params.slug ?? NEW_SLUG;
  const isNew = slug === NEW_SLUG;
  const tenantId = params.tenant ?? search.get('tenant') ?? currentTenant ?? '';
  const correctsId = isNew ? search.get('corrects') : null;

  const record = useInspection(tenantId, isNew ? null : slug);
  const corrects = useInspection(tenantId, correctsId);
  const bookId = record.data?.book ?? corrects.data?.book ?? params.book ?? search.get('book');
  const dto = useRecordBook(tenantId, bookId ?? null);
  useSyncCurrentTenant(dto.data && params.tenant ? tenantId : undefined);

  const kind = record.data?.kind ?? screenKind;
  const canWrite = !!principal && mayCall(kind === 'self' ? 'selfinspections:write' : 'inspections:write', principal);

  const failed = [record, corrects, dto].find((q) => q.isError);
  if (failed) {
    // A role the server refuses is told so; unknown ids and other tenants' records look alike.
    if (isRoleRefusal(failed.error)) return <NoAccessPage />;
    return isApiError(failed.error) && (failed.error.status === 404 || failed.error.status === 403) ? (
      <Alert color="orange" icon={<IconInfoCircle size={18} />} title={t('inspections.page.notFound')}>
        {t('inspections.page.notFoundText')}
      </Alert>
    ) : (
      <LoadError error={failed.error} onRetry={() => void failed.refetch()} />
    );
  }
  const recordLoading = !isNew && record.isPending;
  const correctsLoading = !!correctsId && corrects.isPending;
  if (!bookId && !recordLoading && !correctsLoading) {
    return (
      <Alert color="orange" icon={<IconInfoCircle size={18} />} title={t('inspections.page.noBook')}>
        {t('inspections.page.noBookText')}
      </Alert>
    );
  }
  if (recordLoading || correctsLoading || !dto.data) {
    return <PageLoader />;
  }
  if (record.data && record.data.kind !== screenKind) {
    return <Navigate to={recordPath(record.data.kind, { tenant: tenantId, book: record.data.book, slug })} replace />;
  }

  const book = dto.data.book;
  const bookPath = screenPath('book_list', { tenant: tenantId, slug: book._id });
  const correctsRecord = corrects.data ?? null;
  const correctionRefused = correctsRecord && (!correctsRecord.finalized || !!correctsRecord.correctedBy);
  const mayOpenBook = canOpen('book_list', principal);

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" align="center">
            <Title order={2} data-testid="record-heading">
              {isNew ? t(`inspections.page.new.${kind}`) : t(`inspections.kind.${kind}`)}
            </Title>
            {record.data ? <RecordStatusBadge record={record.data} size="lg" /> : null}
          </Group>
          <Text c="dimmed" size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {[book.title, book.site, book.object].filter(Boolean).join(' · ')}
          </Text>
        </div>
        {mayOpenBook ? (
          <Button component={Link} to={bookPath} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {t('inspections.page.toBook')}
          </Button>
        ) : null}
      </Group>

      {record.data ? <RecordNotes tenantId={tenantId} record={record.data} /> : null}
      {correctsRecord ? (
        <Alert
          color={correctionRefused ? 'red' : 'blue'}
          icon={<IconInfoCircle size={18} />}
          data-testid="correction-note"
        >
          {correctionRefused
            ? t(correctsRecord.correctedBy ? 'errors.ALREADY_CORRECTED' : 'errors.NOT_FINALIZED')
            : t('inspections.page.correcting', { date: formatDate(correctsRecord.when) })}
        </Alert>
      ) : null}
      {isNew && !canWrite ? (
        <Alert color="orange" icon={<IconInfoCircle size={18} />}>
          {t('errors.FORBIDDEN')}
        </Alert>
      ) : (
        <InspectionEditor
          key={record.data?._id ?? `new-${correctsId ?? ''}`}
          kind={kind}
          tenantId={tenantId}
          dto={dto.data}
          record={record.data ?? null}
          corrects={correctionRefused ? null : correctsRecord}
          canWrite={canWrite}
          userName={session?.friendlyUsername ?? ''}
        />
      )}
    </Stack>
  );
}

/** What a saved record says about itself: which record it corrects, which corrects it, an uploaded report. */
function RecordNotes({ tenantId, record }: { tenantId: string; record: Inspection }) {
  const { t } = useTranslation();
  const pdf = useDownloadPdf();
  const link = (id: string, kind: InspectionKind) =>
    recordPath(kind, { tenant: tenantId, book: record.book, slug: id });
  return (
    <>
      {record.corrects ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {t('inspections.page.corrects')}{' '}
          <Anchor component={Link} to={link(record.corrects, record.kind)}>
            {t('inspections.page.openOriginal')}
          </Anchor>
        </Alert>
      ) : null}
      {record.correctedBy ? (
        <Alert color="orange" icon={<IconInfoCircle size={18} />} data-testid="corrected-note">
          {t('inspections.page.correctedBy')}{' '}
          <Anchor component={Link} to={link(record.correctedBy, record.kind)}>
            {t('inspections.page.openCorrection')}
          </Anchor>
        </Alert>
      ) : null}
      {record.report ? (
        <Alert color="gray" icon={<IconFileTypePdf size={18} />} title={t('inspections.page.report')}>
          <Button
            mt={4}
            variant="light"
            size="sm"
            loading={pdf.isPending}
            onClick={() =>
              record.report &&
              pdf.mutate(
                { tenantId, path: record.report.replace(/^\/?(api\/v1\/)?/, ''), fallbackName: 'gutachten.pdf' },
                { onError: (error) => notifyError(errorText(t, error), t('inspections.pdf.failed')) },
              )
            }
            data-testid="record-report"
          >
            {t('inspections.page.downloadReport')}
          </Button>
        </Alert>
      ) : null}
    </>
  );
}

export const InspectionPage = () => <RecordScreen screenKind="inspection" />;
export const SelfInspectionPage = () => <RecordScreen screenKind="self" />;
export const WartungPage = () => <RecordScreen screenKind="wartung" />;
export const GutachtenPage = () => <RecordScreen screenKind="gutachten" />;
