import { ActionIcon, Badge, Box, Divider, Group, Menu, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { FolderNode, FolderTree as FolderTreeData } from '@pruefbuch/domain/schemas/folder';
import {
  IconBooks,
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconFolder,
  IconFolderOpen,
  IconFolderPlus,
  IconFolderX,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { openModalWhenReady } from '@/components/ui/dialogs';
import { formatNumber } from '@/lib/format';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useCreateFolder } from '../api/create-folder';
import { useDeleteFolder } from '../api/delete-folder';
import { useUpdateFolder } from '../api/update-folder';
import { FolderNameForm } from './folder-name-form';
import { ancestorIds, folderPath } from './folder-path';

/** What the book list shows: every book, the books without a folder, or one folder. */
export type FolderSelection = 'all' | 'root' | (string & {});

const MODAL_ID = 'folder-name';

const count = (n: number) => (
  <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>
    {formatNumber(n)}
  </Badge>
);

/**
 * The folder tree of tenantStart: all books, books without folder, then the tenant's folders nested.
 * Staff may create folders (on the top level or under the chosen one), rename the chosen one and delete it
 * when it is empty.
 */
export function FolderTree({
  tenantId,
  tree,
  selected,
  onSelect,
  canWrite,
}: {
  tenantId: string;
  tree: FolderTreeData;
  selected: FolderSelection;
  onSelect: (selection: FolderSelection) => void;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(ancestorIds(tree.folders, selected)));
  const create = useCreateFolder();
  const update = useUpdateFolder();
  const remove = useDeleteFolder();

  // A folder chosen from outside (breadcrumbs, the address) is shown with its parents open.
  useEffect(() => {
    const path = ancestorIds(tree.folders, selected).slice(0, -1);
    if (path.length > 0) setExpanded((prev) => (path.every((id) => prev.has(id)) ? prev : new Set([...prev, ...path])));
  }, [tree.folders, selected]);

  const current = folderPath(tree.folders, selected).at(-1) ?? null;
  const toggle = (id: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const openNameModal = (title: string, initialName: string, save: (name: string) => Promise<unknown>) =>
    openModalWhenReady({
      modalId: MODAL_ID,
      title,
      children: (
        <FolderNameForm
          initialName={initialName}
          onCancel={() => modals.close(MODAL_ID)}
          onSubmit={async (name) => {
            await save(name);
            modals.close(MODAL_ID);
          }}
        />
      ),
    });

  const newFolder = (parent: FolderNode | null) =>
    openNameModal(
      parent ? t('tenants.folders.createSubTitle', { parent: parent.folderName }) : t('tenants.folders.createTitle'),
      '',
      async (folderName) => {
        const folder = await create.mutateAsync({ tenantId, parentId: parent?._id ?? null, folderName });
        notifySuccess('created');
        if (parent) setExpanded((prev) => new Set([...prev, parent._id]));
        onSelect(folder._id);
      },
    );

  const rename = (folder: FolderNode) =>
    openNameModal(t('tenants.folders.renameTitle'), folder.folderName, async (folderName) => {
      await update.mutateAsync({ tenantId, id: folder._id, data: { folderName } });
      notifySuccess('saved');
    });

  const askDelete = (folder: FolderNode) =>
    confirmDelete({
      title: t('tenants.folders.deleteTitle'),
      message: t('tenants.folders.deleteConfirm', { name: folder.folderName }),
      onConfirm: () =>
        remove.mutate(
          { tenantId, id: folder._id },
          {
            onSuccess: () => {
              notifySuccess('deleted');
              onSelect(folder.parentFolderId ?? 'all');
            },
            onError: notifySaveFailed,
          },
        ),
    });

  const renderNode = (node: FolderNode, depth: number) => {
    const hasChildren = node.children.length > 0;
    const open = expanded.has(node._id);
    const active = node._id === selected;
    const Chevron = open ? IconChevronDown : IconChevronRight;
    return (
      <Box key={node._id}>
        <NavLink
          component="button"
          type="button"
          label={node.folderName}
          active={active}
          variant="light"
          // A click chooses the folder and opens it; a click on the chosen folder folds it again.
          onClick={() => {
            if (active && hasChildren) toggle(node._id);
            else {
              onSelect(node._id);
              if (hasChildren && !open) toggle(node._id);
            }
          }}
          aria-expanded={hasChildren ? open : undefined}
          leftSection={
            <Group gap={2} wrap="nowrap">
              {hasChildren ? <Chevron size={14} /> : <Box w={14} />}
              {active ? <IconFolderOpen size={18} /> : <IconFolder size={18} />}
            </Group>
          }
          rightSection={count(node.totalBooks)}
          style={{ paddingLeft: `calc(var(--mantine-spacing-xs) + ${depth} * var(--mantine-spacing-md))` }}
          data-testid="folder-node"
          aria-current={active ? 'true' : undefined}
        />
        {hasChildren && open ? node.children.map((child) => renderNode(child, depth + 1)) : null}
      </Box>
    );
  };

  const currentIsEmpty = !!current && current.children.length === 0 && current.books === 0;

  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={600}>{t('tenants.start.folders')}</Text>
        {canWrite ? (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('tenants.folders.newRoot')}>
              <ActionIcon
                variant="subtle"
                onClick={() => newFolder(null)}
                aria-label={t('tenants.folders.newRoot')}
                data-testid="folder-new-root"
              >
                <IconFolderPlus size={18} />
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  disabled={!current}
                  aria-label={t('tenants.folders.actions')}
                  data-testid="folder-actions"
                >
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              {current ? (
                <Menu.Dropdown>
                  <Menu.Label>{current.folderName}</Menu.Label>
                  <Menu.Item
                    leftSection={<IconFolderPlus size={16} />}
                    onClick={() => newFolder(current)}
                    data-testid="folder-new-sub"
                  >
                    {t('tenants.folders.newSub')}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconPencil size={16} />}
                    onClick={() => rename(current)}
                    data-testid="folder-rename"
                  >
                    {t('tenants.folders.rename')}
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    leftSection={currentIsEmpty ? <IconTrash size={16} /> : <IconFolderX size={16} />}
                    disabled={!currentIsEmpty}
                    onClick={() => askDelete(current)}
                    data-testid="folder-delete"
                  >
                    {t('tenants.folders.delete')}
                  </Menu.Item>
                  {currentIsEmpty ? null : (
                    <Text size="xs" c="dimmed" px="sm" pb={6} maw={240}>
                      {t('tenants.folders.notEmpty')}
                    </Text>
                  )}
                </Menu.Dropdown>
              ) : null}
            </Menu>
          </Group>
        ) : null}
      </Group>
      <NavLink
        component="button"
        type="button"
        label={t('tenants.start.allBooks')}
        leftSection={<IconBooks size={18} />}
        rightSection={count(tree.totalBooks)}
        active={selected === 'all'}
        variant="light"
        onClick={() => onSelect('all')}
        data-testid="folder-all"
      />
      <NavLink
        component="button"
        type="button"
        label={t('tenants.start.root')}
        leftSection={<IconFolder size={18} />}
        rightSection={count(tree.rootBooks)}
        active={selected === 'root'}
        variant="light"
        onClick={() => onSelect('root')}
        data-testid="folder-root"
      />
      <Divider my={4} />
      {tree.folders.length === 0 ? (
        <Text size="sm" c="dimmed" px="xs">
          {t('tenants.folders.empty')}
        </Text>
      ) : (
        tree.folders.map((node) => renderNode(node, 0))
      )}
    </Stack>
  );
}
