import { Alert, Badge, Button, Container, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { canOpen, mayCall, screenPath } from '@pruefbuch/domain/access';
import type { PublicQr } from '@pruefbuch/domain/schemas/qr';
import { IconAlertTriangle, IconLogin, IconMapPin, IconQrcode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AmpelPanel } from '@/components/ui/ampel-panel';
import { LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { ampelState } from '@/lib/ampel';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { loginPathFor } from '@/lib/redirect';
import { setCurrentTenant, toPrincipal, useSession } from '@/lib/session';
import { usePublicQr } from '../api/get-public-qr';
import { resolveQrCode } from '../api/resolve-qrcode';
import { DefectReportForm } from '../components/defect-report-form';

/**
 * qr_public (/q/{slug}, slug = code): the page a label's QR opens. A signed-in user who may read the book goes
 * straight to the book page; everybody else sees the installation, its ampel, the last and next inspection
 * and a form to report a defect.
 */
export function QrPublicPage() {
  const { slug: code = '' } = useParams();
  const navigate = useNavigate();
  const { isLoggedIn, session, currentTenant } = useSession();
  const principal = toPrincipal(session);
  const mayOpenBook = isLoggedIn && canOpen('book_list', principal) && !!principal && mayCall('qr:read', principal);

  const resolved = useQuery({
    queryKey: ['qr', 'resolve', code, currentTenant] as const,
    queryFn: ({ signal }) => resolveQrCode(code, undefined, signal),
    enabled: mayOpenBook && !!code,
    retry: false,
  });
  const target = resolved.data;
  useEffect(() => {
    if (!target) return;
    if (target.tenant !== currentTenant) setCurrentTenant(target.tenant);
    navigate(screenPath('book_list', { tenant: target.tenant, slug: target.book }), { replace: true });
  }, [target, currentTenant, navigate]);

  // Without a network a technician's scan opens the book prepared for the road (decision 061), if it was.
  const { online } = useNetwork();
  const prepared = useQuery({
    queryKey: ['offline', 'qr', code] as const,
    queryFn: () => import('@/features/offline').then((m) => m.preparedBookByQr(code)),
    enabled: mayOpenBook && !!code && (!online || (isApiError(resolved.error) && resolved.error.status === 0)),
    networkMode: 'always',
  });
  useEffect(() => {
    const found = prepared.data;
    if (found) navigate(screenPath('offline_book', { tenant: found.tenantId, slug: found.bookId }), { replace: true });
  }, [prepared.data, navigate]);

  const publicQr = usePublicQr(code, !mayOpenBook || resolved.isError);
  if (mayOpenBook && prepared.isPending && prepared.fetchStatus === 'fetching') return <PageLoader />;
  if (mayOpenBook && online && (resolved.isPending || resolved.isSuccess)) return <PageLoader />;
  if (mayOpenBook && !online && prepared.isSuccess && !prepared.data) return <NotPrepared />;

  return (
    <Container size={560} px={0} py={{ base: 0, sm: 'md' }}>
      {publicQr.isPending ? <PageLoader /> : null}
      {publicQr.isError ? (
        isApiError(publicQr.error) && [400, 404].includes(publicQr.error.status) ? (
          <UnknownCode />
        ) : (
          <LoadError error={publicQr.error} onRetry={() => void publicQr.refetch()} />
        )
      ) : null}
      {publicQr.data ? <Installation code={code} data={publicQr.data} signedIn={isLoggedIn} /> : null}
    </Container>
  );
}

/** Offline, and the scanned book was not prepared for the road. */
function NotPrepared() {
  const { t } = useTranslation();
  return (
    <Container size={560} px={0} py={{ base: 0, sm: 'md' }}>
      <Alert
        color="orange"
        icon={<IconQrcode size={18} />}
        title={t('common.connection.offlineTitle')}
        data-testid="qr-not-prepared"
      >
        {t('offline.book.notPrepared')} {t('offline.book.notPreparedHint')}
      </Alert>
    </Container>
  );
}

function UnknownCode() {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      icon={<IconQrcode size={18} />}
      title={t('qr.public.unknownTitle')}
      role="alert"
      data-testid="public-unknown"
    >
      {t('qr.public.unknown')}
    </Alert>
  );
}

function InfoRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text fw={500} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function Installation({ code, data, signedIn }: { code: string; data: PublicQr; signedIn: boolean }) {
  const { t } = useTranslation();
  const { installation } = data;
  const address = installation.address;
  const street = address ? [address.street, address.housenumber].filter(Boolean).join(' ') : '';
  const place = address ? [address.zip, address.location].filter(Boolean).join(' ') : '';
  const subtitle = [installation.object !== installation.title ? installation.object : '', installation.site]
    .filter(Boolean)
    .join(' · ');
  const last = data.lastInspectionDate
    ? data.lastInspectionKind
      ? t('qr.public.lastValue', {
          date: formatDate(data.lastInspectionDate),
          kind: t(`qr.kinds.${data.lastInspectionKind}`),
        })
      : formatDate(data.lastInspectionDate)
    : t('qr.public.never');

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: 0.4 }}>
              {t('qr.public.installation')}
            </Text>
            {installation.type ? (
              <Badge variant="light" tt="none" data-testid="public-type">
                {installation.type}
              </Badge>
            ) : null}
          </Group>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="public-title">
            {installation.title || installation.object}
          </Title>
          {subtitle ? (
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {subtitle}
            </Text>
          ) : null}
          {street || place ? (
            <Group gap={6} wrap="nowrap" align="flex-start" mt={4}>
              <IconMapPin size={18} style={{ flex: 'none', marginTop: 2 }} color="var(--mantine-color-dimmed)" />
              <Text size="sm">
                {street}
                {street && place ? <br /> : null}
                {place}
              </Text>
            </Group>
          ) : null}
        </Stack>
      </Paper>

      <AmpelPanel state={ampelState(data.ampel, data.shutDown)} />

      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <InfoRow label={t('qr.public.last')} value={last} testId="public-last" />
          <InfoRow
            label={t('qr.public.next')}
            value={data.nextInspectionDate ? formatDate(data.nextInspectionDate) : t('qr.public.notPlanned')}
            testId="public-next"
          />
        </SimpleGrid>
        <Divider my="sm" />
        <InfoRow label={t('qr.public.serviceCompany')} value={data.tenantName} testId="public-tenant" />
      </Paper>

      <Paper withBorder radius="md" p="md">
        <DefectReportForm code={code} tenantName={data.tenantName} />
      </Paper>

      <Paper radius="md" p="md" bg="var(--mantine-color-default-hover)">
        {signedIn ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={18} style={{ flex: 'none' }} />
            <Text size="sm">{t('qr.public.noAccess')}</Text>
          </Group>
        ) : (
          <Stack gap="xs">
            <Text size="sm">{t('qr.public.staffHint')}</Text>
            <Button
              component={Link}
              to={loginPathFor(screenPath('qr_public', { slug: code }))}
              variant="default"
              leftSection={<IconLogin size={16} />}
              data-testid="public-login"
            >
              {t('qr.public.signIn')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
