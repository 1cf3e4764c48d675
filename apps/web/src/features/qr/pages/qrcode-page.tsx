import { Alert, Anchor, Button, Collapse, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { Book } from '@pruefbuch/domain/schemas/book';
import { LABELS_PER_SHEET, type QrCode } from '@pruefbuch/domain/schemas/qr';
import { IconArrowLeft, IconInfoCircle, IconLink, IconLock, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { LoadError } from '@/components/ui/load-error';
import { NumberField } from '@/components/ui/number-field';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { isApiError } from '@/lib/api-client';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useSession, useSyncCurrentTenant } from '@/lib/session';
import { useDeleteQrCode } from '../api/delete-qrcode';
import { useDownloadLabels } from '../api/download-labels';
import { useGenerateQrCode } from '../api/generate-qrcode';
import { useBookQrCodes } from '../api/get-book-qrcodes';
import { useQrBook } from '../api/get-qr-book';
import { AssignCodeForm } from '../components/assign-code-form';
import { FolderLabelsButton } from '../components/folder-labels-button';
import { QrCodeCard } from '../components/qr-code-card';

/**
 * qrcode (/qrcode/{slug}, slug = book id; ?tenant= names the book's tenant, else the current one): the book's
 * QR codes, new or pre-printed codes, and the label PDF of the book or of its whole folder.
 */
export function QrcodePage() {
  const { t } = useTranslation();
  const { slug: bookId = '' } = useParams();
  const [params] = useSearchParams();
  const { currentTenant } = useSession();
  const book = useQrBook(bookId, params.get('tenant') ?? currentTenant ?? undefined);
  useSyncCurrentTenant(book.data?.tenant);

  if (book.isPending) return <PageLoader />;
  if (book.isError) {
    return isApiError(book.error) && [400, 403, 404].includes(book.error.status) ? (
      <Alert color="red" icon={<IconLock size={18} />} title={t('qr.page.notFoundTitle')} data-testid="no-access">
        {t('qr.page.notFound')}
      </Alert>
    ) : (
      <LoadError error={book.error} onRetry={() => void book.refetch()} />
    );
  }
  return <BookQrCodes book={book.data} />;
}

function BookQrCodes({ book }: { book: Book }) {
  const { t } = useTranslation();
  const tenantId = book.tenant;
  const codes = useBookQrCodes(book._id, tenantId);
  const generate = useGenerateQrCode();
  const remove = useDeleteQrCode();
  const labels = useDownloadLabels();
  const [assigning, setAssigning] = useState(false);
  // A sheet of which some labels are used: the label goes to the first free position (row by row).
  const [start, setStart] = useState<number>(1);
  const bookPath = screenPath('book_list', { tenant: tenantId, slug: book._id });

  const create = () =>
    generate.mutate(
      { tenantId, bookId: book._id },
      {
        onSuccess: (code) => notifySuccess({ text: t('qr.page.generated', { code: code.code }) }),
        onError: notifySaveFailed,
      },
    );
  const printLabel = () => labels.mutate({ tenantId, books: [book._id], start }, { onError: notifySaveFailed });
  const askDelete = (code: QrCode) =>
    confirmDelete({
      title: t('qr.code.deleteTitle'),
      message: t('qr.code.deleteConfirm', { code: code.code }),
      onConfirm: () =>
        remove.mutate(
          { tenantId, bookId: book._id, id: code._id },
          { onSuccess: () => notifySuccess('deleted'), onError: notifySaveFailed },
        ),
    });

  return (
    <Stack gap="md">
      <Anchor component={Link} to={bookPath} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} />
          {t('qr.page.backToBook')}
        </Group>
      </Anchor>
      <PageHeader
        title={t('qr.page.title')}
        description={[book.title, book.object, book.site].filter(Boolean).join(' · ')}
        actions={
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NumberField
              label={
                <Group gap={4} wrap="nowrap" component="span">
                  {t('qr.page.start')}
                  <Tooltip label={t('qr.page.startHint', { count: LABELS_PER_SHEET })} multiline w={260}>
                    <IconInfoCircle size={14} aria-hidden style={{ color: 'var(--mantine-color-dimmed)' }} />
                  </Tooltip>
                </Group>
              }
              aria-description={t('qr.page.startHint', { count: LABELS_PER_SHEET })}
              value={start}
              onChange={(value) => setStart(typeof value === 'number' ? value : 1)}
              min={1}
              max={LABELS_PER_SHEET}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              w={170}
              data-testid="qr-label-start"
            />
            <Button
              leftSection={<IconPrinter size={16} />}
              onClick={printLabel}
              loading={labels.isPending}
              data-testid="qr-print-label"
            >
              {t('qr.page.printLabel')}
            </Button>
          </Group>
        }
      />

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('qr.page.intro')}
          </Text>
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={create}
              loading={generate.isPending && !assigning}
              data-testid="qr-generate"
            >
              {t('qr.page.generate')}
            </Button>
            <Button
              variant={assigning ? 'filled' : 'light'}
              leftSection={<IconLink size={16} />}
              onClick={() => setAssigning((open) => !open)}
              aria-expanded={assigning}
              data-testid="qr-assign"
            >
              {t('qr.page.assign')}
            </Button>
          </Group>
          <Collapse expanded={assigning}>
            {assigning ? (
              <Paper bg="var(--mantine-color-default-hover)" radius="md" p="sm">
                <AssignCodeForm tenantId={tenantId} bookId={book._id} onDone={() => setAssigning(false)} />
              </Paper>
            ) : null}
          </Collapse>
        </Stack>
      </Paper>

      <Title order={3} size="h4">
        {t('qr.page.codes', { count: codes.data?.length ?? 0 })}
      </Title>
      {codes.isError ? <LoadError error={codes.error} onRetry={() => void codes.refetch()} /> : null}
      {codes.isPending ? <PageLoader /> : null}
      {codes.data && codes.data.length === 0 ? (
        <Text c="dimmed" data-testid="qr-empty">
          {t('qr.page.noCodes')}
        </Text>
      ) : null}
      {codes.data && codes.data.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" data-testid="qr-list">
          {codes.data.map((code, index) => (
            <QrCodeCard key={code._id} code={code} newest={index === 0} onDelete={() => askDelete(code)} />
          ))}
        </SimpleGrid>
      ) : null}

      <FolderLabelsButton book={book} start={start} />
    </Stack>
  );
}
