import { screenPath } from '@pruefbuch/domain/access';
import type { Book, BookDto } from '@pruefbuch/domain/schemas/book';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditorPage } from '@/components/ui/entity-editor/editor-page';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { usePageTitle } from '@/lib/page-title';
import { useSyncCurrentTenant } from '@/lib/session';
import { getBookQueryOptions } from '../api/get-book';
import { useBookDto } from '../api/get-book-dto';
import { moveBook } from '../api/move-book';
import { useUpdateBook } from '../api/update-book';
import { BOOK_FORM_SCHEMAS, type BookValues, bookToValues } from '../book-form';
import { BookFormShell } from '../components/book-form-shell';
import { BookNotFound } from '../components/book-not-found';

/** book_edit (/book/{tenant}/{slug}/edit): every field of the book; a stale save offers reload or keep. */
export function BookEditPage() {
  const { t } = useTranslation();
  const { tenant: tenantId = '', slug: bookId = '' } = useParams();
  const dto = useBookDto(tenantId, bookId);
  useSyncCurrentTenant(dto.data ? tenantId : undefined);
  usePageTitle(dto.data ? t('books.page.editTab', { title: dto.data.book.title }) : undefined);
  const bookPath = screenPath('book_list', { tenant: tenantId, slug: bookId });

  return (
    <EditorPage
      title={t('books.page.editTitle')}
      description={dto.data?.book.title}
      back={{ to: bookPath, label: t('books.page.toBook') }}
      maw={1100}
    >
      <EntityLoad query={dto} notFound={<BookNotFound />}>
        {(loaded) => <EditBookForm key={loaded.book._id} tenantId={tenantId} dto={loaded} cancelTo={bookPath} />}
      </EntityLoad>
    </EditorPage>
  );
}

function EditBookForm({ tenantId, dto, cancelTo }: { tenantId: string; dto: BookDto; cancelTo: string }) {
  const queryClient = useQueryClient();
  const update = useUpdateBook();
  const book = dto.book;
  const editor = useEntityEditor<BookValues, Book>({
    schema: BOOK_FORM_SCHEMAS.edit,
    initialValues: bookToValues(book),
    toValues: bookToValues,
    save: async (values) => {
      let saved = await update.mutateAsync({ tenantId, id: book._id, data: BOOK_FORM_SCHEMAS.edit.parse(values) });
      // The folder is not part of PUT books/{id}: a new one is a move of its own.
      if (values.folder !== (saved.folder ?? 'root')) {
        saved = await moveBook({ tenantId, id: book._id, folderId: values.folder });
        void queryClient.invalidateQueries({ queryKey: ['folders', 'tree', tenantId] });
      }
      queryClient.setQueryData(getBookQueryOptions(tenantId, book._id).queryKey, saved);
      return saved;
    },
    fetchLatest: () => queryClient.fetchQuery({ ...getBookQueryOptions(tenantId, book._id), staleTime: 0 }),
  });

  return <BookFormShell editor={editor} cancelTo={cancelTo} tenantId={tenantId} currentBookType={dto.bookType} />;
}
