import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { Book, BookListItem } from '@pruefbuch/domain/schemas/book';
import { bookFieldsSchema } from '@pruefbuch/domain/schemas/book';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { useCreateFromTemplate } from '../api/create-from-template';

interface Values {
  template: string;
  title: string;
}

const schema = z.object({
  template: z.string().min(1, { error: 'validation.required' }),
  title: bookFieldsSchema.shape.title,
});

/**
 * 'Aus Vorlage anlegen': a new book in the folder as a copy of one of the tenant's templates (POST
 * books/fromTemplate/{id}), under its own title; then its page to edit what belongs to this installation only.
 */
export function FromTemplateForm({
  tenantId,
  folder,
  templates,
  cancelTo,
}: {
  tenantId: string;
  folder: string;
  templates: readonly BookListItem[];
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateFromTemplate();
  const editor = useEntityEditor<Values, Book>({
    schema,
    initialValues: { template: templates.length === 1 ? (templates[0]?._id ?? '') : '', title: '' },
    toValues: (book) => ({ template: '', title: book.title }),
    isNew: true,
    save: (values) =>
      create.mutateAsync({
        tenantId,
        templateId: values.template,
        data: { title: values.title.trim(), folder: folder === 'root' ? null : folder },
      }),
    // The copy has no serial, manufacturer or order number yet: its editor is where they go.
    onSaved: (book) => navigate(screenPath('book_edit', { tenant: tenantId, slug: book._id }), { replace: true }),
  });
  const { form } = editor;
  const chosen = templates.find((tpl) => tpl._id === form.values.template);

  return (
    <EditorForm editor={editor} cancelTo={cancelTo} saveLabel={t('books.templates.create')} testId="from-template">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('books.templates.createHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            {...form.getInputProps('template')}
            value={form.values.template || null}
            onChange={(value) => form.setFieldValue('template', value ?? '')}
            label={t('books.templates.template')}
            data={templates.map((tpl) => ({ value: tpl._id, label: tpl.title }))}
            searchable
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            data-testid="from-template-template"
          />
          <TextInput
            {...form.getInputProps('title')}
            label={t('books.fields.title')}
            withAsterisk
            data-testid="from-template-title"
          />
        </SimpleGrid>
        {chosen ? (
          <Text size="sm" c="dimmed" data-testid="from-template-summary">
            {[chosen.typ, chosen.customer].filter(Boolean).join(' · ') || t('books.templates.noDetails')}
          </Text>
        ) : null}
      </Stack>
    </EditorForm>
  );
}
