import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  MERGED_RECORD_FIELDS,
  type MergedRecordField,
  mergeRecord,
  type RecordFields,
  resolveMerge,
} from '@pruefbuch/domain/rules/offline-sync';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import type { DraftFields, OfflineDraft } from '../outbox-types';

/** The label of a merged field, as the record editor names it. */
export const fieldLabel = (t: TFunction, field: MergedRecordField) =>
  ({
    when: t('inspections.fields.when'),
    who: t('inspections.fields.who'),
    where: t('inspections.fields.where'),
    text: t('inspections.fields.text'),
    checklist: t('inspections.sections.checklist'),
    defects: t('inspections.sections.defects'),
    continuedOperation: t('inspections.continuedOperation.label'),
    inspectorSignature: t('inspections.signature.inspector'),
    operatorAcknowledgement: t('inspections.signature.operator'),
  })[field];

/** A field's value in words, so two versions can be compared at a glance. */
function shown(t: TFunction, field: MergedRecordField, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('offline.conflict.empty');
  switch (field) {
    case 'when':
      return formatDate(String(value));
    case 'checklist': {
      const list = value as DraftFields['checklist'];
      const count = (r: string | null) => list.filter((e) => e.result === r).length;
      return t('offline.conflict.checklist', { ok: count('ok'), defect: count('defect'), open: count(null) });
    }
    case 'defects': {
      const list = value as DraftFields['defects'];
      if (list.length === 0) return t('inspections.defects.none');
      return t('offline.conflict.defects', { count: list.length, texts: list.map((d) => d.text).join('; ') });
    }
    case 'continuedOperation':
      return value ? t('inspections.continuedOperation.yes') : t('inspections.continuedOperation.no');
    case 'inspectorSignature':
    case 'operatorAcknowledgement':
      return t('offline.conflict.signed', { name: (value as { name: string }).name });
    default:
      return String(value);
  }
}

/**
 * A record changed on the device and meanwhile on the server (issue 33 item 4): what only one side changed is
 * taken; each field both changed stands side by side, and the technician chooses. Nothing is dropped unasked.
 */
export function ConflictPanel({
  draft,
  onResolve,
}: {
  draft: OfflineDraft;
  onResolve: (fields: DraftFields, theirs: NonNullable<OfflineDraft['theirs']>) => void;
}) {
  const { t } = useTranslation();
  const theirs = draft.theirs as NonNullable<OfflineDraft['theirs']>;
  const merge = mergeRecord(draft.base ?? {}, draft.fields as RecordFields, theirs);
  const [choices, setChoices] = useState<Partial<Record<MergedRecordField, 'mine' | 'theirs'>>>({});
  const complete = merge.conflicts.every((f) => choices[f]);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="offline-conflict"
      style={{ borderColor: 'var(--mantine-color-red-5)' }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('offline.conflict.title')}
        </Title>
        <Alert color="red" variant="light">
          {t('offline.stateHint.conflict')}
        </Alert>
        {merge.taken.length > 0 ? (
          <Text size="sm" data-testid="offline-conflict-taken">
            {t('offline.conflict.taken', { fields: merge.taken.map((f) => fieldLabel(t, f)).join(', ') })}
          </Text>
        ) : null}
        {/* Each field both sides changed, its two versions side by side (one under the other on a phone). */}
        {MERGED_RECORD_FIELDS.filter((f) => merge.conflicts.includes(f)).map((f) => (
          <Paper key={f} withBorder radius="sm" p="xs" data-testid="offline-conflict-row" data-field={f}>
            <Text fw={600} size="sm" mb={6} id={`conflict-${f}`}>
              {fieldLabel(t, f)}
            </Text>
            <Radio.Group
              value={choices[f] ?? null}
              onChange={(side) => setChoices((c) => ({ ...c, [f]: side as 'mine' | 'theirs' }))}
              aria-labelledby={`conflict-${f}`}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                {(['mine', 'theirs'] as const).map((side) => (
                  <Radio.Card
                    key={side}
                    value={side}
                    radius="sm"
                    p="xs"
                    aria-label={`${fieldLabel(t, f)}: ${t(`offline.conflict.${side}`)}`}
                    data-testid={`offline-conflict-${f}-${side}`}
                  >
                    <Group wrap="nowrap" align="flex-start" gap="xs">
                      <Radio.Indicator />
                      <div>
                        <Text size="xs" c="dimmed">
                          {t(`offline.conflict.${side}`)}
                        </Text>
                        <Text size="sm">{shown(t, f, side === 'mine' ? draft.fields[f] : theirs[f])}</Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
          </Paper>
        ))}
        {!complete ? (
          <Text size="sm" c="dimmed">
            {t('offline.conflict.chooseAll')}
          </Text>
        ) : null}
        <Group>
          <Button
            disabled={!complete}
            onClick={() => onResolve(resolveMerge(merge, theirs, choices) as unknown as DraftFields, theirs)}
            data-testid="offline-conflict-resolve"
          >
            {t('offline.conflict.resolve')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
