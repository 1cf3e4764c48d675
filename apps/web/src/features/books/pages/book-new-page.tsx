import { Button, Stack } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useSyncCurrentTenant } from '@/lib/session';
import { useCreateBook } from '../api/create-book';
import { useFolderTree } from '../api/get-folder-tree';
import { BOOK_FORM_SCHEMAS, type BookValues, emptyBookValues } from '../book-form';
import { BookFormShell } from '../components/book-form-shell';
import { BookNotFound, isNoAccess } from '../components/book-not-found';

/** book_new (/book/{tenant}/new/{folder}): a new book in the tenant, placed in the folder ('root' for none). */
export function BookNewPage() {
  const { t } = useTranslation();
  const { tenant: tenantId = '', folder = 'root' } = useParams();
  // The tree proves the tenant is the user's before anything is typed (and fills the folder select).
  const tree = useFolderTree(tenantId);
  useSyncCurrentTenant(tree.data ? tenantId : undefined);
  const back = screenPath('tenantStart', { slug: tenantId }) + (folder === 'root' ? '' : `?folder=${folder}`);

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={t('books.page.newTitle')}
        description={tree.data?.tenant.name}
        actions={
          <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {t('common.actions.back')}
          </Button>
        }
      />
      {tree.isPending ? <PageLoader /> : null}
      {tree.isError && isNoAccess(tree.error) ? <BookNotFound /> : null}
      {tree.data || (tree.isError && !isNoAccess(tree.error)) ? (
        <NewBookForm tenantId={tenantId} folder={folder} cancelTo={back} />
      ) : null}
    </Stack>
  );
}

function NewBookForm({ tenantId, folder, cancelTo }: { tenantId: string; folder: string; cancelTo: string }) {
  const navigate = useNavigate();
  const create = useCreateBook();
  const form = useZodForm<BookValues>(BOOK_FORM_SCHEMAS.create, { initialValues: emptyBookValues(folder) });

  const submit = form.onSubmit((values) => {
    const data = BOOK_FORM_SCHEMAS.create.parse(values);
    create.mutate(
      { tenantId, data },
      {
        onSuccess: (book) => {
          form.resetDirty();
          notifySuccess('created');
          navigate(screenPath('book_list', { tenant: tenantId, slug: book._id }), { replace: true });
        },
        onError: (error) => {
          applyServerErrors(form, error);
          notifySaveFailed(error);
        },
      },
    );
  });

  return (
    <BookFormShell
      form={form}
      onSubmit={submit}
      saving={create.isPending}
      cancelTo={cancelTo}
      tenantId={tenantId}
      currentBookType={null}
    />
  );
}
