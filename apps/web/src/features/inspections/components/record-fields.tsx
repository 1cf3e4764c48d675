import { Checkbox, Grid, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NEEDS_CONTINUED_OPERATION } from '@pruefbuch/domain/rules/finalize';
import type { InspectionKind } from '@pruefbuch/domain/schemas/inspection';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { Segments } from '@/components/ui/segments';
import { formatDate } from '@/lib/format';
import { continuedOperationConflict, type InspectionValues } from '../inspection-form';

function ReadOnlyValue({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value || '–'}
      </Text>
    </div>
  );
}

/** Date, place, inspector, the flags of the kind, and the free text. */
export function RecordFields({
  form,
  kind,
  readOnly,
}: {
  form: UseFormReturnType<InspectionValues>;
  kind: InspectionKind;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const v = form.values;
  const whoLabel = t(kind === 'gutachten' ? 'inspections.fields.expert' : 'inspections.fields.who');
  const flags = (
    <Group gap="lg">
      {kind === 'gutachten' ? (
        <Checkbox
          {...form.getInputProps('isAbnahmeGutachten', { type: 'checkbox' })}
          label={t('inspections.fields.isAbnahmeGutachten')}
          description={t('inspections.fields.isAbnahmeGutachtenHint')}
          size="md"
        />
      ) : null}
      {kind === 'self' ? null : (
        <Checkbox
          {...form.getInputProps('akkutausch', { type: 'checkbox' })}
          label={t('inspections.fields.akkutausch')}
          size="md"
        />
      )}
    </Group>
  );

  if (readOnly) {
    return (
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <ReadOnlyValue label={t('inspections.fields.when')} value={formatDate(v.when)} />
          </Grid.Col>
          {kind === 'self' ? null : (
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <ReadOnlyValue label={t('inspections.fields.where')} value={v.where} />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <ReadOnlyValue label={whoLabel} value={v.who} />
          </Grid.Col>
        </Grid>
        {kind === 'self' ? null : (
          <Group gap="xl">
            {kind === 'gutachten' ? (
              <ReadOnlyValue
                label={t('inspections.fields.isAbnahmeGutachten')}
                value={v.isAbnahmeGutachten ? t('common.yes') : t('common.no')}
              />
            ) : null}
            <ReadOnlyValue
              label={t('inspections.fields.akkutausch')}
              value={v.akkutausch ? t('common.yes') : t('common.no')}
            />
          </Group>
        )}
        <ReadOnlyValue label={t('inspections.fields.text')} value={v.text} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DateField
            {...form.getInputProps('when')}
            label={t('inspections.fields.when')}
            withAsterisk
            clearable={false}
            size="md"
          />
        </Grid.Col>
        {kind === 'self' ? null : (
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput {...form.getInputProps('where')} label={t('inspections.fields.where')} size="md" />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput {...form.getInputProps('who')} label={whoLabel} size="md" />
        </Grid.Col>
      </Grid>
      {kind === 'self' ? null : flags}
      <Textarea
        {...form.getInputProps('text')}
        label={t('inspections.fields.text')}
        autosize
        minRows={3}
        maxRows={14}
        size="md"
      />
    </Stack>
  );
}

/**
 * May the installation stay in operation? Required to finalize an inspection or maintenance. 'Ja' beside an
 * open defect rated 'repair' or 'shutdown' is refused on finalize: the field says so as soon as it happens.
 */
export function ContinuedOperationField({
  form,
  kind,
  readOnly,
}: {
  form: UseFormReturnType<InspectionValues>;
  kind: InspectionKind;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const value = form.values.continuedOperation;
  const required = NEEDS_CONTINUED_OPERATION.includes(kind);
  const conflict = !readOnly && continuedOperationConflict(form.values);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="continued-operation-label">
        {t('inspections.continuedOperation.label')}
        {required && !readOnly ? (
          <Text span c="red" aria-hidden>
            {' *'}
          </Text>
        ) : null}
      </Text>
      {readOnly && value === null ? (
        <Text size="sm" c="dimmed">
          {t('inspections.continuedOperation.notStated')}
        </Text>
      ) : (
        <Segments<'yes' | 'no'>
          data={[
            { value: 'yes', label: t('inspections.continuedOperation.yes') },
            { value: 'no', label: t('inspections.continuedOperation.no') },
          ]}
          value={value}
          onChange={(next) => form.setFieldValue('continuedOperation', next)}
          readOnly={readOnly}
          color={value === 'yes' ? 'teal' : value === 'no' ? 'red' : undefined}
          size="md"
          aria-labelledby="continued-operation-label"
          aria-invalid={conflict || undefined}
          aria-describedby={conflict ? 'continued-operation-error' : undefined}
          style={{ maxWidth: 360 }}
          data-testid="continued-operation"
        />
      )}
      {value === null && required && !readOnly ? (
        <Text size="xs" c="dimmed">
          {t('inspections.continuedOperation.open')}
        </Text>
      ) : null}
      {conflict ? (
        <Text size="sm" c="red" role="alert" id="continued-operation-error" data-testid="continued-operation-error">
          {t('errors.CONTINUED_OPERATION_CONFLICT')}
        </Text>
      ) : null}
    </Stack>
  );
}
