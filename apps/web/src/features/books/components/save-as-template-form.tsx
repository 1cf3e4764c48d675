import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type Book, bookAsTemplateSchema } from '@pruefbuch/domain/schemas/book';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useSaveAsTemplate } from '../api/save-as-template';
import { useFolderOptions } from './use-folder-options';

interface Values {
  title: string;
  folder: string;
}

/** The title as the API checks it; the folder is the select's value ('root': no folder). */
const schema = z.object({ title: bookAsTemplateSchema.shape.title, folder: z.string() });

/**
 * 'Als Vorlage speichern': a template of the book (without its records, documents, identifiers and dates) under a
 * title of its own, in the book's folder or another.
 */
export function SaveAsTemplateForm({ tenantId, book, onClose }: { tenantId: string; book: Book; onClose: () => void }) {
  const { t } = useTranslation();
  const folders = useFolderOptions(tenantId);
  const save = useSaveAsTemplate();
  const form = useZodForm<Values>(schema, {
    initialValues: {
      title: t('books.templates.defaultTitle', { title: book.title }).slice(0, 200),
      folder: book.folder ?? 'root',
    },
  });

  const submit = form.onSubmit(async ({ title, folder }) => {
    try {
      const template = await save.mutateAsync({
        tenantId,
        bookId: book._id,
        data: { title: title.trim(), folder: folder === 'root' ? null : folder },
      });
      notifySuccess({ text: t('books.templates.saved', { title: template.title }) });
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error)) notifySaveFailed(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('books.templates.saveHint')}
        </Text>
        <TextInput
          {...form.getInputProps('title')}
          label={t('books.templates.title')}
          withAsterisk
          data-autofocus
          data-testid="template-title"
        />
        <Select
          value={form.values.folder}
          onChange={(value) => form.setFieldValue('folder', value ?? 'root')}
          label={t('books.fields.folder')}
          data={folders.options}
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="template-folder"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="template-save">
            {t('books.templates.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
