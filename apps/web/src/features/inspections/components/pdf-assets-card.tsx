import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { mayCall } from '@pruefbuch/domain/access';
import { Role } from '@pruefbuch/domain/roles';
import type { PdfAsset } from '@pruefbuch/domain/schemas/pdf-asset';
import { IconFileCertificate, IconFileTypePdf, IconSignature } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { UploadButton } from '@/components/ui/upload-button';
import { useTenant } from '@/features/tenants';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { principalOf, useSession } from '@/lib/session';
import { pdfPaths, useDownloadPdf } from '../api/download-pdf';
import { getPdfAssetsQueryOptions } from '../api/get-pdf-assets';
import { useUploadPdfAsset } from '../api/upload-pdf-asset';
import { openSignOff } from './sign-off-form';

const ACCEPTORS: readonly number[] = [Role.ACCEPTOR_ROLE, Role.ACCEPTOR_LITE_ROLE];

/**
 * The PDFs kept for a book (reports archived when a record was finalized, uploaded PDFs) and their technical
 * acceptance: who signed each off and when. The tenant's tech acceptors (and admins and tenant admins for them)
 * sign a PDF off once, when the tenant has technical acceptance switched on; the office uploads existing PDFs.
 */
export function PdfAssetsCard({
  tenantId,
  bookId,
  readOnly = false,
}: {
  tenantId: string;
  bookId: string;
  /** A retired book's PDFs (decision 059): read, neither uploaded nor signed off. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const { session } = useSession();
  const principal = session ? principalOf(session) : null;
  const maySign = !readOnly && !!principal && mayCall('techacceptor:sign', principal);
  const mayUpload = !readOnly && !!principal && mayCall('documents:write', principal);
  const assets = useQuery(getPdfAssetsQueryOptions(tenantId, bookId));
  // The tenant says whether its books are accepted technically, and by whom by default.
  const tenant = useTenant(maySign ? tenantId : undefined);
  const acceptance = !!tenant.data?.techAcceptor;
  const ownNameOnly = !!principal && ACCEPTORS.includes(principal.role);
  const upload = useUploadPdfAsset();
  const download = useDownloadPdf();

  const pick = (file: File | null) => {
    if (!file) return;
    upload.mutate(
      { tenantId, bookId, file },
      {
        onSuccess: () => notifySuccess({ text: t('inspections.assets.uploaded') }),
        onError: (error) => notifyError(errorText(t, error), t('books.documents.uploadFailed')),
      },
    );
  };
  const save = (asset: PdfAsset) =>
    download.mutate(
      { tenantId, path: pdfPaths.archived(asset.blob), fallbackName: asset.fileName },
      { onError: (error) => notifyError(errorText(t, error), t('books.documents.downloadFailed')) },
    );
  const signOff = (asset: PdfAsset) =>
    openSignOff({
      tenantId,
      bookId,
      asset,
      acceptorId: ownNameOnly ? (session?.userId ?? null) : (tenant.data?.defaultTechAcceptor ?? null),
      ownNameOnly,
    });

  const list = assets.data ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="pdf-assets-card">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {t('inspections.assets.title')}
          </Title>
          {mayUpload ? (
            <UploadButton
              label={t('inspections.assets.upload')}
              accept="application/pdf,.pdf"
              onPick={pick}
              pending={upload.isPending}
              testId="pdf-asset-upload"
            />
          ) : null}
        </Group>
        {maySign && tenant.data && !acceptance ? (
          <Text size="xs" c="dimmed">
            {t('inspections.assets.acceptanceOff')}
          </Text>
        ) : null}
        {assets.isError ? <LoadError error={assets.error} onRetry={() => void assets.refetch()} /> : null}
        {assets.data && list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('inspections.assets.empty')}
          </Text>
        ) : null}
        {list.map((asset) => (
          <Stack key={asset._id} gap={4} data-testid="pdf-asset-row">
            <UnstyledButton
              onClick={() => save(asset)}
              style={{ display: 'flex', gap: 10, alignItems: 'center', minWidth: 0 }}
              aria-label={t('books.documents.downloadName', { name: asset.fileName })}
            >
              <ThemeIcon variant="light" size="lg" color={asset.acceptedAt ? 'teal' : 'red'}>
                {asset.acceptedAt ? <IconFileCertificate size={18} /> : <IconFileTypePdf size={18} />}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} c="blue" style={{ overflowWrap: 'anywhere' }}>
                  {asset.fileName}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`inspections.assets.kind.${asset.inspection ? 'record' : asset.kind}`)} ·{' '}
                  {formatDateTime(asset.createdAt)}
                </Text>
              </div>
            </UnstyledButton>
            <Group gap="xs" pl={44} wrap="wrap" data-testid="pdf-asset-acceptance">
              {asset.acceptedAt ? (
                <>
                  <Badge color="teal" variant="light" tt="none">
                    {t('inspections.assets.accepted')}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t('inspections.assets.acceptedBy', {
                      name: asset.techAcceptorName ?? '–',
                      date: formatDateTime(asset.acceptedAt),
                    })}
                  </Text>
                  {asset.acceptanceNote ? (
                    <Text size="xs" style={{ overflowWrap: 'anywhere', flexBasis: '100%' }}>
                      {asset.acceptanceNote}
                    </Text>
                  ) : null}
                </>
              ) : maySign && acceptance ? (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="teal"
                  leftSection={<IconSignature size={14} />}
                  onClick={() => signOff(asset)}
                  data-testid="pdf-asset-signoff"
                >
                  {t('inspections.assets.signOff')}
                </Button>
              ) : (
                <Text size="xs" c="dimmed">
                  {t('inspections.assets.notAccepted')}
                </Text>
              )}
            </Group>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
