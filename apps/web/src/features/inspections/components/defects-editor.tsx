import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DEFECT_SEVERITIES, type DefectSeverity } from '@pruefbuch/domain/schemas/inspection';
import type { DefectOffer } from '@pruefbuch/domain/schemas/offer';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useItemLabel } from '@/lib/checklist-label';
import type { InspectionValues } from '../inspection-form';
import { DefectOfferLine } from './defect-offer';
import { DefectPhotos } from './defect-photos';
import { SEVERITY_COLOR } from './severity-badge';

/** The offers of a saved record's defects: which has one, and where a new one starts. */
export interface DefectOffers {
  byDefect: ReadonlyMap<string, DefectOffer> | undefined;
  /** The new offer's address for a saved defect; null when the user may not create offers. */
  createTo: (defectId: string) => string | null;
}

/**
 * The defects of a record: a description, the severity (safe to operate / operate only after repair /
 * shut down), the checklist item it belongs to, photos, and whether it has been fixed. A saved defect says
 * whether an offer exists for it, and offers to start one.
 */
export function DefectsEditor({
  form,
  readOnly,
  tenantId,
  bookId,
  onAdd,
  offers,
}: {
  form: UseFormReturnType<InspectionValues>;
  readOnly: boolean;
  tenantId: string;
  bookId: string;
  onAdd: (item: string | null) => void;
  /** For users who may read offers, once the record is saved. */
  offers?: DefectOffers | null;
}) {
  const { t } = useTranslation();
  const itemLabel = useItemLabel();
  const defects = form.values.defects;
  const itemOptions = [
    { value: '', label: t('inspections.defects.noItem') },
    ...form.values.checklist.map((c, i) => ({ value: c.item, label: `${i + 1}. ${itemLabel(c.item, c.label)}` })),
  ];
  const severityOptions = DEFECT_SEVERITIES.map((s) => ({ value: s, label: t(`inspections.severity.${s}`) }));

  return (
    <Stack gap="md">
      {defects.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('inspections.defects.empty')}
        </Text>
      ) : null}
      {defects.map((defect, index) => {
        const name = t('inspections.defects.name', { index: index + 1 });
        return (
          <Paper
            key={defect.key}
            withBorder
            radius="md"
            p="sm"
            style={{ borderLeft: `4px solid var(--mantine-color-${SEVERITY_COLOR[defect.severity]}-6)` }}
            data-testid="defect"
            role="group"
            aria-label={name}
          >
            <Stack gap="sm">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} size="sm">
                  {name}
                </Text>
                {readOnly ? (
                  <Badge color={SEVERITY_COLOR[defect.severity]} variant="light" tt="none">
                    {t(`inspections.severity.${defect.severity}`)}
                  </Badge>
                ) : (
                  <Tooltip label={t('inspections.defects.remove')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      onClick={() => form.removeListItem('defects', index)}
                      aria-label={t('inspections.defects.removeName', { name })}
                      data-testid="defect-remove"
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
              {readOnly ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {defect.text}
                </Text>
              ) : (
                <Textarea
                  {...form.getInputProps(`defects.${index}.text`)}
                  label={t('inspections.defects.text')}
                  autosize
                  minRows={2}
                  withAsterisk
                />
              )}
              <Group grow gap="sm" align="flex-start" wrap="wrap" preventGrowOverflow={false}>
                {readOnly ? null : (
                  <NativeSelect
                    {...form.getInputProps(`defects.${index}.severity`)}
                    onChange={(event) =>
                      form.setFieldValue(`defects.${index}.severity`, event.currentTarget.value as DefectSeverity)
                    }
                    label={t('inspections.defects.severity')}
                    data={severityOptions}
                    style={{ minWidth: 220 }}
                  />
                )}
                {readOnly ? (
                  defect.item ? (
                    <Text size="sm" c="dimmed">
                      {t('inspections.defects.item')}: {itemLabel(defect.item)}
                    </Text>
                  ) : null
                ) : (
                  <NativeSelect
                    value={defect.item ?? ''}
                    onChange={(event) => form.setFieldValue(`defects.${index}.item`, event.currentTarget.value || null)}
                    label={t('inspections.defects.item')}
                    data={itemOptions}
                    style={{ minWidth: 220 }}
                  />
                )}
              </Group>
              {offers && defect._id && offers.byDefect ? (
                <DefectOfferLine offer={offers.byDefect.get(defect._id)} createTo={offers.createTo(defect._id)} />
              ) : null}
              <DefectPhotos
                tenantId={tenantId}
                bookId={bookId}
                photos={defect.photos}
                onChange={(photos) => form.setFieldValue(`defects.${index}.photos`, photos)}
                readOnly={readOnly}
                defectLabel={name}
              />
              {readOnly ? (
                defect.resolved ? (
                  <Badge color="teal" variant="light" tt="none">
                    {t('inspections.defects.resolved')}
                  </Badge>
                ) : null
              ) : (
                <Checkbox
                  {...form.getInputProps(`defects.${index}.resolved`, { type: 'checkbox' })}
                  label={t('inspections.defects.resolved')}
                  size="md"
                />
              )}
            </Stack>
          </Paper>
        );
      })}
      {readOnly ? null : (
        <Button
          variant="light"
          color="red"
          leftSection={<IconPlus size={18} />}
          onClick={() => onAdd(null)}
          style={{ alignSelf: 'flex-start' }}
          data-testid="defect-add"
        >
          {t('inspections.defects.add')}
        </Button>
      )}
    </Stack>
  );
}
