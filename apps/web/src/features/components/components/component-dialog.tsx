import { Button, Group, Modal, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import {
  COMPONENT_DOOR_TYPES,
  COMPONENT_KINDS,
  type Component,
  type ComponentDoorType,
  type ComponentKind,
} from '@pruefbuch/domain/schemas/component';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useSaveComponent } from '../api/save-component';

interface Draft {
  code: string;
  kind: ComponentKind;
  doorType: ComponentDoorType;
  text: string;
  active: boolean;
}
const EMPTY: Draft = { code: '', kind: 'drive', doorType: 'both', text: '', active: true };

/** A new catalogue entry (component null) or a change of one; a stale entry is refused by the server (409). */
export function ComponentDialog({ component, onClose }: { component: Component | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveComponent();
  const [draft, setDraft] = useState<Draft>(
    component
      ? {
          code: component.code,
          kind: component.kind,
          doorType: component.doorType,
          text: component.text,
          active: component.active,
        }
      : EMPTY,
  );
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const submit = () =>
    save.mutate(component ? { ...draft, id: component._id, __v: component.__v } : draft, {
      onSuccess: () => {
        notifySuccess(component ? 'saved' : 'created');
        onClose();
      },
      onError: (error) => notifySaveFailed(error),
    });

  return (
    <Modal
      opened
      onClose={onClose}
      title={component ? t('books.components.edit') : t('books.components.new')}
      data-testid="component-dialog"
    >
      <Stack gap="sm">
        <TextInput
          label={t('books.components.fields.code')}
          value={draft.code}
          onChange={(e) => set({ code: e.currentTarget.value })}
          maxLength={40}
          required
          data-testid="component-code"
        />
        <Textarea
          label={t('books.components.fields.text')}
          value={draft.text}
          onChange={(e) => set({ text: e.currentTarget.value })}
          maxLength={300}
          autosize
          minRows={2}
          required
          data-testid="component-text"
        />
        <Select
          label={t('books.components.fields.kind')}
          value={draft.kind}
          onChange={(v) => v && set({ kind: v as ComponentKind })}
          data={COMPONENT_KINDS.map((k) => ({ value: k, label: t(`books.components.kinds.${k}`) }))}
          allowDeselect={false}
          data-testid="component-kind"
        />
        <Select
          label={t('books.components.fields.doorType')}
          value={draft.doorType}
          onChange={(v) => v && set({ doorType: v as ComponentDoorType })}
          data={COMPONENT_DOOR_TYPES.map((d) => ({ value: d, label: t(`books.components.doorTypes.${d}`) }))}
          allowDeselect={false}
          data-testid="component-door-type"
        />
        <Switch
          label={t('books.components.fields.active')}
          checked={draft.active}
          onChange={(e) => set({ active: e.currentTarget.checked })}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={save.isPending}
            disabled={!draft.code.trim() || !draft.text.trim()}
            data-testid="component-save"
          >
            {t('common.actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
