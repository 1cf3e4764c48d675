import { Button, Group, Select, Stack } from '@mantine/core';
import type { Book } from '@pruefbuch/domain/schemas/book';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useMoveBook } from '../api/move-book';
import { useFolderOptions } from './use-folder-options';

/** The body of the move-to-folder modal: choose the folder (or none) and move (PUT books/{id}/move2folder). */
export function MoveBookForm({ tenantId, book, onDone }: { tenantId: string; book: Book; onDone: () => void }) {
  const { t } = useTranslation();
  const folders = useFolderOptions(tenantId);
  const move = useMoveBook();
  const [target, setTarget] = useState(book.folder ?? 'root');

  const submit = () =>
    move.mutate(
      { tenantId, id: book._id, folderId: target },
      {
        onSuccess: () => {
          notifySuccess('saved');
          onDone();
        },
        onError: notifySaveFailed,
      },
    );

  return (
    <Stack gap="md">
      <Select
        value={target}
        onChange={(value) => setTarget(value ?? 'root')}
        label={t('books.fields.folder')}
        data={folders.options}
        searchable
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
        data-testid="move-folder"
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          {t('common.actions.cancel')}
        </Button>
        <Button
          onClick={submit}
          loading={move.isPending}
          disabled={target === (book.folder ?? 'root')}
          data-testid="move-save"
        >
          {t('books.actions.move')}
        </Button>
      </Group>
    </Stack>
  );
}
