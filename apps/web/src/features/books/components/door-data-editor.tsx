import { Select, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { BookValues } from '../book-form';
import { DOOR_DATA_FIELDS, type DoorDataKey } from '../door-data';

/** The door data of a book (door-data.ts) as labelled fields: Türart, Flügel, Fluchtweg … Norm. */
export function DoorDataEditor({ form }: { form: UseFormReturnType<BookValues> }) {
  const { t } = useTranslation();
  const label = (key: DoorDataKey) => t(`books.miscFields.${key}`);
  const path = (key: DoorDataKey) => `door.${key}` as const;
  const testId = (key: DoorDataKey) => `book-door-${key}`;
  const short = DOOR_DATA_FIELDS.filter((f) => f.kind !== 'list' && f.kind !== 'longText');
  const door = form.values.door;
  return (
    <Stack gap="sm" data-testid="book-door-data">
      <div>
        <Title order={4} size="h5">
          {t('books.form.doorData')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('books.form.doorDataHint')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {short.map(({ key, kind }) => {
          if (kind === 'doorType')
            return (
              <Select
                key={key}
                label={label(key)}
                value={door.tuerart || null}
                onChange={(next) => form.setFieldValue('door.tuerart', next ?? '')}
                data={(['schieber', 'dreher'] as const).map((v) => ({
                  value: v,
                  label: t(`books.miscValues.tuerart.${v}`),
                }))}
                clearable
                data-testid={testId(key)}
              />
            );
          if (kind === 'flag')
            return (
              <Select
                key={key}
                label={label(key)}
                value={door.fluchtweg === null ? null : String(door.fluchtweg)}
                onChange={(next) => form.setFieldValue('door.fluchtweg', next === null ? null : next === 'true')}
                data={[
                  { value: 'true', label: t('common.yes') },
                  { value: 'false', label: t('common.no') },
                ]}
                clearable
                data-testid={testId(key)}
              />
            );
          return (
            <TextInput key={key} {...form.getInputProps(path(key))} label={label(key)} data-testid={testId(key)} />
          );
        })}
      </SimpleGrid>
      <TagsInput
        {...form.getInputProps('door.komponenten')}
        label={label('komponenten')}
        clearable
        data-testid={testId('komponenten')}
      />
      <Textarea
        {...form.getInputProps('door.norm')}
        label={label('norm')}
        autosize
        minRows={2}
        maxRows={8}
        data-testid={testId('norm')}
      />
    </Stack>
  );
}
