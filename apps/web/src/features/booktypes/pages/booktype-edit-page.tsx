import { ColorInput, Group, Select, SimpleGrid, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { type ChecklistAudience, installationOf } from '@pruefbuch/domain/rules/checklists';
import {
  QUALIFICATION_KINDS,
  QUALIFICATION_OF_INSTALLATION,
  qualificationLabelKey,
} from '@pruefbuch/domain/rules/qualifications';
import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BOOKTYPE_ICON_NAMES, BookTypeIcon } from '@/components/ui/booktype-icon';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import { EditorPage } from '@/components/ui/entity-editor/editor-page';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { FormSection } from '@/components/ui/form-section';
import { useServiceIntervals } from '@/lib/service-intervals';
import { useCreateBookType } from '../api/create-booktype';
import { useDeleteBookType } from '../api/delete-booktype';
import { getBookTypeQueryOptions, useBookType } from '../api/get-booktype';
import { useUpdateBookType } from '../api/update-booktype';
import {
  BOOKTYPE_FORM_SCHEMAS,
  type BookTypeValues,
  bookTypeToValues,
  emptyBookTypeValues,
  followNorm,
  type NormText,
  toBookTypeWrite,
} from '../booktype-form';
import { ChecklistRowsEditor } from '../components/checklist-rows-editor';

/** The norm text of a checklist item in the user's language; the key itself for an item without one. */
function useNormText(): NormText {
  const { t, i18n } = useTranslation();
  return (key) => (i18n.exists(key) ? t(key) : key);
}

const NEW = 'new';
const AUDIENCES: readonly ChecklistAudience[] = ['specialist', 'operator'];
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
      maw={900}
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
  const normText = useNormText();
  const editor = useEntityEditor<BookTypeValues, BookType>({
    schema: BOOKTYPE_FORM_SCHEMAS[bookType ? 'edit' : 'create'],
    initialValues: bookType ? bookTypeToValues(bookType, normText) : emptyBookTypeValues(normText),
    toValues: (saved) => bookTypeToValues(saved, normText),
    isNew: !bookType,
    save: (values) => {
      const { fields, __v } = toBookTypeWrite(values, normText);
      return bookType ? update.mutateAsync({ id: bookType._id, data: { ...fields, __v } }) : create.mutateAsync(fields);
    },
    fetchLatest: bookType
      ? () => queryClient.fetchQuery({ ...getBookTypeQueryOptions(bookType._id), staleTime: 0 })
      : undefined,
    onSaved: (saved) => {
      if (!bookType) navigate(screenPath('booktype', { slug: saved._id }), { replace: true });
    },
  });
  const { form } = editor;
  const installation = installationOf({ type: form.values.type, component: form.values.component });

  // A list that is the norm list of the type's installation follows it while the name or standard is typed.
  const shownFor = useRef(installation);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the installation moves the lists
  useEffect(() => {
    const from = shownFor.current;
    shownFor.current = installation;
    if (from === installation) return;
    const next = followNorm(form.getValues(), from, installation, normText);
    form.setFieldValue('checklist', next.checklist);
    form.setFieldValue('selfChecklist', next.selfChecklist);
    // A new type proposes the qualification of its installation until one is picked (decision 055).
    if (!bookType && !form.isDirty('qualification')) {
      form.setFieldValue('qualification', QUALIFICATION_OF_INSTALLATION[installation]);
      form.resetDirty({ ...form.getValues(), qualification: QUALIFICATION_OF_INSTALLATION[installation] });
    }
  }, [installation]);

  // A list with an error in the hidden tab: the tab comes to the front, so the field is seen.
  const [tab, setTab] = useState<ChecklistAudience>('specialist');
  const errorIn = (audience: ChecklistAudience) =>
    Object.keys(form.errors).some((k) => k.startsWith(audience === 'operator' ? 'selfChecklist.' : 'checklist.'));
  const errorKeys = Object.keys(form.errors).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the errors decide, the tab is read as it is
  useEffect(() => {
    const other = tab === 'specialist' ? 'operator' : 'specialist';
    if (!errorIn(tab) && errorIn(other)) setTab(other);
  }, [errorKeys]);

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
      framed={false}
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
        <FormSection id="booktype-data" title={t('books.bookTypes.sections.data')}>
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
          <Select
            {...form.getInputProps('qualification')}
            label={t('users.qualifications.bookType.label')}
            description={t('users.qualifications.bookType.hint')}
            placeholder={t('users.qualifications.bookType.none')}
            data={QUALIFICATION_KINDS.map((k) => ({ value: k, label: t(qualificationLabelKey(k)) }))}
            clearable
            data-testid="booktype-qualification"
          />
          <Switch
            {...form.getInputProps('active', { type: 'checkbox' })}
            label={t('books.bookTypes.fields.active')}
            description={t('books.bookTypes.activeHint')}
          />
        </FormSection>
        <FormSection
          id="booktype-checklists"
          title={t('books.bookTypes.sections.checklists')}
          testId="booktype-checklists"
        >
          <Text size="sm" c="dimmed">
            {t('books.bookTypes.checklists.basis', { norm: t(`checklists.names.${installation}`) })}
          </Text>
          <Tabs value={tab} onChange={(value) => setTab(value === 'operator' ? 'operator' : 'specialist')}>
            <Tabs.List>
              {AUDIENCES.map((audience) => (
                <Tabs.Tab
                  key={audience}
                  value={audience}
                  color={errorIn(audience) ? 'red' : undefined}
                  data-testid={`checklist-tab-${audience}`}
                >
                  {t(`books.bookTypes.checklists.tab.${audience}`)} (
                  {form.values[audience === 'operator' ? 'selfChecklist' : 'checklist'].length})
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {AUDIENCES.map((audience) => (
              <Tabs.Panel key={audience} value={audience} pt="md">
                <ChecklistRowsEditor form={form} audience={audience} normText={normText} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </FormSection>
      </Stack>
    </EditorForm>
  );
}
