import { Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DEFAULT_LAGERORT } from '@pruefbuch/domain/schemas/book';
import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import { useTranslation } from 'react-i18next';
import { AddressEditor } from '@/components/ui/address-editor';
import { BookTypeIcon } from '@/components/ui/booktype-icon';
import { DateField } from '@/components/ui/date-field';
import { FormSection } from '@/components/ui/form-section';
import { NumberField } from '@/components/ui/number-field';
import { useServiceIntervals } from '@/lib/service-intervals';
import { useActiveBookTypes } from '../api/get-active-booktypes';
import type { BookValues } from '../book-form';
import { DoorDataEditor } from './door-data-editor';
import { MiscEditor } from './misc-editor';
import { useFolderOptions } from './use-folder-options';

type Form = UseFormReturnType<BookValues>;

/** The sections of the book form, in the order of the section nav. */
export const BOOK_FORM_SECTIONS = [
  { id: 'book-object', titleKey: 'books.sections.object' },
  { id: 'book-parties', titleKey: 'books.sections.parties' },
  { id: 'book-identifiers', titleKey: 'books.sections.identifiers' },
  { id: 'book-placement', titleKey: 'books.sections.placement' },
  { id: 'book-dates', titleKey: 'books.sections.dates' },
  { id: 'book-contacts', titleKey: 'books.sections.contacts' },
  { id: 'book-misc', titleKey: 'books.sections.misc' },
] as const;

const text = (form: Form, path: keyof BookValues & string, label: string, extra: object = {}) => (
  <TextInput {...form.getInputProps(path)} label={label} data-testid={`book-${path}`} {...extra} />
);

