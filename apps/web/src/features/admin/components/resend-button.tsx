import { Button } from '@mantine/core';
import type { OutboxMail } from '@pruefbuch/domain/schemas/admin';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useResendMail } from '../api/resend-mail';

/** 'Erneut senden': a dead letter back into the queue. */
export function ResendButton({ mail, onDone }: { mail: OutboxMail; onDone?: () => void }) {
  const { t } = useTranslation();
  const resend = useResendMail();
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconMailForward size={14} />}
      loading={resend.isPending}
      data-testid="outbox-resend"
      onClick={(event) => {
        // The button sits in a row that opens the mail on click.
        event.stopPropagation();
        resend.mutate(
          { id: mail._id },
          {
            onSuccess: () => {
              notifySuccess({ text: t('admin.dashboard.resent', { to: mail.to }) });
              onDone?.();
            },
            onError: (error) => notifyError(errorText(t, error), t('admin.dashboard.resendFailed')),
          },
        );
      }}
    >
      {t('admin.dashboard.resend')}
    </Button>
  );
}
