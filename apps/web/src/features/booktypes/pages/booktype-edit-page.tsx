import { Button, ColorInput, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BOOKTYPE_ICON_NAMES, BookTypeIcon } from '@/components/ui/booktype-icon';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { ConflictDialog } from '@/components/ui/conflict-dialog';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useServiceIntervals } from '@/lib/service-intervals';
import { useStaleSave } from '@/lib/use-stale-save';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-guard';
import { useCreateBookType } from '../api/create-booktype';
import { useDeleteBookType } from '../api/delete-booktype';
import { getBookTypeQueryOptions, useBookType } from '../api/get-booktype';
import { useUpdateBookType } from '../api/update-booktype';
import { BOOKTYPE_FORM_SCHEMAS, type BookTypeValues, bookTypeToValues, emptyBookTypeValues } from '../booktype-form';

const NEW = 'new';
/** Mantine's palette at shade 6, the colours the seeded types use. */
const SWATCHES = ['#228be6', '#15aabf', '#12b886', '#40c057', '#fab005', '#fd7e14', '#fa5252', '#e64980', '#7950f2'];

/** booktype (admins): create (slug 'new') or edit a book type. */
export function BookTypeEditPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const isNew = slug === NEW;
  const bookType = useBookType(isNew ? undefined : slug);
  const back = (
    <Button
      component={Link}
      to={screenPath('booktype_list')}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      {t('common.actions.back')}
    </Button>
  );

  return (
    <Stack gap="lg" maw={800}>
      <PageHeader
        title={isNew ? t('books.bookTypes.new') : t('books.bookTypes.editTitle')}
        description={bookType.data?.type}
        actions={back}
      />
      {isNew ? <BookTypeForm /> : null}
      {!isNew && bookType.isPending ? <PageLoader /> : null}
      {bookType.isError ? <LoadError error={bookType.error} onRetry={() => void bookType.refetch()} /> : null}
      {bookType.data ? <BookTypeForm key={bookType.data._id} bookType={bookType.data} /> : null}
    </Stack>
  );
}

function BookTypeForm({ bookType }: { bookType?: BookType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const intervals = useServiceIntervals();
  const create = useCreateBookType();
  const update = useUpdateBookType();
  const remove = useDeleteBookType();
  const schema = BOOKTYPE_FORM_SCHEMAS[bookType ? 'edit' : 'create'];
  const form = useZodForm<BookTypeValues>(schema, {
    initialValues: bookType ? bookTypeToValues(bookType) : emptyBookTypeValues(),
  });
  useUnsavedChangesGuard(form.isDirty());

  const stale = useStaleSave({
    fetchLatest: () => queryClient.fetchQuery({ ...getBookTypeQueryOptions(bookType?._id ?? ''), staleTime: 0 }),
    reload: (latest: BookType) => {
      const values = bookTypeToValues(latest);
      form.setValues(values);
      form.resetDirty(values);
      form.clearErrors();
    },
    keep: (latest: BookType) => form.setFieldValue('__v', latest.__v),
  });
  const onError = (error: unknown) => {
    if (stale.handle(error)) return;
    applyServerErrors(form, error);
    notifySaveFailed(error);
  };

  const submit = form.onSubmit((values) => {
    if (bookType) {
      const data = BOOKTYPE_FORM_SCHEMAS.edit.parse(values);
      update.mutate(
        { id: bookType._id, data },
        {
          onSuccess: (saved) => {
            const next = bookTypeToValues(saved);
            form.setValues(next);
            form.resetDirty(next);
            notifySuccess('saved');
          },
          onError,
        },
      );
    } else {
      create.mutate(BOOKTYPE_FORM_SCHEMAS.create.parse(values), {
        onSuccess: (created) => {
          notifySuccess('created');
          navigate(screenPath('booktype', { slug: created._id }), { replace: true });
        },
        onError,
      });
    }
  });

  const askDelete = () => {
    if (!bookType) return;
    confirmDelete({
      title: t('books.bookTypes.deleteTitle'),
      message: t('books.bookTypes.deleteConfirm', { type: bookType.type }),
      onConfirm: () =>
        remove.mutate(bookType._id, {
          onSuccess: () => {
            notifySuccess('deleted');
            navigate(screenPath('booktype_list'), { replace: true });
          },
          onError: notifySaveFailed,
        }),
    });
  };

  const intervalSelect = (path: 'serviceinterval' | 'selfserviceinterval') => ({
    value: String(form.values[path]),
    onChange: (value: string | null) => form.setFieldValue(path, Number(value ?? 0) as never),
    error: form.getInputProps(path).error,
    data: intervals.options,
    allowDeselect: false,
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...form.getInputProps('type')}
              label={t('books.bookTypes.fields.type')}
              withAsterisk
              data-testid="booktype-type"
            />
            <TextInput {...form.getInputProps('component')} label={t('books.bookTypes.fields.component')} />
            <Select
              value={form.values.icon || null}
              onChange={(value) => form.setFieldValue('icon', value ?? '')}
              error={form.getInputProps('icon').error}
              label={t('books.bookTypes.fields.icon')}
              data={BOOKTYPE_ICON_NAMES}
              searchable
              clearable
              leftSection={<BookTypeIcon icon={form.values.icon} color={form.values.color} size={22} />}
              renderOption={({ option }) => (
                <Group gap="sm" wrap="nowrap">
                  <BookTypeIcon icon={option.value} color={form.values.color} size={22} />
                  <Text size="sm">{option.label}</Text>
                </Group>
              )}
            />
            <ColorInput
              {...form.getInputProps('color')}
              label={t('books.bookTypes.fields.color')}
              format="hex"
              swatches={SWATCHES}
              swatchesPerRow={9}
            />
            <Select
              {...intervalSelect('serviceinterval')}
              label={t('books.bookTypes.fields.serviceinterval')}
              data-testid="booktype-serviceinterval"
            />
            <Select
              {...intervalSelect('selfserviceinterval')}
              label={t('books.bookTypes.fields.selfserviceinterval')}
            />
          </SimpleGrid>
          <Switch
            {...form.getInputProps('active', { type: 'checkbox' })}
            label={t('books.bookTypes.fields.active')}
            description={t('books.bookTypes.activeHint')}
          />
          <Group justify="space-between">
            {bookType ? (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={askDelete}>
                {t('common.actions.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="booktype-save">
              {t('common.actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConflictDialog {...stale.dialog} />
    </Paper>
  );
}
