import { ActionIcon, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ChecklistAudience, installationOf, newCustomItemKey } from '@pruefbuch/domain/rules/checklists';
import { MAX_CHECKLIST_ITEMS } from '@pruefbuch/domain/schemas/booktype';
import { IconArrowBackUp, IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type BookTypeValues, type ChecklistRow, isNormRows, type NormText, normRowsOf } from '../booktype-form';

const FIELD: Record<ChecklistAudience, 'checklist' | 'selfChecklist'> = {
  specialist: 'checklist',
  operator: 'selfChecklist',
};

/**
 * One checklist of a book type: its items in order, each with its text (a norm item shows its norm text and may be
 * renamed), moved up or down, removed, new items added at the end, and the way back to the norm list.
 */
export function ChecklistRowsEditor({
  form,
  audience,
  normText,
}: {
  form: UseFormReturnType<BookTypeValues>;
  audience: ChecklistAudience;
  normText: NormText;
}) {
  const { t } = useTranslation();
  const field = FIELD[audience];
  const rows = form.values[field];
  const installation = installationOf({ type: form.values.type, component: form.values.component });
  const norm = isNormRows(rows, installation, audience, normText);
  const testId = (part: string) => `checklist-${audience}-${part}`;

  const set = (next: ChecklistRow[]) => form.setFieldValue(field, next);
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [row] = next.splice(from, 1);
    if (!row) return;
    next.splice(to, 0, row);
    set(next);
  };
  const add = () => {
    set([...rows, { item: newCustomItemKey(), label: '' }]);
    // The new item's field is the last one: type into it right away.
    requestAnimationFrame(() => form.getInputNode(`${field}.${rows.length}.label`)?.focus());
  };

  return (
    <Stack gap="sm" data-testid={testId('editor')}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
          {t(`books.bookTypes.checklists.hint.${audience}`)}
        </Text>
        {norm ? (
          <Badge variant="light" color="teal" tt="none" data-testid={testId('norm')}>
            {t('books.bookTypes.checklists.isNorm')}
          </Badge>
        ) : (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowBackUp size={16} />}
            onClick={() => set(normRowsOf(installation, audience, normText))}
            data-testid={testId('reset')}
          >
            {t('books.bookTypes.checklists.reset')}
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={testId('empty')}>
          {t('books.bookTypes.checklists.empty')}
        </Text>
      ) : (
        <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((row, i) => (
            <Group key={row.item} gap={6} wrap="nowrap" align="flex-start" component="li" data-testid={testId('row')}>
              <Text size="sm" c="dimmed" w={24} ta="right" pt={7} style={{ flexShrink: 0 }}>
                {i + 1}.
              </Text>
              <Textarea
                {...form.getInputProps(`${field}.${i}.label`)}
                // One line of text that wraps: a line break would not survive the record's table.
                onChange={(event) =>
                  form.setFieldValue(`${field}.${i}.label`, event.currentTarget.value.replace(/\s*\n\s*/g, ' '))
                }
                autosize
                minRows={1}
                maxRows={4}
                aria-label={t('books.bookTypes.checklists.itemLabel', { n: i + 1 })}
                style={{ flex: 1, minWidth: 0 }}
                data-testid={testId('label')}
              />
              <Group gap={2} wrap="nowrap" pt={4}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={t('books.bookTypes.checklists.up')}
                  data-testid={testId('up')}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={t('books.bookTypes.checklists.down')}
                  data-testid={testId('down')}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => set(rows.filter((_, k) => k !== i))}
                  aria-label={t('books.bookTypes.checklists.remove')}
                  data-testid={testId('remove')}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={add}
          disabled={rows.length >= MAX_CHECKLIST_ITEMS}
          data-testid={testId('add')}
        >
          {t('books.bookTypes.checklists.add')}
        </Button>
      </Group>
    </Stack>
  );
}
