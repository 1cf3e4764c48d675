import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { dialogErrorsOf } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { useOrderNumbering } from '../api/get-order-numbering';
import { useUpdateOrderNumbering } from '../api/update-order-numbering';

/** 'AB-Nummern': the prefix and the next number the take-over gives this year (admins, decision 049). */
export function NumberingDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const numbering = useOrderNumbering(opened);
  const update = useUpdateOrderNumbering();
  const [prefix, setPrefix] = useState('');
  const [next, setNext] = useState<number | string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!numbering.data) return;
    setPrefix(numbering.data.prefix);
    setNext(numbering.data.next);
    setErrors({});
  }, [numbering.data]);

  const yy = String((numbering.data?.year ?? 0) % 100).padStart(2, '0');
  const preview = prefix && typeof next === 'number' ? `${prefix.trim().toUpperCase()}-${yy}-${next}` : '–';

  const save = async () => {
    setErrors({});
    try {
      const saved = await update.mutateAsync({ prefix: prefix.trim().toUpperCase(), next: Number(next) });
      notifySuccess({ text: t('orders.numbering.saved', { example: saved.example }) });
      onClose();
    } catch (error) {
      setErrors(dialogErrorsOf(t, error));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('orders.numbering.title')} size="md">
      <EntityLoad query={numbering}>
        {(current) => (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('orders.numbering.text', { year: current.year })}
            </Text>
            <Group grow align="flex-start">
              <TextInput
                label={t('orders.numbering.prefix')}
                value={prefix}
                onChange={(e) => setPrefix(e.currentTarget.value)}
                maxLength={8}
                error={errors.prefix}
                data-testid="numbering-prefix"
              />
              <NumberInput
                label={t('orders.numbering.next')}
                value={next}
                onChange={setNext}
                min={1}
                max={999_999}
                allowDecimal={false}
                error={errors.next}
                data-testid="numbering-next"
              />
            </Group>
            <Text size="sm" data-testid="numbering-preview">
              {t('orders.numbering.preview', { example: preview })}
            </Text>
            {errors[''] ? <Alert color="red">{errors['']}</Alert> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.actions.cancel')}
              </Button>
              <Button onClick={() => void save()} loading={update.isPending} data-testid="numbering-save">
                {t('common.actions.save')}
              </Button>
            </Group>
          </Stack>
        )}
      </EntityLoad>
    </Modal>
  );
}
