import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BookValues } from '../book-form';

/** The book's free 'misc' data as key/value rows (door data such as Baujahr, Norm, Antriebsspannung). */
export function MiscEditor({ form }: { form: UseFormReturnType<BookValues> }) {
  const { t } = useTranslation();
  const rows = form.values.misc;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('books.form.miscHint')}
      </Text>
      {rows.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no ids; the position is the row
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            {...form.getInputProps(`misc.${index}.key`)}
            placeholder={t('books.form.miscKey')}
            aria-label={t('books.form.miscKeyNumber', { number: index + 1 })}
            style={{ flex: 2, minWidth: 0 }}
            data-testid="misc-key"
          />
          <TextInput
            {...form.getInputProps(`misc.${index}.value`)}
            placeholder={t('books.form.miscValue')}
            aria-label={t('books.form.miscValueNumber', { number: index + 1 })}
            style={{ flex: 3, minWidth: 0 }}
            data-testid="misc-value"
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            onClick={() => form.removeListItem('misc', index)}
            aria-label={t('books.form.miscRemove', { number: index + 1 })}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <div>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('misc', { key: '', value: '' })}
          data-testid="misc-add"
        >
          {t('books.form.miscAdd')}
        </Button>
      </div>
    </Stack>
  );
}
