import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { FormEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionNav } from '@/components/ui/form-section';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-guard';
import type { BookValues } from '../book-form';
import { BOOK_FORM_SECTIONS, BookFormSections } from './book-form-sections';

/**
 * The frame of book_new and book_edit: the section nav, the sections, and a save bar that stays in reach at
 * the bottom of the screen. Leaving the page with unsaved input asks the browser to confirm.
 */
export function BookFormShell({
  form,
  onSubmit,
  saving,
  cancelTo,
  tenantId,
  currentBookType,
}: {
  form: UseFormReturnType<BookValues>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  cancelTo: string;
  tenantId: string;
  currentBookType: BookType | null;
}) {
  const { t } = useTranslation();
  const dirty = form.isDirty();

  useUnsavedChangesGuard(dirty);

  return (
    <form onSubmit={onSubmit} noValidate data-testid="book-form">
      <Stack gap="md">
        <SectionNav
          label={t('books.form.sections')}
          sections={BOOK_FORM_SECTIONS.map((section) => ({ id: section.id, title: t(section.titleKey) }))}
        />
        <BookFormSections form={form} tenantId={tenantId} currentBookType={currentBookType} />
        <Paper
          withBorder
          radius="md"
          p="sm"
          pos="sticky"
          bottom={8}
          shadow="sm"
          style={{ zIndex: 5 }}
          data-testid="book-save-bar"
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c={dirty ? 'orange' : 'dimmed'} visibleFrom="xs">
              {dirty ? t('books.form.unsaved') : t('books.form.noChanges')}
            </Text>
            <Group gap="xs" wrap="nowrap" ml="auto">
              <Button component={Link} to={cancelTo} variant="default">
                {t('common.actions.cancel')}
              </Button>
              <Button
                type="submit"
                loading={saving}
                leftSection={<IconDeviceFloppy size={16} />}
                data-testid="book-save"
              >
                {t('common.actions.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}
