import { Stack } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { Book } from '@pruefbuch/domain/schemas/book';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EditorPage } from '@/components/ui/entity-editor/editor-page';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { Segments } from '@/components/ui/segments';
import { useSyncCurrentTenant } from '@/lib/session';
import { useCreateBook } from '../api/create-book';
import { useFolderTree } from '../api/get-folder-tree';
import { useTemplates } from '../api/get-templates';
import { BOOK_FORM_SCHEMAS, type BookValues, bookToValues, emptyBookValues } from '../book-form';
import { BookFormShell } from '../components/book-form-shell';
import { BookNotFound } from '../components/book-not-found';
import { FromTemplateForm } from '../components/from-template-form';

/**
 * book_new (/book/{tenant}/new/{folder}): a new book in the tenant, placed in the folder ('root' for none): a
 * blank one, or, when the tenant has templates, a copy of one ('Aus Vorlage anlegen').
 */
export function BookNewPage() {
  const { t } = useTranslation();
  const { tenant: tenantId = '', folder = 'root' } = useParams();
  // The tree proves the tenant is the user's before anything is typed (and fills the folder select).
  const tree = useFolderTree(tenantId);
  useSyncCurrentTenant(tree.data ? tenantId : undefined);
  const back = screenPath('tenantStart', { slug: tenantId }) + (folder === 'root' ? '' : `?folder=${folder}`);

  return (
    <EditorPage title={t('books.page.newTitle')} description={tree.data?.tenant.name} back={{ to: back }} maw={1100}>
      <EntityLoad query={tree} notFound={<BookNotFound />}>
        {() => <NewBookChoice tenantId={tenantId} folder={folder} cancelTo={back} />}
      </EntityLoad>
    </EditorPage>
  );
}

function NewBookChoice({ tenantId, folder, cancelTo }: { tenantId: string; folder: string; cancelTo: string }) {
  const { t } = useTranslation();
  const templates = useTemplates(tenantId);
  const [mode, setMode] = useState<'blank' | 'template'>('blank');
  const list = templates.data ?? [];
  if (list.length === 0) return <NewBookForm tenantId={tenantId} folder={folder} cancelTo={cancelTo} />;
  return (
    <Stack gap="md">
      <Segments
        value={mode}
        onChange={(value) => setMode(value === 'template' ? 'template' : 'blank')}
        data={[
          { value: 'blank', label: t('books.templates.blank') },
          { value: 'template', label: t('books.templates.fromTemplate', { count: list.length }) },
        ]}
        style={{ alignSelf: 'flex-start' }}
        aria-label={t('books.templates.mode')}
        data-testid="book-new-mode"
      />
      {mode === 'template' ? (
        <FromTemplateForm tenantId={tenantId} folder={folder} templates={list} cancelTo={cancelTo} />
      ) : (
        <NewBookForm tenantId={tenantId} folder={folder} cancelTo={cancelTo} />
      )}
    </Stack>
  );
}

function NewBookForm({ tenantId, folder, cancelTo }: { tenantId: string; folder: string; cancelTo: string }) {
  const navigate = useNavigate();
  const create = useCreateBook();
  const editor = useEntityEditor<BookValues, Book>({
    schema: BOOK_FORM_SCHEMAS.create,
    initialValues: emptyBookValues(folder),
    toValues: bookToValues,
    isNew: true,
    save: (values) => create.mutateAsync({ tenantId, data: BOOK_FORM_SCHEMAS.create.parse(values) }),
    onSaved: (book) => navigate(screenPath('book_list', { tenant: tenantId, slug: book._id }), { replace: true }),
  });

  return <BookFormShell editor={editor} cancelTo={cancelTo} tenantId={tenantId} currentBookType={null} />;
}
