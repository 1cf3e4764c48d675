import {
  Alert,
  Badge,
  Button,
  Code,
  FileInput,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { certificateState } from '@pruefbuch/domain/rules/seal-certificate';
import type { TenantCertificate } from '@pruefbuch/domain/schemas/tenant-certificate';
import { IconAlertTriangle, IconCertificate, IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTenantCertificate } from '../api/get-tenant-certificate';
import { useUploadTenantCertificate } from '../api/upload-tenant-certificate';

/**
 * The tenant's sealed PDFs (decision 056): the certificate the finalized records' PDFs are sealed under and
 * the upload of the company's PKCS#12 file. For admins and tenant admins (access tenants:certificate).
 */
export function TenantCertificateSection({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const certificate = useTenantCertificate(tenantId);
  const current = certificate.data?.certificate ?? null;
  return (
    <Stack gap="md" data-testid="tenant-certificate">
      <Title order={4}>{t('tenants.certificate.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('tenants.certificate.intro')}
      </Text>
      {certificate.isPending ? null : current ? (
        <CertificateFacts certificate={current} />
      ) : (
        <Alert icon={<IconInfoCircle size={18} />} color="gray" data-testid="tenant-certificate-none">
          {t('tenants.certificate.none')}
        </Alert>
      )}
      <UploadForm tenantId={tenantId} />
    </Stack>
  );
}

function CertificateFacts({ certificate: c }: { certificate: TenantCertificate }) {
  const { t } = useTranslation();
  const state = certificateState(new Date(c.validFrom), new Date(c.validTo));
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCertificate size={20} />
          <Text fw={600} data-testid="tenant-certificate-subject">
            {c.subject}
          </Text>
          <Badge variant="light" color={c.source === 'uploaded' ? 'blue' : 'gray'}>
            {t(`tenants.certificate.${c.source}`)}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Fact label={t('tenants.certificate.issuer')} value={c.issuer} />
          <Fact
            label={t('tenants.certificate.validTo')}
            value={formatDate(c.validTo)}
            testId="tenant-certificate-valid-to"
          />
        </SimpleGrid>
        <div>
          <Text size="xs" c="dimmed">
            {t('tenants.certificate.fingerprint')}
          </Text>
          <Code
            block
            style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}
            data-testid="tenant-certificate-fingerprint"
          >
            {c.fingerprint}
          </Code>
        </div>
        {c.chainLength > 0 ? (
          <Text size="sm" c="dimmed">
            {t('tenants.certificate.chain', { count: c.chainLength })}
          </Text>
        ) : null}
        {state === 'expired' || state === 'notYetValid' ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {t('tenants.certificate.expired')}
          </Alert>
        ) : state === 'expiresSoon' ? (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
            {t('tenants.certificate.expiresSoon')}
          </Alert>
        ) : null}
        {c.selfSigned ? (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="tenant-certificate-self-signed">
            {t('tenants.certificate.selfSignedNote')}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </div>
  );
}

/** The company's PKCS#12 file and its password; a refusal shows at its field. */
function UploadForm({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const upload = useUploadTenantCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ file?: string; password?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setErrors({ file: t('validation.required') });
      return;
    }
    setErrors({});
    upload.mutate(
      { tenantId, file, password },
      {
        onSuccess: () => {
          setFile(null);
          setPassword('');
          notifySuccess({ text: t('tenants.certificate.uploadedOk') });
        },
        onError: (error) => {
          const fields = isApiError(error)
            ? error.details.filter((d) => d.field === 'file' || d.field === 'password')
            : [];
          if (fields.length) setErrors(Object.fromEntries(fields.map((d) => [d.field, t(d.key)])));
          else notifyError(errorText(t, error));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} data-testid="tenant-certificate-upload">
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {t('tenants.certificate.uploadTitle')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FileInput
            label={t('tenants.certificate.file')}
            placeholder={t('tenants.certificate.filePlaceholder')}
            accept=".p12,.pfx,application/x-pkcs12"
            value={file}
            onChange={(value) => {
              setFile(value);
              setErrors((e) => ({ ...e, file: undefined }));
            }}
            error={errors.file}
            clearable
            data-testid="tenant-certificate-file"
          />
          <PasswordInput
            label={t('tenants.certificate.password')}
            description={t('tenants.certificate.passwordHint')}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors((e) => ({ ...e, password: undefined }));
            }}
            error={errors.password}
            autoComplete="off"
            data-testid="tenant-certificate-password"
          />
        </SimpleGrid>
        <Group justify="space-between" align="center">
          <Text size="xs" c="dimmed">
            {t('tenants.certificate.replaceNote')}
          </Text>
          <Button
            type="submit"
            leftSection={<IconUpload size={16} />}
            loading={upload.isPending}
            data-testid="tenant-certificate-submit"
          >
            {t('tenants.certificate.upload')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
