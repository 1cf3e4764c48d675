import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deleteWithConfirm } from '../delete-with-confirm';

/** An icon button with a tooltip: a link with `to`, else a button with `onClick`. */
export function RowAction({
  label,
  icon,
  to,
  onClick,
  color,
  testId,
}: {
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  color?: string;
  testId?: string;
}) {
  const common = { variant: 'subtle', color, 'aria-label': label, 'data-testid': testId } as const;
  return (
    <Tooltip label={label} openDelay={300}>
      {to ? (
        <ActionIcon component={Link} to={to} {...common}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon onClick={onClick} {...common}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

export interface RowDelete<T> {
  title: string;
  message: (row: T) => ReactNode;
  /** The delete (a mutation's mutateAsync); toasts and the question are the kit's. */
  run: (row: T) => Promise<unknown>;
  /** Rows that may not be deleted (one's own account) get no button. */
  allowed?: (row: T) => boolean;
  testId?: string;
}

/** What a row offers at its end: edit (a link), delete (asked first), and any of the screen's own. */
export interface RowActionsConfig<T> {
  /** The row's edit screen; null for a row that may not be edited. */
  edit?: (row: T) => string | null;
  editLabel?: string;
  editTestId?: string;
  remove?: RowDelete<T>;
  /** Further RowAction elements, shown before edit and delete. */
  extra?: (row: T) => ReactNode;
}

export function RowActions<T>({ row, config }: { row: T; config: RowActionsConfig<T> }) {
  const { t } = useTranslation();
  const editTo = config.edit?.(row) ?? null;
  const remove = config.remove;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {config.extra?.(row)}
      {editTo ? (
        <RowAction
          label={config.editLabel ?? t('common.actions.edit')}
          icon={<IconPencil size={18} />}
          to={editTo}
          testId={config.editTestId}
        />
      ) : null}
      {remove && (remove.allowed?.(row) ?? true) ? (
        <RowAction
          label={t('common.actions.delete')}
          icon={<IconTrash size={18} />}
          color="red"
          testId={remove.testId}
          onClick={() =>
            deleteWithConfirm({ title: remove.title, message: remove.message(row), run: () => remove.run(row) })
          }
        />
      ) : null}
    </Group>
  );
}