/** Every field of book_new and book_edit, in sections (SPEC §3 Book). */
export function BookFormSections({
  form,
  tenantId,
  currentBookType,
}: {
  form: Form;
  tenantId: string;
  /** The book's type as loaded, so an inactive type still shows by name. */
  currentBookType: BookType | null;
}) {
  const { t } = useTranslation();
  const f = (field: string) => t(`books.fields.${field}`);
  const title = (id: (typeof BOOK_FORM_SECTIONS)[number]['id']) =>
    t(BOOK_FORM_SECTIONS.find((s) => s.id === id)?.titleKey ?? '');

  return (
    <Stack gap="md">
      <FormSection id="book-object" title={title('book-object')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text(form, 'title', f('title'), { withAsterisk: true, style: { gridColumn: '1 / -1' } })}
          {text(form, 'customer', f('customer'))}
          <BookTypeSelect form={form} currentBookType={currentBookType} />
          {text(form, 'typ', f('typ'))}
          {text(form, 'location', f('location'))}
          {text(form, 'object', f('object'))}
          {text(form, 'objectnutzung', f('objectnutzung'))}
          <Textarea
            {...form.getInputProps('shortText')}
            label={f('shortText')}
            autosize
            minRows={2}
            maxRows={8}
            style={{ gridColumn: '1 / -1' }}
          />
        </SimpleGrid>
        <AddressEditor form={form} path="objectaddress" label={f('objectaddress')} testId="book-objectaddress" />
      </FormSection>

      <FormSection id="book-parties" title={title('book-parties')}>
        {(['controller', 'raiser', 'manufacturer'] as const).map((party) => (
          <Stack key={party} gap="xs">
            {text(form, party, f(party))}
            <AddressEditor
              form={form}
              path={`${party}address`}
              label={f(`${party}address`)}
              testId={`book-${party}address`}
            />
          </Stack>
        ))}
      </FormSection>

      <FormSection id="book-identifiers" title={title('book-identifiers')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text(form, 'site', f('site'))}
          {text(form, 'glasbocknr', f('glasbocknr'))}
          {text(form, 'manufacturerNo', f('manufacturerNo'))}
          {text(form, 'orderNo', f('orderNo'))}
        </SimpleGrid>
      </FormSection>

      <FormSection id="book-placement" title={title('book-placement')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FolderSelect form={form} tenantId={tenantId} />
          <LagerortSelect form={form} />
        </SimpleGrid>
      </FormSection>

      <FormSection id="book-dates" title={title('book-dates')}>
        <DatesAndIntervals form={form} />
      </FormSection>

      <FormSection id="book-contacts" title={title('book-contacts')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {text(form, 'contactName', f('contactName'))}
          {text(form, 'contactMail', f('contactMail'), { type: 'email' })}
          {text(form, 'contactTel', f('contactTel'), { type: 'tel' })}
        </SimpleGrid>
      </FormSection>

      <FormSection id="book-misc" title={title('book-misc')}>
        <Stack gap="lg">
          <DoorDataEditor form={form} />
          <MiscEditor form={form} />
        </Stack>
      </FormSection>
    </Stack>
  );
}

/** Active book types; choosing one on a book without intervals takes over the type's intervals. */
function BookTypeSelect({ form, currentBookType }: { form: Form; currentBookType: BookType | null }) {
  const { t } = useTranslation();
  const types = useActiveBookTypes();
  const list = [...(types.data ?? [])];
  if (currentBookType && !list.some((type) => type._id === currentBookType._id)) list.push(currentBookType);
  const byId = new Map(list.map((type) => [type._id, type]));
  const selected = form.values.bookType ? byId.get(form.values.bookType) : undefined;

  const onChange = (id: string | null) => {
    form.setFieldValue('bookType', id);
    const type = id ? byId.get(id) : undefined;
    if (!type) return;
    if (form.values.serviceinterval === 0) form.setFieldValue('serviceinterval', type.serviceinterval);
    if (form.values.selfserviceinterval === 0) form.setFieldValue('selfserviceinterval', type.selfserviceinterval);
  };

  return (
    <Select
      value={form.values.bookType}
      onChange={onChange}
      error={form.getInputProps('bookType').error}
      label={t('books.fields.bookType')}
      data={list.map((type) => ({ value: type._id, label: type.type }))}
      searchable
      clearable
      nothingFoundMessage={t('books.form.noBookType')}
      leftSection={selected ? <BookTypeIcon icon={selected.icon} color={selected.color} size={22} /> : undefined}
      renderOption={({ option }) => {
        const type = byId.get(option.value);
        return (
          <Group gap="sm" wrap="nowrap">
            {type ? <BookTypeIcon icon={type.icon} color={type.color} size={22} /> : null}
            <div>
              <Text size="sm">{option.label}</Text>
              {type?.component ? (
                <Text size="xs" c="dimmed">
                  {type.component}
                </Text>
              ) : null}
            </div>
          </Group>
        );
      }}
      data-testid="book-bookType"
    />
  );
}

/** The folder as a path ('Frankfurt am Main / Messe'), or no folder. */
function FolderSelect({ form, tenantId }: { form: Form; tenantId: string }) {
  const { t } = useTranslation();
  const folders = useFolderOptions(tenantId);
  return (
    <Select
      value={form.values.folder}
      onChange={(value) => form.setFieldValue('folder', value ?? 'root')}
      label={t('books.fields.folder')}
      data={folders.options}
      searchable
      allowDeselect={false}
      data-testid="book-folder"
    />
  );
}

/** Storage place: the known places by name; a value the app does not know yet stays selectable as it is. */
function LagerortSelect({ form }: { form: Form }) {
  const { t } = useTranslation();
  const known = [DEFAULT_LAGERORT];
  const values = known.includes(form.values.lagerort) ? known : [...known, form.values.lagerort];
  return (
    <Select
      {...form.getInputProps('lagerort')}
      label={t('books.fields.lagerort')}
      data={values.map((value) => ({
        value,
        label: known.includes(value) ? t(`books.lagerort.${value}`) : value,
      }))}
      allowDeselect={false}
    />
  );
}

function DatesAndIntervals({ form }: { form: Form }) {
  const { t } = useTranslation();
  const intervals = useServiceIntervals();
  const date = (path: 'completedOn' | 'firstservice' | 'enableFrom' | 'enableTo' | 'visibleFrom' | 'visibleTo') => (
    <DateField {...form.getInputProps(path)} label={t(`books.fields.${path}`)} data-testid={`book-${path}`} />
  );
  const interval = (path: 'serviceinterval' | 'selfserviceinterval') => (
    <Select
      value={String(form.values[path])}
      onChange={(value) => form.setFieldValue(path, Number(value ?? 0))}
      error={form.getInputProps(path).error}
      label={t(`books.fields.${path}`)}
      data={intervals.options}
      allowDeselect={false}
      data-testid={`book-${path}`}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {date('completedOn')}
      {date('firstservice')}
      {interval('serviceinterval')}
      {interval('selfserviceinterval')}
      {date('enableFrom')}
      {date('enableTo')}
      {date('visibleFrom')}
      {date('visibleTo')}
      <NumberField
        {...form.getInputProps('slots')}
        label={t('inspections.booking.slotsField')}
        description={t('inspections.booking.slotsHint')}
        min={1}
        max={1000}
        allowDecimal={false}
        data-testid="book-slots"
      />
    </SimpleGrid>
  );
}
