import { ActionIcon, Box, Image } from '@mantine/core';
import { IconPhotoCheck, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPhoto } from '../outbox-store';
import { LOCAL_PHOTO } from '../outbox-types';

/** A defect's photo: the downscaled picture kept on the device, or a mark for one already uploaded. */
export function DefectPhoto({ refId, index, onRemove }: { refId: string; index: number; onRemove?: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!refId.startsWith(LOCAL_PHOTO)) return;
    let made: string | null = null;
    let live = true;
    void getPhoto(refId.slice(LOCAL_PHOTO.length)).then((p) => {
      if (!p || !live) return;
      made = URL.createObjectURL(p.blob);
      setUrl(made);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [refId]);
  const alt = t('offline.record.photoAlt', { index: index + 1 });
  return (
    <Box pos="relative" w={96} h={96} data-testid="offline-photo">
      {url ? (
        <Image src={url} alt={alt} w={96} h={96} radius="sm" fit="cover" />
      ) : (
        <Box
          w={96}
          h={96}
          bg="gray.1"
          style={{ display: 'grid', placeItems: 'center', borderRadius: 4 }}
          aria-label={alt}
          role="img"
        >
          <IconPhotoCheck size={28} />
        </Box>
      )}
      {onRemove ? (
        <ActionIcon
          pos="absolute"
          top={2}
          right={2}
          size="sm"
          color="red"
          variant="filled"
          onClick={onRemove}
          aria-label={t('offline.record.removePhoto')}
        >
          <IconX size={12} />
        </ActionIcon>
      ) : null}
    </Box>
  );
}
