import { Anchor, Box, Breadcrumbs, Button, Grid, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { canOpen, mayCall, screenPath } from '@pruefbuch/domain/access';
import { deleteOutcome, RETENTION_YEARS } from '@pruefbuch/domain/rules/retention';
import type { BookDto } from '@pruefbuch/domain/schemas/book';
import {
  IconDots,
  IconFileZip,
  IconFolderShare,
  IconLock,
  IconPencil,
  IconQrcode,
  IconShieldCheck,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AmpelBadge, BookStatusBadge } from '@/components/ui/book-badges';
import { BookTypeIcon } from '@/components/ui/booktype-icon';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { openModalWhenReady } from '@/components/ui/dialogs';
import { LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { BookDefectReportsCard } from '@/features/defectreports';
import { openExportDialog } from '@/features/exports';
import {
  BookDefectsCard,
  BookingCard,
  BookRecordsCard,
  BookVerification,
  PdfAssetsCard,
  ShutDownPanel,
} from '@/features/inspections';
import { BookLegalHold, openLegalHoldDialog, RetiredBookBanner, useBookHold } from '@/features/retention';
import { useTenantBySlug } from '@/features/tenants';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { principalOf, useSession, useSyncCurrentTenant } from '@/lib/session';
import { useDeleteBook } from '../api/delete-book';
import { useBookDto } from '../api/get-book-dto';
import { useBookOrder } from '../api/get-book-order';
import { finalizedCountOptions } from '../api/get-finalized-count';
import { BookDetails } from '../components/book-details';
import { BookNotFound, isNoAccess } from '../components/book-not-found';
import { BookProtocol } from '../components/book-protocol';
import { DocumentsCard } from '../components/documents-card';
import { MoveBookForm } from '../components/move-book-form';
import { SaveAsTemplateForm } from '../components/save-as-template-form';
import { useFolderOptions } from '../components/use-folder-options';

const MOVE_MODAL = 'move-book';
const TEMPLATE_MODAL = 'save-as-template';
const VERIFY_MODAL = 'verify-book';

/**
 * book_list (/book/{tenant}/{slug}): the book with status and ampel, its data, documents and protocol.
 * Staff may edit, move and delete; branch users read.
 */
export function BookPage() {
  const { tenant: tenantId = '', slug: bookId = '' } = useParams();
  const dto = useBookDto(tenantId, bookId);
  useSyncCurrentTenant(dto.data ? tenantId : undefined);
  // The tab names the book, so several open books can be told apart.
  usePageTitle(dto.data?.book.title);
  if (dto.isPending) return <PageLoader />;
  if (dto.isError) {
    return isNoAccess(dto.error) ? (
      <BookNotFound error={dto.error} />
    ) : (
      <LoadError error={dto.error} onRetry={() => void dto.refetch()} />
    );
  }
  return <Book tenantId={tenantId} dto={dto.data} />;
}

function Book({ tenantId, dto }: { tenantId: string; dto: BookDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useSession();
  const principal = session ? principalOf(session) : null;
  const may = (access: Parameters<typeof mayCall>[0]) => !!principal && mayCall(access, principal);
  const book = dto.book;
  // A retired book (admins only see it) is read, restored and held, nothing else (decision 059).
  const retiredAt = book.retiredAt ?? null;
  const canWrite = may('books:write') && !retiredAt;
  const canDelete = may('books:delete') && !retiredAt;
  // The inspection file: staff and the branch's control user (decision 058).
  const canExport = may('exports:book') && !retiredAt;
  // Legal holds: admins set one on the book from the menu and see the one that keeps it.
  const canHold = may('retention:write');
  const hold = useBookHold(tenantId, book, canHold);
  const tenantYears = useTenantBySlug(canDelete ? tenantId : undefined).data?.retentionYears;
  const queryClient = useQueryClient();
  // The check of the sealed records: staff who read the book (decision 057).
  const canVerify = may('records:verify');
  const canOpenTenant = canOpen('tenantStart', principal);
  // The folder tree is staff data: branch users do without the folder names.
  const folders = useFolderOptions(canOpenTenant ? tenantId : '');
  const remove = useDeleteBook();
  const folderParam = book.folder ? `?folder=${book.folder}` : '';
  const startPath = `${screenPath('tenantStart', { slug: tenantId })}${folderParam}`;

  const openMove = () =>
    openModalWhenReady({
      modalId: MOVE_MODAL,
      title: t('books.list.moveToFolder'),
      children: <MoveBookForm tenantId={tenantId} book={book} onDone={() => modals.close(MOVE_MODAL)} />,
    });

  const openSaveAsTemplate = () =>
    openModalWhenReady({
      modalId: TEMPLATE_MODAL,
      title: t('books.templates.saveTitle'),
      children: <SaveAsTemplateForm tenantId={tenantId} book={book} onClose={() => modals.close(TEMPLATE_MODAL)} />,
    });

  const openVerify = () =>
    openModalWhenReady({
      modalId: VERIFY_MODAL,
      title: t('seals.title'),
      size: 'lg',
      children: <BookVerification tenantId={tenantId} bookId={book._id} />,
    });

  // A book with finalized records (or under a hold) is retired, not deleted: the question says which, before.
  const askDelete = async () => {
    const finalizedRecords = await queryClient
      .fetchQuery({ ...finalizedCountOptions(tenantId, book._id), staleTime: 0 })
      .catch(() => 0);
    const retires = deleteOutcome({ finalizedRecords, held: !!hold }) === 'retire';
    const years = tenantYears ?? RETENTION_YEARS.default;
    confirmDelete({
      title: t('books.actions.delete'),
      message: retires
        ? t(hold ? 'retention.deleteRetiresHeld' : 'retention.deleteRetires', { title: book.title, years })
        : t('books.actions.deleteConfirm', { title: book.title }),
      confirmLabel: retires ? t('retention.retire') : undefined,
      onConfirm: () =>
        remove.mutate(
          { tenantId, id: book._id },
          {
            onSuccess: (reply) => {
              notifySuccess(reply?.outcome === 'retired' ? { text: t('retention.retired') } : 'deleted');
              navigate(canOpenTenant ? startPath : '/', { replace: true });
            },
            onError: notifySaveFailed,
          },
        ),
    });
  };

  const order = useBookOrder(tenantId, book._id, may('orders:read')).data;
  const folderLabel = dto.folder ? folders.labelOf(dto.folder._id) || dto.folder.folderName : t('tenants.start.root');

  return (
    <Stack gap="md">
      {canOpenTenant ? (
        <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
          <Anchor component={Link} to={screenPath('tenantStart', { slug: tenantId })} size="sm">
            {folders.data?.tenant.name ?? t('tenants.start.allBooks')}
          </Anchor>
          <Anchor component={Link} to={startPath} size="sm">
            {folderLabel}
          </Anchor>
        </Breadcrumbs>
      ) : null}

      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 280px' }}>
          {dto.bookType ? <BookTypeIcon icon={dto.bookType.icon} color={dto.bookType.color} size={40} /> : null}
          <Box style={{ minWidth: 0 }}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }} data-testid="book-heading">
              {book.title}
            </Title>
            {[book.customer, book.site, dto.bookType?.type].some(Boolean) ? (
              <Text c="dimmed" size="sm">
                {[book.customer, book.site, dto.bookType?.type].filter(Boolean).join(' · ')}
              </Text>
            ) : null}
            {order ? (
              <Text size="sm" data-testid="book-order">
                {t('books.page.fromOrder')}{' '}
                <Anchor component={Link} to={screenPath('orderprocessing', { slug: order.orderId })} size="sm">
                  {order.abnr || order.objekt}
                </Anchor>
              </Text>
            ) : null}
            <Group gap={6} mt={6}>
              <BookStatusBadge status={book.status} size="lg" />
              {book.inspectionAmpel || book.nextInspectionDate ? (
                <AmpelBadge
                  ampel={book.inspectionAmpel}
                  date={book.nextInspectionDate}
                  kind="inspection"
                  size="lg"
                  withLabel
                />
              ) : null}
              {book.inspectionSelfAmpel || book.nextInspectionDateSelf ? (
                <AmpelBadge
                  ampel={book.inspectionSelfAmpel}
                  date={book.nextInspectionDateSelf}
                  kind="self"
                  size="lg"
                  withLabel
                />
              ) : null}
              {book.active ? null : (
                <Text size="sm" c="dimmed">
                  {t('books.page.inactive')}
                </Text>
              )}
            </Group>
          </Box>
        </Group>
        {canWrite || canExport || canVerify || canHold ? (
          <Group gap="xs" wrap="nowrap">
            {canWrite ? (
              <Button
                component={Link}
                to={screenPath('book_edit', { tenant: tenantId, slug: book._id })}
                leftSection={<IconPencil size={16} />}
                data-testid="book-edit"
              >
                {t('common.actions.edit')}
              </Button>
            ) : null}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" px="xs" aria-label={t('books.page.moreActions')} data-testid="book-actions">
                  <IconDots size={18} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {canOpen('qrcode', principal) && !retiredAt ? (
                  <Menu.Item
                    component={Link}
                    to={`${screenPath('qrcode', { slug: book._id })}?tenant=${encodeURIComponent(tenantId)}`}
                    leftSection={<IconQrcode size={16} />}
                    data-testid="book-qrcodes"
                  >
                    {t('qr.page.open')}
                  </Menu.Item>
                ) : null}
                {canExport ? (
                  <Menu.Item
                    leftSection={<IconFileZip size={16} />}
                    onClick={() =>
                      openExportDialog(
                        tenantId,
                        `books/${encodeURIComponent(book._id)}/exportFile`,
                        t('exports.actions.book'),
                      )
                    }
                    data-testid="book-export-file"
                  >
                    {t('exports.actions.book')}
                  </Menu.Item>
                ) : null}
                {canVerify ? (
                  <Menu.Item leftSection={<IconShieldCheck size={16} />} onClick={openVerify} data-testid="book-verify">
                    {t('seals.action')}
                  </Menu.Item>
                ) : null}
                {canWrite ? (
                  <>
                    <Menu.Item leftSection={<IconFolderShare size={16} />} onClick={openMove} data-testid="book-move">
                      {t('books.list.moveToFolder')}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconTemplate size={16} />}
                      onClick={openSaveAsTemplate}
                      data-testid="book-save-template"
                    >
                      {t('books.templates.saveTitle')}
                    </Menu.Item>
                  </>
                ) : null}
                {canHold && hold === null ? (
                  <Menu.Item
                    leftSection={<IconLock size={16} />}
                    onClick={() => openLegalHoldDialog(tenantId, { id: book._id, title: book.title })}
                    data-testid="book-hold-set"
                  >
                    {t('retention.holds.bookAction')}
                  </Menu.Item>
                ) : null}
                {canDelete ? (
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => void askDelete()}
                    data-testid="book-delete"
                  >
                    {t('books.actions.delete')}
                  </Menu.Item>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          </Group>
        ) : null}
      </Group>

      {retiredAt ? <RetiredBookBanner tenantId={tenantId} book={{ ...book, retiredAt }} /> : null}
      {hold ? <BookLegalHold tenantId={tenantId} hold={hold} /> : null}

      {book.shutDown ? <ShutDownPanel tenantId={tenantId} bookId={book._id} /> : null}

      {may('defectreports:read') && !retiredAt ? (
        <BookDefectReportsCard tenantId={tenantId} bookId={book._id} canClose={may('defectreports:manage')} />
      ) : null}

      <BookRecordsCard tenantId={tenantId} dto={dto} />

      {retiredAt ? null : <BookDefectsCard tenantId={tenantId} bookId={book._id} />}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 4 }} order={{ base: 1, lg: 2 }}>
          <Stack gap="md">
            <DocumentsCard tenantId={tenantId} bookId={book._id} canWrite={may('documents:write') && !retiredAt} />
            <PdfAssetsCard tenantId={tenantId} bookId={book._id} readOnly={!!retiredAt} />
            {retiredAt ? null : (
              <BookingCard tenantId={tenantId} bookId={book._id} hasWindow={!!(book.enableFrom || book.enableTo)} />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }} order={{ base: 2, lg: 1 }}>
          <BookDetails dto={dto} folderPath={folderLabel} />
        </Grid.Col>
      </Grid>

      {may('auditlogs:read') ? <BookProtocol tenantId={tenantId} bookId={book._id} /> : null}
    </Stack>
  );
}
