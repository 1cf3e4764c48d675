import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconLink, IconScan } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errors';
import { notifySuccess } from '@/lib/notify';
import { useGenerateQrCode } from '../api/generate-qrcode';
import { parseScanText } from '../scan-target';
import { CameraScanner } from './camera-scanner';

/**
 * Links a pre-printed label to the book: its code typed, its URL pasted, or the label scanned. A code that
 * already belongs to a book is refused by the server (409 QR_EXISTS) and the reason shown here.
 */
export function AssignCodeForm({ tenantId, bookId, onDone }: { tenantId: string; bookId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const generate = useGenerateQrCode();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [scanning, scanner] = useDisclosure(false);

  const assign = (text: string) => {
    const target = parseScanText(text);
    if (target?.kind !== 'code') {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    generate.mutate(
      { tenantId, bookId, qr: target.code },
      {
        onSuccess: () => {
          notifySuccess({ text: t('qr.assign.done', { code: target.code }) });
          onDone();
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    assign(value);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="assign-form">
      <Stack gap="sm">
        {generate.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="assign-error">
            {errorText(t, generate.error)}
          </Alert>
        ) : null}
        <TextInput
          label={t('qr.assign.label')}
          description={t('qr.assign.hint')}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setInvalid(false);
          }}
          error={invalid ? t('qr.assign.invalid') : null}
          withAsterisk
          autoFocus
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          data-testid="assign-code"
        />
        <Group justify="space-between" gap="xs">
          <Button variant="default" leftSection={<IconScan size={16} />} onClick={scanner.open}>
            {t('qr.assign.scan')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onDone}>
              {t('common.actions.cancel')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconLink size={16} />}
              loading={generate.isPending}
              disabled={!value.trim()}
              data-testid="assign-submit"
            >
              {t('qr.assign.submit')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <Modal opened={scanning} onClose={scanner.close} title={t('qr.assign.scanTitle')} size="lg">
        {scanning ? (
          <CameraScanner
            autoStart
            onDecode={(text) => {
              scanner.close();
              setValue(text);
              assign(text);
            }}
          />
        ) : null}
      </Modal>
    </form>
  );
}
