import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { codeBody } from '@pruefbuch/domain/schemas/auth';
import { IconCheck, IconCopy, IconQrcode, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useDeactivate2fa } from '../api/deactivate-2fa';
import { useFinish2fa } from '../api/finish-2fa';
import { useBarcode2fa } from '../api/get-barcode-2fa';

/** Server errors on the code field: a wrong code reads 'Code nicht korrekt' under the input. */
function useCodeForm() {
  const form = useZodForm(codeBody, { initialValues: { validationCode: '' }, validateInputOnBlur: false });
  const fail = (error: unknown) => {
    if (isApiError(error) && error.code === 'TWO_FA_INVALID') {
      form.setFieldError('validationCode', 'errors.TWO_FA_INVALID');
    } else if (!applyServerErrors(form, error)) {
      notifySaveFailed(error);
    }
  };
  return { form, fail };
}

function CodeInput({ form }: { form: ReturnType<typeof useCodeForm>['form'] }) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...form.getInputProps('validationCode')}
      label={t('users.twoFa.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      w={{ base: '100%', xs: 220 }}
      data-testid="twofa-code"
    />
  );
}

function Activate({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  const barcode = useBarcode2fa(userId, show);
  const finish = useFinish2fa();
  const { form, fail } = useCodeForm();

  if (!show) {
    return (
      <Group>
        <Button
          leftSection={<IconQrcode size={18} />}
          variant="light"
          onClick={() => setShow(true)}
          data-testid="twofa-show-qr"
        >
          {t('users.twoFa.showQr')}
        </Button>
      </Group>
    );
  }
  if (barcode.isPending) return <PageLoader />;
  if (barcode.isError) return <LoadError error={barcode.error} onRetry={() => void barcode.refetch()} />;

  const submit = form.onSubmit((values) =>
    finish.mutate(codeBody.parse(values), {
      onSuccess: () => notifySuccess({ text: t('users.twoFa.activated') }),
      onError: fail,
    }),
  );
  return (
    <Stack gap="sm">
      <Text size="sm">{t('users.twoFa.scan')}</Text>
      <Image
        src={barcode.data.qrCode}
        alt={t('users.twoFa.qrAlt')}
        w={200}
        h={200}
        fit="contain"
        radius="sm"
        style={{ border: '1px solid var(--mantine-color-gray-3)' }}
        data-testid="twofa-qr"
      />
      <Text size="sm">{t('users.twoFa.manual')}</Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ overflowWrap: 'anywhere', fontSize: 14 }} data-testid="twofa-secret">
          {barcode.data.secret}
        </Code>
        <CopyButton value={barcode.data.secret}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('users.twoFa.copied') : t('users.twoFa.copy')}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('users.twoFa.copy')}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <CodeInput form={form} />
          <Button type="submit" loading={finish.isPending} data-testid="twofa-activate">
            {t('users.twoFa.activate')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function Deactivate() {
  const { t } = useTranslation();
  const deactivate = useDeactivate2fa();
  const { form, fail } = useCodeForm();
  const submit = form.onSubmit((values) =>
    deactivate.mutate(codeBody.parse(values), {
      onSuccess: () => notifySuccess({ text: t('users.twoFa.deactivated') }),
      onError: fail,
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('users.twoFa.deactivateIntro')}</Text>
        <Group align="flex-end" gap="sm">
          <CodeInput form={form} />
          <Button
            type="submit"
            color="red"
            variant="light"
            loading={deactivate.isPending}
            data-testid="twofa-deactivate"
          >
            {t('users.twoFa.deactivate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Own account only: set up the authenticator app, or switch 2FA off again with a current code. */
export function TwoFactorSection({ userId, active }: { userId: string; active: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={4}>{t('users.twoFa.title')}</Title>
        <Badge
          color={active ? 'teal' : 'gray'}
          variant="light"
          leftSection={active ? <IconShieldCheck size={14} /> : <IconShieldOff size={14} />}
        >
          {active ? t('users.twoFa.badgeOn') : t('users.twoFa.badgeOff')}
        </Badge>
      </Group>
      <Alert color={active ? 'teal' : 'gray'} variant="light" p="xs">
        {active ? t('users.twoFa.active') : t('users.twoFa.inactive')}
      </Alert>
      {active ? <Deactivate /> : <Activate userId={userId} />}
    </Stack>
  );
}
