import { ColorInput, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BOOKTYPE_ICON_NAMES, BookTypeIcon } from '@/components/ui/booktype-icon';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import { EditorPage } from '@/components/ui/entity-editor/editor-page';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { useServiceIntervals } from '@/lib/service-intervals';
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

  return (
    <EditorPage
      title={isNew ? t('books.bookTypes.new') : t('books.bookTypes.editTitle')}
      description={bookType.data?.type}
      back={{ to: screenPath('booktype_list') }}
      maw={800}
    >
      {isNew ? (
        <BookTypeForm />
      ) : (
        <EntityLoad query={bookType}>{(loaded) => <BookTypeForm key={loaded._id} bookType={loaded} />}</EntityLoad>
      )}
    </EditorPage>
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
  const editor = useEntityEditor<BookTypeValues, BookType>({
    schema: BOOKTYPE_FORM_SCHEMAS[bookType ? 'edit' : 'create'],
    initialValues: bookType ? bookTypeToValues(bookType) : emptyBookTypeValues(),
    toValues: bookTypeToValues,
    isNew: !bookType,
    save: (values) =>
      bookType
        ? update.mutateAsync({ id: bookType._id, data: BOOKTYPE_FORM_SCHEMAS.edit.parse(values) })
        : create.mutateAsync(BOOKTYPE_FORM_SCHEMAS.create.parse(values)),
    fetchLatest: bookType
      ? () => queryClient.fetchQuery({ ...getBookTypeQueryOptions(bookType._id), staleTime: 0 })
      : undefined,
    onSaved: (saved) => {
      if (!bookType) navigate(screenPath('booktype', { slug: saved._id }), { replace: true });
    },
  });
  const { form } = editor;

  const intervalSelect = (path: 'serviceinterval' | 'selfserviceinterval') => ({
    value: String(form.values[path]),
    onChange: (value: string | null) => form.setFieldValue(path, Number(value ?? 0) as never),
    error: form.getInputProps(path).error,
    data: intervals.options,
    allowDeselect: false,
  });

  return (
    <EditorForm
      editor={editor}
      testId="booktype"
      remove={
        bookType && {
          title: t('books.bookTypes.deleteTitle'),
          message: t('books.bookTypes.deleteConfirm', { type: bookType.type }),
          run: () => remove.mutateAsync(bookType._id),
          onDeleted: () => navigate(screenPath('booktype_list'), { replace: true }),
        }
      }
    >
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
          <Select {...intervalSelect('selfserviceinterval')} label={t('books.bookTypes.fields.selfserviceinterval')} />
        </SimpleGrid>
        <Switch
          {...form.getInputProps('active', { type: 'checkbox' })}
          label={t('books.bookTypes.fields.active')}
          description={t('books.bookTypes.activeHint')}
        />
      </Stack>
    </EditorForm>
  );
}
