import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_EXTENSIONS } from '@pruefbuch/domain/schemas/document';
import type { Offer, OfferFile } from '@pruefbuch/domain/schemas/offer';
import { IconFileZip, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { FileDropArea } from '@/components/ui/file-drop-area';
import { FileRow, UploadFailure, UploadProgress } from '@/components/ui/file-rows';
import { errorText } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { notifyError, notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useDeleteOfferFile } from '../api/delete-offer-file';
import { useDownloadOfferFile } from '../api/download-offer-file';
import { useDownloadOfferZip } from '../api/download-offer-zip';
import { useUploadOfferFile } from '../api/upload-offer-file';

const EXTENSIONS = [...new Set(Object.values(DOCUMENT_EXTENSIONS).flat())];
/** What the file picker offers; the server decides from the bytes either way. */
const ACCEPT = [...DOCUMENT_CONTENT_TYPES, ...EXTENSIONS.map((ext) => `.${ext}`)].join(',');

/**
 * The attachments of a saved offer: drop or pick a file (with progress), download one or all as a zip, delete
 * one after asking. `onChanged` reads the offer again (its version moves with its files).
 */
export function OfferFiles({ offer, canWrite, onChanged }: { offer: Offer; canWrite: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const upload = useUploadOfferFile();
  const remove = useDeleteOfferFile();
  const download = useDownloadOfferFile();
  const zip = useDownloadOfferZip();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = (file: File | null) => {
    if (!file) return;
    setFailure(null);
    setProgress({ name: file.name, fraction: 0 });
    upload.mutate(
      { offerId: offer._id, file, onProgress: (fraction) => setProgress({ name: file.name, fraction }) },
      {
        onSuccess: () => {
          notifySuccess({ text: t('offers.files.added') });
          onChanged();
        },
        onError: (error) => {
          const text = errorText(t, error);
          setFailure(`${file.name}: ${text}`);
          notifyError(text, t('offers.files.uploadFailed'));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const save = (file: OfferFile) =>
    download.mutate(
      { offerId: offer._id, fileId: file._id, fileName: file.name },
      { onError: (error) => notifyError(errorText(t, error), t('offers.files.downloadFailed')) },
    );

  const askDelete = (file: OfferFile) =>
    confirmDelete({
      title: t('offers.files.deleteTitle'),
      message: t('offers.files.deleteConfirm', { name: file.name }),
      onConfirm: () =>
        remove.mutate(
          { offerId: offer._id, fileId: file._id },
          {
            onSuccess: () => {
              notifySuccess({ text: t('offers.files.deleted') });
              onChanged();
            },
            onError: notifySaveFailed,
          },
        ),
    });

  return (
    <Stack gap="sm">
      {offer.files.length > 1 ? (
        <Group justify="flex-end">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileZip size={16} />}
            loading={zip.isPending}
            onClick={() =>
              zip.mutate(
                { offerId: offer._id, fallbackName: t('offers.files.zipName') },
                { onError: (error) => notifyError(errorText(t, error), t('offers.files.downloadFailed')) },
              )
            }
            data-testid="offer-files-zip"
          >
            {t('offers.files.zip')}
          </Button>
        </Group>
      ) : null}
      {canWrite ? (
        <FileDropArea onDrop={send} disabled={upload.isPending} p="md" data-testid="offer-file-drop">
          <Group gap="sm" justify="center" wrap="wrap">
            <IconUpload size={20} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('offers.files.drop')}
            </Text>
            <FileButton onChange={send} accept={ACCEPT} disabled={upload.isPending}>
              {(props) => (
                <Button {...props} size="xs" variant="light" loading={upload.isPending} data-testid="offer-file-upload">
                  {t('offers.files.pick')}
                </Button>
              )}
            </FileButton>
          </Group>
          <Text size="xs" c="dimmed" ta="center" mt={6}>
            {t('offers.files.hint')}
          </Text>
        </FileDropArea>
      ) : null}
      {offer.deleteFilesDate && offer.files.length > 0 ? (
        <Text size="xs" c="dimmed">
          {t('offers.files.deletedOn', { date: formatDate(offer.deleteFilesDate) })}
        </Text>
      ) : null}
      {progress ? (
        <UploadProgress
          text={t('offers.files.uploading', { name: progress.name })}
          name={progress.name}
          fraction={progress.fraction}
          testId="offer-file-progress"
        />
      ) : null}
      {failure ? <UploadFailure text={failure} onClose={() => setFailure(null)} testId="offer-file-error" /> : null}
      {offer.files.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('offers.files.empty')}
        </Text>
      ) : null}
      {offer.files.map((file) => (
        <FileRow
          key={file._id}
          name={file.name}
          contentType={file.contentType}
          size={file.size}
          createdAt={file.createdAt}
          onDownload={() => save(file)}
          onDelete={canWrite ? () => askDelete(file) : undefined}
          labels={{
            download: t('offers.files.download'),
            downloadName: t('offers.files.downloadName', { name: file.name }),
            deleteName: t('offers.files.deleteName', { name: file.name }),
          }}
          testIds={{ row: 'offer-file', downloadButton: 'offer-file-download', delete: 'offer-file-delete' }}
        />
      ))}
    </Stack>
  );
}
