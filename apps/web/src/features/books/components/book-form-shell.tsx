import { Stack } from '@mantine/core';
import type { Book } from '@pruefbuch/domain/schemas/book';
import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import { useTranslation } from 'react-i18next';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import type { EntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { SectionNav } from '@/components/ui/form-section';
import type { BookValues } from '../book-form';
import { BOOK_FORM_SECTIONS, BookFormSections } from './book-form-sections';

/**
 * The frame of book_new and book_edit: the section nav, the sections, and the editor's save bar that stays in
 * reach at the bottom of the screen.
 */
export function BookFormShell({
  editor,
  cancelTo,
  tenantId,
  currentBookType,
}: {
  editor: EntityEditor<BookValues, Book>;
  cancelTo: string;
  tenantId: string;
  currentBookType: BookType | null;
}) {
  const { t } = useTranslation();
  return (
    <EditorForm editor={editor} framed={false} cancelTo={cancelTo} testId="book">
      <Stack gap="md">
        <SectionNav
          label={t('books.form.sections')}
          sections={BOOK_FORM_SECTIONS.map((section) => ({ id: section.id, title: t(section.titleKey) }))}
        />
        <BookFormSections form={editor.form} tenantId={tenantId} currentBookType={currentBookType} />
      </Stack>
    </EditorForm>
  );
}
