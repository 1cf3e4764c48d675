/** The sections of a record made offline (offline_record): its state, checklist, defects and the operator's acknowledgement. */
import {
  Button,
  Checkbox,
  FileButton,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { defectsAfterAnswer } from '@pruefbuch/domain/rules/checklist-defects';
import {
  type CheckResult,
  DEFECT_SEVERITIES,
  type DefectSeverity,
  newDefect,
} from '@pruefbuch/domain/schemas/inspection';
import { IconCamera, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckResultControl } from '@/components/ui/check-result-control';
import { SignatureCanvas } from '@/components/ui/signature-canvas';
import { ApiError, isApiError, newIdempotencyKey } from '@/lib/api-client';
import { useItemLabel } from '@/lib/checklist-label';
import { errorText } from '@/lib/errors';
import { formatTime } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { useMayAddPhotos } from '@/lib/photo-rights';
import { outbox, putPhoto } from '../outbox-store';
import { type DraftFields, LOCAL_PHOTO, type OfflineDraft, type SyncError } from '../outbox-types';
import { downscalePhoto } from '../photo';
import { DefectPhoto } from './defect-photo';

const errorOf = (e: SyncError) => new ApiError({ method: 'POST', path: '', ...e });

/** What a section of the form gets: the fields as they are now, a change of some of them, and whether it is final. */
interface SectionProps {
  fields: DraftFields;
  change: (patch: Partial<DraftFields>) => void;
  readOnly: boolean;
}

/** The operator's optional acknowledgement of the result, as in the record editor: a name, and a drawn signature if they like. */
export function OperatorAcknowledgement({ fields, change, readOnly }: SectionProps) {
  const { t } = useTranslation();
  const ack = fields.operatorAcknowledgement;
  return (
    <Stack gap="xs">
      <Checkbox
        checked={ack !== null}
        onChange={(e) =>
          change({ operatorAcknowledgement: e.currentTarget.checked ? { name: '', image: null } : null })
        }
        label={t('inspections.signature.withOperator')}
        description={t('inspections.signature.withOperatorHint')}
        disabled={readOnly}
        data-testid="offline-operator"
      />
      {ack ? (
        <>
          <TextInput
            label={t('inspections.signature.operatorName')}
            value={ack.name}
            onChange={(e) => change({ operatorAcknowledgement: { ...ack, name: e.currentTarget.value } })}
            readOnly={readOnly}
            data-testid="offline-operator-name"
          />
          <SignatureCanvas
            label={t('inspections.signature.operatorCanvas')}
            description={t('inspections.signature.operatorCanvasHint')}
            value={ack.image ?? null}
            onChange={(image) => change({ operatorAcknowledgement: { ...ack, image } })}
            readOnly={readOnly}
            testId="offline-operator-signature"
            typedName={ack.name}
          />
        </>
      ) : null}
    </Stack>
  );
}

export function StateHint({ draft }: { draft: OfflineDraft }) {
  const { t } = useTranslation();
  const [retryAt, setRetryAt] = useState<number | null>(null);
  useEffect(() => {
    if (draft.state !== 'waiting') return;
    void outbox().then((entries) => {
      const entry = entries.find((e) => e.draftId === draft.localId);
      setRetryAt(entry && entry.attempts > 0 ? entry.nextAt : null);
    });
  }, [draft]);
  if (draft.state === 'conflict') return null;
  const reason = draft.error ? errorText(t, errorOf(draft.error)) : '';
  const text =
    draft.state === 'waiting' && retryAt
      ? t('offline.stateHint.waitingRetry', { at: formatTime(new Date(retryAt)) })
      : draft.state === 'saved' && draft.error
        ? t('offline.stateHint.savedWaits', { reason })
        : t(`offline.stateHint.${draft.state}`, { reason });
  const color = draft.state === 'refused' || (draft.state === 'saved' && draft.error) ? 'orange' : 'gray';
  return (
    <Text size="sm" c={color === 'orange' ? 'orange.8' : 'dimmed'} data-testid="offline-state-hint">
      {text}
    </Text>
  );
}

export function Checklist({ fields, change, readOnly }: SectionProps) {
  const { t } = useTranslation();
  const label = useItemLabel();
  const set = (index: number, result: CheckResult) => {
    const entry = fields.checklist[index];
    if (!entry) return;
    const checklist = fields.checklist.map((e, i) => (i === index ? { ...e, result } : e));
    // As in the record editor: 'Mangel' opens a defect of the item, taking it back removes it while still empty.
    const next = defectsAfterAnswer(fields.defects, entry.item, entry.result, result);
    change({ checklist, defects: next.open ? [...next.defects, newDefect(entry.item)] : [...next.defects] });
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="offline-checklist">
      <Text fw={600} size="sm" mb="xs">
        {t('inspections.sections.checklist')}
      </Text>
      {fields.checklist.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('inspections.checklist.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {fields.checklist.map((entry, index) => {
            const name = label(entry.item, entry.label);
            return (
              <Group key={entry.item} justify="space-between" wrap="wrap" gap="xs" data-testid="offline-check-item">
                <Text size="sm" style={{ flex: '1 1 14rem' }}>
                  {index + 1}. {name}
                </Text>
                <CheckResultControl
                  value={entry.result}
                  onChange={(result) => set(index, result)}
                  readOnly={readOnly}
                  aria-label={t('offline.record.checklistResult', { item: name })}
                />
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

export function Defects({
  draft,
  fields,
  change,
  changeWith,
  readOnly,
}: SectionProps & {
  draft: OfflineDraft;
  /** A change computed from the fields as they are when it is made (a photo ready after a while). */
  changeWith: (patch: (current: DraftFields) => Partial<DraftFields>) => void;
}) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<DraftFields['defects'][number]>) =>
    change({ defects: fields.defects.map((d, i) => (i === index ? { ...d, ...patch } : d)) });
  const addPhoto = async (index: number, file: File | null) => {
    if (!file) return;
    try {
      const id = newIdempotencyKey();
      await putPhoto({
        id,
        tenantId: draft.tenantId,
        draftId: draft.localId,
        blob: await downscalePhoto(file),
        serverId: null,
      });
      // Added to the defect as it is once the photo is ready: text typed and photos taken meanwhile stay.
      changeWith((f) => ({
        defects: f.defects.map((d, i) => (i === index ? { ...d, photos: [...d.photos, `${LOCAL_PHOTO}${id}`] } : d)),
      }));
    } catch (error) {
      notifyError(isApiError(error) ? errorText(t, error) : t('offline.record.photoFailed'));
    }
  };
  const mayAddPhotos = useMayAddPhotos();
  const itemLabel = useItemLabel();
  const severities = DEFECT_SEVERITIES.map((s) => ({ value: s, label: t(`inspections.severity.${s}`) }));
  return (
    <Paper withBorder radius="md" p="sm" data-testid="offline-defects">
      <Text fw={600} size="sm" mb="xs">
        {t('inspections.sections.defects')}
      </Text>
      <Stack gap="sm">
        {fields.defects.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('inspections.defects.empty')}
          </Text>
        ) : null}
        {fields.defects.map((d, index) => (
          // Defects have no id before the server gives one: their place is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Paper key={index} withBorder p="xs" radius="sm" data-testid="offline-defect">
            <Stack gap="xs">
              {d.item ? (
                <Text size="sm" c="dimmed" data-testid="offline-defect-item">
                  {t('inspections.defects.item')}:{' '}
                  {itemLabel(d.item, fields.checklist.find((c) => c.item === d.item)?.label)}
                </Text>
              ) : null}
              <Textarea
                label={t('offline.record.defectText')}
                value={d.text}
                onChange={(e) => update(index, { text: e.currentTarget.value })}
                readOnly={readOnly}
                autosize
                minRows={1}
                data-testid="offline-defect-text"
              />
              {/* The phone's own picker, as in the record editor. */}
              <NativeSelect
                label={t('inspections.defects.severity')}
                data={severities}
                value={d.severity}
                onChange={(e) => update(index, { severity: e.currentTarget.value as DefectSeverity })}
                disabled={readOnly}
              />
              <Group gap="xs" wrap="wrap">
                {d.photos.map((p, i) => (
                  <DefectPhoto
                    key={p}
                    refId={p}
                    index={i}
                    onRemove={readOnly ? undefined : () => update(index, { photos: d.photos.filter((x) => x !== p) })}
                  />
                ))}
              </Group>
              {!readOnly ? (
                <Group justify="space-between">
                  {mayAddPhotos ? (
                    <FileButton onChange={(f) => void addPhoto(index, f)} accept="image/*" capture="environment">
                      {(props) => (
                        <Button
                          {...props}
                          variant="default"
                          size="xs"
                          leftSection={<IconCamera size={14} />}
                          data-testid="offline-photo-add"
                        >
                          {t('offline.record.photo')}
                        </Button>
                      )}
                    </FileButton>
                  ) : (
                    <span />
                  )}
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => change({ defects: fields.defects.filter((_, i) => i !== index) })}
                  >
                    {t('inspections.defects.remove')}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ))}
        {!readOnly ? (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                change({
                  defects: [...fields.defects, newDefect()],
                })
              }
              data-testid="offline-defect-add"
            >
              {t('offline.record.addDefect')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
