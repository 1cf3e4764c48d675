import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';

/** A small 'upload' button in a card's header: picks one file, shows the upload running. */
export function UploadButton({
  label,
  accept,
  onPick,
  pending,
  testId,
}: {
  label: string;
  accept: string;
  onPick: (file: File | null) => void;
  pending: boolean;
  testId: string;
}) {
  return (
    <FileButton onChange={onPick} accept={accept} disabled={pending}>
      {(props) => (
        <Button
          {...props}
          size="xs"
          variant="light"
          leftSection={<IconUpload size={16} />}
          loading={pending}
          data-testid={testId}
        >
          {label}
        </Button>
      )}
    </FileButton>
  );
}
