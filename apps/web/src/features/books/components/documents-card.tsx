import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_EXTENSIONS, type DocumentBlob } from '@pruefbuch/domain/schemas/document';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { FileRow, UploadFailure, UploadProgress } from '@/components/ui/file-rows';
import { LoadError } from '@/components/ui/load-error';
import { UploadButton } from '@/components/ui/upload-button';
import { errorText } from '@/lib/errors';
import { notifyError, notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useDeleteBookDocument } from '../api/delete-book-document';
import { useDownloadDocument } from '../api/download-document';
import { useBookDocuments } from '../api/get-book-documents';
import { useUploadBookDocument } from '../api/upload-book-document';

const EXTENSIONS = [...new Set(Object.values(DOCUMENT_EXTENSIONS).flat())];
/** What the file picker offers; the server decides from the bytes either way. */
const ACCEPT = [...DOCUMENT_CONTENT_TYPES, ...EXTENSIONS.map((ext) => `.${ext}`)].join(',');
const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/**
 * The documents of a book: upload (PDF and images, with progress), download and delete. Users who may only
 * read see the list and the downloads.
 */
export function DocumentsCard({ tenantId, bookId, canWrite }: { tenantId: string; bookId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const documents = useBookDocuments(tenantId, bookId);
  const upload = useUploadBookDocument();
  const remove = useDeleteBookDocument();
  const download = useDownloadDocument();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const pick = (file: File | null) => {
    if (!file) return;
    setFailure(null);
    // A name that cannot be a PDF or an image is refused before a byte is sent.
    if (!EXTENSIONS.includes(extensionOf(file.name))) {
      const text = t('errors.UNSUPPORTED_FILE_TYPE');
      setFailure(`${file.name}: ${text}`);
      notifyError(text, t('books.documents.uploadFailed'));
      return;
    }
    setProgress({ name: file.name, fraction: 0 });
    upload.mutate(
      { tenantId, bookId, file, onProgress: (fraction) => setProgress({ name: file.name, fraction }) },
      {
        onSuccess: () => notifySuccess({ text: t('books.documents.added') }),
        onError: (error) => {
          const text = errorText(t, error);
          setFailure(`${file.name}: ${text}`);
          notifyError(text, t('books.documents.uploadFailed'));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const askDelete = (doc: DocumentBlob) =>
    confirmDelete({
      title: t('books.documents.deleteTitle'),
      message: t('books.documents.deleteConfirm', { name: doc.fileName }),
      onConfirm: () =>
        remove.mutate(
          { tenantId, bookId, docId: doc._id },
          { onSuccess: () => notifySuccess({ text: t('books.documents.deleted') }), onError: notifySaveFailed },
        ),
    });

  const save = (doc: DocumentBlob) =>
    download.mutate(
      { tenantId, blobId: doc._id, fileName: doc.fileName },
      { onError: (error) => notifyError(errorText(t, error), t('books.documents.downloadFailed')) },
    );

  const list = documents.data ?? [];

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="documents-card">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {t('books.sections.documents')}
          </Title>
          {canWrite ? (
            <UploadButton
              label={t('books.documents.upload')}
              accept={ACCEPT}
              onPick={pick}
              pending={upload.isPending}
              testId="document-upload"
            />
          ) : null}
        </Group>
        {canWrite ? (
          <Text size="xs" c="dimmed">
            {t('books.documents.hint')}
          </Text>
        ) : null}
        {progress ? (
          <UploadProgress
            text={t('books.documents.uploading', { name: progress.name })}
            name={progress.name}
            fraction={progress.fraction}
            testId="document-progress"
          />
        ) : null}
        {failure ? <UploadFailure text={failure} onClose={() => setFailure(null)} testId="document-error" /> : null}
        {documents.isError ? <LoadError error={documents.error} onRetry={() => void documents.refetch()} /> : null}
        {documents.data && list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('books.documents.empty')}
          </Text>
        ) : null}
        {list.map((doc) => (
          <FileRow
            key={doc._id}
            name={doc.fileName}
            contentType={doc.contentType}
            size={doc.size}
            createdAt={doc.createdAt}
            onDownload={() => save(doc)}
            onDelete={canWrite ? () => askDelete(doc) : undefined}
            labels={{
              download: t('books.actions.download'),
              downloadName: t('books.documents.downloadName', { name: doc.fileName }),
              deleteName: t('books.documents.deleteName', { name: doc.fileName }),
            }}
            testIds={{ row: 'document-row', download: 'document-download', delete: 'document-delete' }}
          />
        ))}
      </Stack>
    </Paper>
  );
}
