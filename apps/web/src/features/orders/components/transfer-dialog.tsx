import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import type { Order } from '@pruefbuch/domain/schemas/order';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTransferOrder } from '../api/order-mutations';
import { departmentLabel, departmentOptions } from './order-parts';

/** 'An Abteilung übergeben': another department takes the order; its users get a mail with a link. */
export function TransferDialog({
  order,
  opened,
  onClose,
  onDone,
}: {
  order: Order;
  opened: boolean;
  onClose: () => void;
  onDone: (saved: Order) => void;
}) {
  const { t } = useTranslation();
  const transfer = useTransferOrder();
  const [department, setDepartment] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const options = departmentOptions(t).filter((o) => o.value !== String(order.aktuelle_abteilung));

  const send = async () => {
    if (!department) return;
    try {
      const saved = await transfer.mutateAsync({
        orderId: order._id,
        department: Number(department),
        message: message.trim() || undefined,
        __v: order.__v,
      });
      notifySuccess({ text: t('orders.editor.transfer.done', { department: departmentLabel(t, Number(department)) }) });
      setDepartment(null);
      setMessage('');
      onDone(saved);
      onClose();
    } catch (error) {
      notifyError(errorText(t, error), t('orders.editor.transfer.failed'));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('orders.editor.transfer.title')} size="md">
      <Stack gap="md">
        <Select
          label={t('orders.editor.transfer.department')}
          data={options}
          value={department}
          onChange={setDepartment}
          comboboxProps={{ withinPortal: true }}
          required
          data-testid="order-transfer-department"
        />
        <Textarea
          label={t('orders.editor.transfer.message')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={2000}
          data-testid="order-transfer-message"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button
            onClick={() => void send()}
            disabled={!department}
            loading={transfer.isPending}
            data-testid="order-transfer-send"
          >
            {t('orders.editor.transfer.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
