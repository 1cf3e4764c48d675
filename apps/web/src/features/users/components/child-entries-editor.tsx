import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '@/components/ui/number-field';
import { addChildEntry, type ChildEntry, removeChildEntry } from '../child-entries';

export interface ProfileValues {
  firstName: string;
  lastName: string;
  tel: string;
  userInspection: ChildEntry[];
}

/** The userInspection list of the own profile: add and remove by the rules of SPEC §4. */
export function ChildEntriesEditor({ form }: { form: UseFormReturnType<ProfileValues> }) {
  const { t } = useTranslation();
  const entries = form.values.userInspection;

  const add = () => form.setFieldValue('userInspection', addChildEntry(entries, form.values.lastName));
  const remove = (entry: ChildEntry) => {
    form.setFieldValue('userInspection', removeChildEntry(entries, entry));
    form.clearErrors();
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={4}>{t('users.children.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('users.children.intro')}
          </Text>
        </div>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} data-testid="child-add">
          {t('users.children.add')}
        </Button>
      </Group>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('users.children.empty')}
        </Text>
      ) : null}
      {entries.map((entry, index) => (
        <Paper
          key={entry._id ?? `new-${entry.positionsNummer}`}
          withBorder
          p="sm"
          radius="md"
          data-testid="child-entry"
        >
          <Group align="flex-start" wrap="nowrap" gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" style={{ flex: 1 }}>
              <NumberField
                {...form.getInputProps(`userInspection.${index}.positionsNummer`)}
                label={t('users.children.positionsNummer')}
                min={1}
                allowDecimal={false}
                allowNegative={false}
              />
              <TextInput
                {...form.getInputProps(`userInspection.${index}.firstName`)}
                label={t('users.children.firstName')}
              />
              <TextInput
                {...form.getInputProps(`userInspection.${index}.lastName`)}
                label={t('users.children.lastName')}
              />
              <TextInput
                {...form.getInputProps(`userInspection.${index}.dob`)}
                type="date"
                label={t('users.children.dob')}
              />
            </SimpleGrid>
            <Tooltip label={t('users.children.remove')}>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                onClick={() => remove(entry)}
                aria-label={t('users.children.remove')}
                data-testid="child-remove"
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
