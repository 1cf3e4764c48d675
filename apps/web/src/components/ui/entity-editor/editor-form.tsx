import { Button, Fieldset, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DeleteRequest, deleteWithConfirm } from '../delete-with-confirm';
import { ConflictDialog } from './conflict-dialog';
import type { EntityEditor } from './use-entity-editor';

/**
 * The form of an entity screen: its fields (framed in a card unless the form brings its own sections), a save
 * bar that stays in reach at the bottom of the screen (whether anything is unsaved, delete, cancel, save), and
 * the 409 dialog. Read-only: the fields are disabled and there is no save bar.
 */
export function EditorForm<Values extends object>({
  editor,
  children,
  framed = true,
  remove,
  cancelTo,
  saveLabel,
  testId,
}: {
  editor: Pick<EntityEditor<Values>, 'submit' | 'readOnly' | 'dirty' | 'saving' | 'conflict'>;
  children: ReactNode;
  /** false for a form of several sections (FormSection) of its own. */
  framed?: boolean;
  /** A delete button in the save bar (asked first). */
  remove?: DeleteRequest | null;
  /** An 'Abbrechen' link. */
  cancelTo?: string;
  saveLabel?: string;
  /** `${testId}-form`, `-save`, `-delete`, `-save-bar`. */
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = (part: string) => (testId ? `${testId}-${part}` : undefined);
  const fields = (
    <Fieldset variant="unstyled" disabled={editor.readOnly} p={0} m={0} miw={0}>
      {children}
    </Fieldset>
  );
  return (
    <form onSubmit={editor.submit} noValidate data-testid={id('form')}>
      <Stack gap="md">
        {framed ? (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            {fields}
          </Paper>
        ) : (
          fields
        )}
        {editor.readOnly ? null : (
          <Paper
            withBorder
            radius="md"
            p="sm"
            pos="sticky"
            bottom={8}
            shadow="sm"
            style={{ zIndex: 5 }}
            data-testid={id('save-bar')}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                {remove?.blocked ? (
                  <Tooltip
                    label={remove.blocked}
                    multiline
                    w={320}
                    withArrow
                    events={{ hover: true, focus: true, touch: true }}
                  >
                    <Button
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      data-disabled
                      aria-disabled
                      aria-description={remove.blocked}
                      onClick={(e) => e.preventDefault()}
                      px="xs"
                      data-testid={id('delete')}
                    >
                      {t('common.actions.delete')}
                    </Button>
                  </Tooltip>
                ) : remove ? (
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => deleteWithConfirm(remove)}
                    px="xs"
                    data-testid={id('delete')}
                  >
                    {t('common.actions.delete')}
                  </Button>
                ) : null}
                <Text
                  size="sm"
                  c={editor.dirty ? 'orange.8' : 'dimmed'}
                  visibleFrom="sm"
                  truncate
                  data-dirty={editor.dirty}
                >
                  {editor.dirty ? t('ui.editor.unsaved') : t('ui.editor.noChanges')}
                </Text>
              </Group>
              <Group gap="xs" wrap="nowrap">
                {cancelTo ? (
                  <Button component={Link} to={cancelTo} variant="default">
                    {t('common.actions.cancel')}
                  </Button>
                ) : null}
                <Button
                  type="submit"
                  loading={editor.saving}
                  leftSection={<IconDeviceFloppy size={16} />}
                  data-testid={id('save')}
                >
                  {saveLabel ?? t('common.actions.save')}
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
      </Stack>
      <ConflictDialog {...editor.conflict} />
    </form>
  );
}
