import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { FolderNode } from '@pruefbuch/domain/schemas/folder';
import type { Order } from '@pruefbuch/domain/schemas/order';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFolderTree } from '@/features/books';
import { errorText } from '@/lib/errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateOrderBook } from '../api/create-order-book';

const ROOT = '__root__';

/** The folders as a flat list, each indented by its depth. */
function flatten(nodes: readonly FolderNode[], depth = 0): { value: string; label: string }[] {
  return nodes.flatMap((n) => [
    { value: n._id, label: `${'\u00a0\u00a0'.repeat(depth)}${n.folderName}` },
    ...flatten(n.children, depth + 1),
  ]);
}

/** 'Prüfbuch anlegen': the book from the door configuration, in a folder of the tenant's. */
export function BookDialog({
  order,
  tenant,
  opened,
  onClose,
  onDone,
}: {
  order: Order;
  tenant: string;
  opened: boolean;
  onClose: () => void;
  onDone: (bookId: string) => void;
}) {
  const { t } = useTranslation();
  const tree = useFolderTree(opened ? tenant : undefined);
  const create = useCreateOrderBook();
  const [folder, setFolder] = useState<string>(ROOT);
  const [unknown, setUnknown] = useState<string[] | null>(null);

  const run = async () => {
    try {
      const reply = await create.mutateAsync({ id: order._id, folder: folder === ROOT ? null : folder });
      notifySuccess({ text: t('orders.editor.book.done') });
      onDone(reply.bookId);
      if (reply.unknownCodes.length) setUnknown(reply.unknownCodes);
      else onClose();
    } catch (error) {
      notifyError(errorText(t, error), t('orders.editor.book.failed'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        setUnknown(null);
        onClose();
      }}
      title={t('orders.editor.book.title')}
      size="md"
    >
      <Stack gap="md">
        {unknown ? (
          <>
            <Alert color="orange" data-testid="order-book-unknown">
              {t('orders.editor.book.unknownCodes', { codes: unknown.join(', ') })}
            </Alert>
            <Group justify="flex-end">
              <Button
                onClick={() => {
                  setUnknown(null);
                  onClose();
                }}
                data-testid="order-book-unknown-close"
              >
                {t('common.actions.close')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">{t('orders.editor.book.text')}</Text>
            <Select
              label={t('orders.editor.book.folder')}
              data={[{ value: ROOT, label: t('orders.editor.book.root') }, ...flatten(tree.data?.folders ?? [])]}
              value={folder}
              onChange={(v) => setFolder(v ?? ROOT)}
              allowDeselect={false}
              searchable
              comboboxProps={{ withinPortal: true }}
              data-testid="order-book-folder"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.actions.cancel')}
              </Button>
              <Button onClick={() => void run()} loading={create.isPending} data-testid="order-book-create">
                {t('orders.editor.book.create')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
