import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { type RequiredTimeItem, WORK_AREAS, type WorkArea } from '@pruefbuch/domain/schemas/capacity';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { NumberField } from '@/components/ui/number-field';
import { formatMinutes } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useSaveNewTimeslot } from '../api/save-new-timeslot';
import { notifyPlanFailed } from '../plan-errors';

/** Plans some minutes of an order by hand: a day, a work area and the minutes. */
export function SlotDialog({
  item,
  defaultDate,
  onClose,
}: {
  item: RequiredTimeItem | null;
  defaultDate: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={!!item} onClose={onClose} title={item ? t('capacity.slot.title', { abnr: item.abnr || '–' }) : ''}>
      {item ? <SlotForm key={item.orderId} item={item} defaultDate={defaultDate} onClose={onClose} /> : null}
    </Modal>
  );
}

function SlotForm({
  item,
  defaultDate,
  onClose,
}: {
  item: RequiredTimeItem;
  defaultDate: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const firstOpen = WORK_AREAS.find((a) => (item.required[a] ?? 0) > (item.planned[a] ?? 0)) ?? 'profilbearbeitung';
  const [date, setDate] = useState<string | null>(defaultDate);
  const [area, setArea] = useState<WorkArea>(firstOpen);
  const [minutes, setMinutes] = useState<number>(
    Math.max(1, Math.min(480, (item.required[firstOpen] ?? 0) - (item.planned[firstOpen] ?? 0))),
  );
  const save = useSaveNewTimeslot();
  const valid = !!date && minutes >= 1 && minutes <= 6000;
  const submit = () => {
    if (!date || !valid) return;
    save.mutate(
      { orderId: item.orderId, date, area, minutes },
      {
        onSuccess: () => {
          notifySuccess({ text: t('capacity.planned') });
          onClose();
        },
        onError: notifyPlanFailed,
      },
    );
  };
  return (
    <Stack gap="sm" data-testid="slot-form">
      <DateField
        label={t('capacity.slot.date')}
        value={date}
        onChange={(v) => setDate(v as string | null)}
        required
        clearable={false}
      />
      <Select
        label={t('capacity.slot.area')}
        value={area}
        onChange={(v) => v && setArea(v as WorkArea)}
        allowDeselect={false}
        data={WORK_AREAS.map((a) => ({ value: a, label: t(`capacity.areas.${a}`) }))}
      />
      <NumberField
        label={t('capacity.slot.minutes')}
        value={minutes}
        onChange={(v) => setMinutes(typeof v === 'number' ? v : Number(v) || 0)}
        min={1}
        max={6000}
        allowDecimal={false}
        allowNegative={false}
        description={formatMinutes(minutes)}
        data-testid="slot-minutes"
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('common.actions.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={!valid} data-testid="slot-save">
          {t('capacity.slot.save')}
        </Button>
      </Group>
    </Stack>
  );
}
