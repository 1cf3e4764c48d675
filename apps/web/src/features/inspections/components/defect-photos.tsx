import {
  ActionIcon,
  Box,
  Button,
  Center,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  Progress,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconCamera, IconPhotoOff, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errors';
import { notifyError } from '@/lib/notify';
import { useMayAddPhotos } from '@/lib/photo-rights';
import { usePhotoUrl } from '../api/get-photo';
import { useUploadDefectPhoto } from '../api/upload-defect-photo';

const THUMB = 88;

function Thumbnail({
  tenantId,
  blobId,
  label,
  onOpen,
}: {
  tenantId: string;
  blobId: string;
  label: string;
  onOpen: (url: string) => void;
}) {
  const photo = usePhotoUrl(tenantId, blobId);
  return (
    <UnstyledButton
      onClick={() => photo.url && onOpen(photo.url)}
      aria-label={label}
      disabled={!photo.url}
      style={{
        width: THUMB,
        height: THUMB,
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        border: '1px solid var(--mantine-color-gray-3)',
        display: 'block',
      }}
      data-testid="defect-photo"
    >
      {photo.url ? (
        <Image src={photo.url} alt="" w={THUMB} h={THUMB} fit="cover" />
      ) : (
        <Center w={THUMB} h={THUMB} bg="gray.0">
          {photo.isError ? <IconPhotoOff size={22} color="var(--mantine-color-gray-6)" /> : <Loader size="xs" />}
        </Center>
      )}
    </UnstyledButton>
  );
}

/**
 * The photos of one defect: taken with the phone's camera (or picked), uploaded at once as blobs of the
 * book with a progress bar; thumbnails are fetched with the session; a photo can be removed again.
 */
export function DefectPhotos({
  tenantId,
  bookId,
  photos,
  onChange,
  readOnly,
  defectLabel,
}: {
  tenantId: string;
  bookId: string;
  photos: string[];
  onChange: (photos: string[]) => void;
  readOnly: boolean;
  /** Names the defect in the photos' labels ('Foto 2 von Mangel 1'). */
  defectLabel: string;
}) {
  const { t } = useTranslation();
  const upload = useUploadDefectPhoto();
  const mayAdd = useMayAddPhotos();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [opened, setOpened] = useState<string | null>(null);

  const pick = async (files: File[]) => {
    let current = photos;
    for (const file of files) {
      setProgress({ name: file.name, fraction: 0 });
      try {
        const blob = await upload.mutateAsync({
          tenantId,
          bookId,
          file,
          onProgress: (fraction) => setProgress({ name: file.name, fraction }),
        });
        current = [...current, blob._id];
        onChange(current);
      } catch (error) {
        notifyError(errorText(t, error), t('inspections.defects.photoFailed'));
        break;
      }
    }
    setProgress(null);
  };

  if ((readOnly || !mayAdd) && photos.length === 0) return null;

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('inspections.defects.photos')}
      </Text>
      {photos.length > 0 ? (
        <Group gap="xs">
          {photos.map((blobId, index) => {
            const label = t('inspections.defects.photoName', { index: index + 1, defect: defectLabel });
            return (
              <Box key={blobId} pos="relative">
                <Thumbnail tenantId={tenantId} blobId={blobId} label={label} onOpen={setOpened} />
                {readOnly ? null : (
                  <ActionIcon
                    pos="absolute"
                    top={4}
                    right={4}
                    size="md"
                    radius="xl"
                    color="red"
                    variant="filled"
                    onClick={() => onChange(photos.filter((p) => p !== blobId))}
                    aria-label={t('inspections.defects.removePhoto', { name: label })}
                    data-testid="defect-photo-remove"
                  >
                    <IconX size={16} />
                  </ActionIcon>
                )}
              </Box>
            );
          })}
        </Group>
      ) : null}
      {progress ? (
        <Stack gap={4} data-testid="defect-photo-progress">
          <Text size="xs" c="dimmed" truncate>
            {t('inspections.defects.uploading', { name: progress.name })}
          </Text>
          <Progress value={Math.round(progress.fraction * 100)} animated striped aria-label={progress.name} />
        </Stack>
      ) : null}
      {readOnly || !mayAdd ? null : (
        <FileButton
          onChange={(files) => void pick(files)}
          accept="image/*"
          capture="environment"
          multiple
          disabled={upload.isPending}
          inputProps={{ 'aria-label': t('inspections.defects.addPhotoFor', { defect: defectLabel }) }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconCamera size={18} />}
              loading={upload.isPending}
              style={{ alignSelf: 'flex-start' }}
              data-testid="defect-photo-add"
            >
              {t('inspections.defects.addPhoto')}
            </Button>
          )}
        </FileButton>
      )}
      <Modal opened={!!opened} onClose={() => setOpened(null)} size="xl" title={t('inspections.defects.photos')}>
        {opened ? <Image src={opened} alt={t('inspections.defects.photos')} fit="contain" mah="75vh" /> : null}
      </Modal>
    </Stack>
  );
}
