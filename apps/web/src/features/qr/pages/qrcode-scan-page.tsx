import { Alert, Button, Grid, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconKeyboard } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { errorText } from '@/lib/errors';
import { CameraScanner } from '../components/camera-scanner';
import { ScanError, useOpenScan } from '../use-open-scan';

/**
 * qrcode_scan (/qrcode_scan): read a label with the phone's camera, or type its code or address, and open the
 * book it belongs to.
 */
export function QrcodeScanPage() {
  const { t } = useTranslation();
  const open = useOpenScan();
  const [typed, setTyped] = useState('');
  const [lastScan, setLastScan] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    setLastScan(null);
    open.mutate(typed);
  };
  const onDecode = (text: string) => {
    setLastScan(text);
    open.mutate(text);
  };

  const failure = open.isError
    ? open.error instanceof ScanError
      ? t(`qr.scan.error.${open.error.reason}`)
      : errorText(t, open.error)
    : null;

  return (
    <Stack gap="md" maw={960}>
      <PageHeader title={t('qr.scan.title')} description={t('qr.scan.intro')} />
      {failure ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t('qr.scan.error.title')}
          role="alert"
          data-testid="scan-error"
        >
          {failure}
          {lastScan ? (
            <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
              {t('qr.scan.read', { text: lastScan })}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <CameraScanner onDecode={onDecode} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <Title order={3} size="h4">
                  {t('qr.scan.typedTitle')}
                </Title>
                <TextInput
                  label={t('qr.scan.typedLabel')}
                  description={t('qr.scan.typedHint')}
                  value={typed}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                  leftSection={<IconKeyboard size={16} />}
                  autoCapitalize="off"
                  autoCorrect="off"
                  spellCheck={false}
                  data-testid="scan-typed"
                />
                <Button
                  type="submit"
                  rightSection={<IconArrowRight size={16} />}
                  loading={open.isPending}
                  disabled={!typed.trim()}
                  data-testid="scan-open"
                >
                  {t('qr.scan.open')}
                </Button>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
