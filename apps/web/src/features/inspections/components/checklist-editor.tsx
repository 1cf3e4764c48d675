import { Badge, Box, Button, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { defectsAfterAnswer } from '@pruefbuch/domain/rules/checklist-defects';
import type { CheckResult } from '@pruefbuch/domain/schemas/inspection';
import { IconChecks, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CheckResultControl } from '@/components/ui/check-result-control';
import { useItemLabel } from '@/lib/checklist-label';
import { checklistProgress, type InspectionValues, markOpenItemsOk } from '../inspection-form';

/**
 * The checklist of the book type: each item ok / defect / not applicable with a note. 'Alle in Ordnung'
 * sets every item still open to ok. Marking an item as a defect opens a defect linked to it (unless it has
 * one already); taking the mark back removes that defect again while nothing has been entered into it.
 */
export function ChecklistEditor({
  form,
  readOnly,
  onAddDefect,
}: {
  form: UseFormReturnType<InspectionValues>;
  readOnly: boolean;
  onAddDefect: (item: string) => void;
}) {
  const { t } = useTranslation();
  const itemLabel = useItemLabel();
  const checklist = form.values.checklist;
  const defects = form.values.defects;
  const progress = checklistProgress(checklist);

  const setResult = (index: number, item: string, result: CheckResult) => {
    const before = checklist[index]?.result ?? null;
    form.setFieldValue(`checklist.${index}.result`, result);
    const linked = form.getValues().defects;
    const next = defectsAfterAnswer(linked, item, before, result);
    if (next.defects !== linked) form.setFieldValue('defects', [...next.defects]);
    if (next.open) onAddDefect(item);
  };
  if (checklist.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('inspections.checklist.empty')}
      </Text>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Box style={{ flex: '1 1 200px' }}>
          <Text size="sm" fw={500} data-testid="checklist-progress">
            {t('inspections.checklist.progress', { answered: progress.answered, total: progress.total })}
          </Text>
          <Progress
            value={(progress.answered / progress.total) * 100}
            color={progress.complete ? 'teal' : 'blue'}
            mt={4}
            aria-label={t('inspections.checklist.progress', { answered: progress.answered, total: progress.total })}
          />
        </Box>
        {readOnly ? null : (
          <Button
            variant="light"
            color="teal"
            leftSection={<IconChecks size={18} />}
            onClick={() => form.setFieldValue('checklist', markOpenItemsOk(checklist))}
            disabled={progress.complete}
            data-testid="checklist-all-ok"
          >
            {t('inspections.checklist.allOk')}
          </Button>
        )}
      </Group>

      <Stack gap={0} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {checklist.map((entry, index) => {
          const label = itemLabel(entry.item, entry.label);
          const error = form.errors[`checklist.${index}.result`];
          return (
            <Box
              component="li"
              key={entry.item}
              py="sm"
              style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-3)' }}
              data-testid="checklist-item"
            >
              <Stack gap={8}>
                <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
                  <Text size="sm" fw={500} style={{ flex: '1 1 260px', minWidth: 0 }} id={`check-${index}`}>
                    {index + 1}. {label}
                  </Text>
                  <CheckResultControl
                    value={entry.result}
                    onChange={(result) => setResult(index, entry.item, result)}
                    readOnly={readOnly}
                    aria-labelledby={`check-${index}`}
                  />
                </Group>
                {error ? (
                  <Text size="xs" c="red">
                    {String(error)}
                  </Text>
                ) : null}
                {readOnly ? (
                  entry.note ? (
                    <Text size="sm" c="dimmed">
                      {t('inspections.checklist.note')}: {entry.note}
                    </Text>
                  ) : null
                ) : (
                  <Group gap="xs" align="flex-end" wrap="wrap">
                    <TextInput
                      {...form.getInputProps(`checklist.${index}.note`)}
                      placeholder={t('inspections.checklist.notePlaceholder')}
                      aria-label={t('inspections.checklist.noteFor', { item: label })}
                      style={{ flex: '1 1 220px' }}
                    />
                    {entry.result === 'defect' ? (
                      <Button
                        variant="light"
                        color="red"
                        leftSection={<IconPlus size={16} />}
                        onClick={() => onAddDefect(entry.item)}
                        data-testid="checklist-add-defect"
                      >
                        {defects.some((d) => d.item === entry.item)
                          ? t('inspections.checklist.addAnotherDefect')
                          : t('inspections.checklist.addDefect')}
                      </Button>
                    ) : null}
                  </Group>
                )}
              </Stack>
            </Box>
          );
        })}
      </Stack>
      {progress.defects > 0 ? (
        <Badge color="red" variant="light" tt="none" size="lg">
          {t('inspections.checklist.defectCount', { count: progress.defects })}
        </Badge>
      ) : null}
    </Stack>
  );
}
