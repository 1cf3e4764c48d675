import { Button, Stack } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { Book, BookDto } from '@pruefbuch/domain/schemas/book';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConflictDialog } from '@/components/ui/conflict-dialog';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { useSyncCurrentTenant } from '@/lib/session';
import { useStaleSave } from '@/lib/use-stale-save';
import { getBookQueryOptions } from '../api/get-book';
import { useBookDto } from '../api/get-book-dto';
import { moveBook } from '../api/move-book';
import { useUpdateBook } from '../api/update-book';
import { BOOK_FORM_SCHEMAS, type BookValues, bookToValues } from '../book-form';
import { BookFormShell } from '../components/book-form-shell';
import { BookNotFound, isNoAccess } from '../components/book-not-found';

/** book_edit (/book/{tenant}/{slug}/edit): every field of the book; a stale save offers reload or keep. */
export function BookEditPage() {
  const { t } = useTranslation();
  const { tenant: tenantId = '', slug: bookId = '' } = useParams();
  const dto = useBookDto(tenantId, bookId);
  useSyncCurrentTenant(dto.data ? tenantId : undefined);
  usePageTitle(dto.data ? t('books.page.editTab', { title: dto.data.book.title }) : undefined);
  const bookPath = screenPath('book_list', { tenant: tenantId, slug: bookId });

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={t('books.page.editTitle')}
        description={dto.data?.book.title}
        actions={
          <Button component={Link} to={bookPath} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {t('books.page.toBook')}
          </Button>
        }
      />
      {dto.isPending ? <PageLoader /> : null}
      {dto.isError ? (
        isNoAccess(dto.error) ? (
          <BookNotFound />
        ) : (
          <LoadError error={dto.error} onRetry={() => void dto.refetch()} />
        )
      ) : null}
      {dto.data ? (
        <EditBookForm key={dto.data.book._id} tenantId={tenantId} dto={dto.data} cancelTo={bookPath} />
      ) : null}
    </Stack>
  );
}

function EditBookForm({ tenantId, dto, cancelTo }: { tenantId: string; dto: BookDto; cancelTo: string }) {
  const queryClient = useQueryClient();
  const update = useUpdateBook();
  const book = dto.book;
  const form = useZodForm<BookValues>(BOOK_FORM_SCHEMAS.edit, { initialValues: bookToValues(book) });

  const apply = (latest: Book) => {
    const values = bookToValues(latest);
    form.setValues(values);
    form.resetDirty(values);
  };
  const stale = useStaleSave({
    fetchLatest: () => queryClient.fetchQuery({ ...getBookQueryOptions(tenantId, book._id), staleTime: 0 }),
    reload: (latest: Book) => {
      apply(latest);
      form.clearErrors();
    },
    keep: (latest: Book) => form.setFieldValue('__v', latest.__v),
  });

  const submit = form.onSubmit(async (values) => {
    const data = BOOK_FORM_SCHEMAS.edit.parse(values);
    try {
      let saved = await update.mutateAsync({ tenantId, id: book._id, data });
      // The folder is not part of PUT books/{id}: a new one is a move of its own.
      if (values.folder !== (saved.folder ?? 'root')) {
        saved = await moveBook({ tenantId, id: book._id, folderId: values.folder });
        void queryClient.invalidateQueries({ queryKey: ['folders', 'tree', tenantId] });
      }
      queryClient.setQueryData(getBookQueryOptions(tenantId, book._id).queryKey, saved);
      apply(saved);
      notifySuccess('saved');
    } catch (error) {
      if (stale.handle(error)) return;
      applyServerErrors(form, error);
      notifySaveFailed(error);
    }
  });

  return (
    <>
      <BookFormShell
        form={form}
        onSubmit={submit}
        saving={update.isPending}
        cancelTo={cancelTo}
        tenantId={tenantId}
        currentBookType={dto.bookType}
      />
      <ConflictDialog {...stale.dialog} />
    </>
  );
}
