import { Alert, Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { MAIL_MESSAGE_MAX } from '@pruefbuch/domain/rules/mail-limits';
import type { Order } from '@pruefbuch/domain/schemas/order';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTransferOrder } from '../api/transfer-order';
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
  // A mail limit's answer (429) stays in the dialog with its wait; other errors are a toast.
  const [limited, setLimited] = useState<string | null>(null);
  const options = departmentOptions(t).filter((o) => o.value !== String(order.aktuelle_abteilung));

  const send = async () => {
    if (!department) return;
    setLimited(null);
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
      if (isApiError(error) && error.status === 429) setLimited(errorText(t, error));
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
          maxLength={MAIL_MESSAGE_MAX}
          data-testid="order-transfer-message"
        />
        {limited && (
          <Alert color="orange" data-testid="order-transfer-limited">
            {limited}
          </Alert>
        )}
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
