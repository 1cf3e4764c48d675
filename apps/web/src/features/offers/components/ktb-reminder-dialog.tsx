import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MAIL_MESSAGE_MAX } from '@pruefbuch/domain/rules/mail-limits';
import type { Offer } from '@pruefbuch/domain/schemas/offer';
import { IconInfoCircle, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { userLabel } from '@/lib/user-options';
import { useSendKtbReminder } from '../api/send-ktb-reminder';

/** 'KTB erinnern': a mail to the offer's KTB with its data, a link and an optional message. */
export function KtbReminderDialog({
  offer,
  opened,
  onClose,
  onSent,
}: {
  offer: Offer;
  opened: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const send = useSendKtbReminder();
  const [message, setMessage] = useState('');
  // A mail limit's answer (429) stays in the dialog with its wait; other errors are a toast.
  const [limited, setLimited] = useState<string | null>(null);
  const ktb = offer.users.ktb;

  const submit = () => {
    setLimited(null);
    send.mutate(
      { offerId: offer._id, ...(message.trim() ? { message: message.trim() } : {}) },
      {
        onSuccess: (reply) => {
          notifySuccess({ text: t('offers.ktbReminder.sent', { to: reply.sentTo }) });
          setMessage('');
          onClose();
          onSent();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 429) setLimited(errorText(t, error));
          notifyError(errorText(t, error), t('offers.ktbReminder.failed'));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('offers.ktbReminder.title')} data-testid="ktb-dialog">
      <Stack gap="md">
        {ktb ? (
          <Text size="sm">{t('offers.ktbReminder.text', { name: userLabel(ktb) })}</Text>
        ) : (
          <Alert color="orange" icon={<IconInfoCircle size={18} />}>
            {t('offers.ktbReminder.noKtb')}
          </Alert>
        )}
        <Textarea
          label={t('offers.ktbReminder.message')}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MAIL_MESSAGE_MAX}
          disabled={!ktb}
          data-testid="ktb-message"
        />
        {limited && (
          <Alert color="orange" data-testid="ktb-limited">
            {limited}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button
            leftSection={<IconMailForward size={16} />}
            onClick={submit}
            loading={send.isPending}
            disabled={!ktb}
            data-testid="ktb-send"
          >
            {t('offers.ktbReminder.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
