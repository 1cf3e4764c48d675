import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Divider,
  Group,
  List,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCalendarPlus, IconCalendarX, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { LoadError } from '@/components/ui/load-error';
import { formatDate } from '@/lib/format';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { type IcalFeed, useCreateIcalFeed } from '../api/create-ical-feed';
import { useDeleteIcalFeed } from '../api/delete-ical-feed';
import { useReminderSettings } from '../api/get-reminder-settings';
import { useUpdateReminderSettings } from '../api/update-reminder-settings';

/**
 * 'Erinnerungen' on the own profile (decision 019): the weekly digest mail on or off, and the calendar
 * subscription: a secret feed address made (shown once, with how to subscribe), renewed or ended.
 */
export function RemindersSection() {
  const { t } = useTranslation();
  const settings = useReminderSettings();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="reminders-section">
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('users.reminders.title')}
        </Title>
        {settings.isError ? <LoadError error={settings.error} onRetry={() => void settings.refetch()} /> : null}
        {settings.isPending ? <Skeleton height={64} radius="md" /> : null}
        {settings.data ? (
          <>
            <DigestSwitch digest={settings.data.digest} />
            <Divider />
            <CalendarFeed active={settings.data.ical.active} createdAt={settings.data.ical.createdAt} />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

function DigestSwitch({ digest }: { digest: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateReminderSettings();
  // While the change travels the switch shows the wish; a failure turns it back.
  const checked = update.isPending && update.variables ? update.variables.digest : digest;
  return (
    <Switch
      checked={checked}
      onChange={(event) =>
        update.mutate(
          { digest: event.currentTarget.checked },
          { onSuccess: () => notifySuccess('saved'), onError: (error) => notifySaveFailed(error) },
        )
      }
      disabled={update.isPending}
      label={t('users.reminders.digest')}
      description={t('users.reminders.digestHint')}
      data-testid="reminders-digest"
    />
  );
}

function CalendarFeed({ active, createdAt }: { active: boolean; createdAt: string | null }) {
  const { t } = useTranslation();
  const create = useCreateIcalFeed();
  const revoke = useDeleteIcalFeed();
  /** The address just made: the server keeps only its hash, so it is shown now or never. */
  const [feed, setFeed] = useState<IcalFeed | null>(null);

  const makeAddress = () =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setFeed(made);
        notifySuccess({ text: t('users.reminders.created') });
      },
      onError: (error) => notifySaveFailed(error),
    });
  const end = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setFeed(null);
        notifySuccess({ text: t('users.reminders.revoked') });
      },
      onError: (error) => notifySaveFailed(error),
    });

  return (
    <Stack gap="sm" data-testid="reminders-calendar">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          {t('users.reminders.calendar')}
        </Text>
        <Badge color={active ? 'teal' : 'gray'} variant="light" tt="none" data-testid="reminders-calendar-state">
          {active && createdAt
            ? t('users.reminders.calendarActive', { date: formatDate(createdAt) })
            : t('users.reminders.calendarInactive')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('users.reminders.calendarIntro')}
      </Text>
      {feed ? <FeedAddress url={feed.url} /> : null}
      <Group gap="xs">
        {active ? (
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={create.isPending}
              onClick={() =>
                ask(
                  t('users.reminders.renewConfirmTitle'),
                  t('users.reminders.renewConfirm'),
                  t('users.reminders.renewConfirmButton'),
                  makeAddress,
                )
              }
              data-testid="reminders-ical-renew"
            >
              {t('users.reminders.renew')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconCalendarX size={16} />}
              loading={revoke.isPending}
              onClick={() =>
                ask(
                  t('users.reminders.revokeConfirmTitle'),
                  t('users.reminders.revokeConfirm'),
                  t('users.reminders.revokeConfirmButton'),
                  end,
                )
              }
              data-testid="reminders-ical-revoke"
            >
              {t('users.reminders.revoke')}
            </Button>
          </>
        ) : (
          <Button
            leftSection={<IconCalendarPlus size={16} />}
            loading={create.isPending}
            onClick={makeAddress}
            data-testid="reminders-ical-create"
          >
            {t('users.reminders.create')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The new address once, to copy, with how the common calendars subscribe to it. */
function FeedAddress({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" p="sm" data-testid="reminders-ical-url">
      <Stack gap="xs">
        <Text size="sm">{t('users.reminders.urlOnce')}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={t('users.reminders.urlLabel')}
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="reminders-ical-url-input"
          />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('users.reminders.copied') : t('users.reminders.copy')}>
                <ActionIcon
                  size={36}
                  variant={copied ? 'filled' : 'default'}
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                  aria-label={t('users.reminders.copy')}
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" fw={600}>
          {t('users.reminders.howTo')}
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>{t('users.reminders.outlook')}</List.Item>
          <List.Item>{t('users.reminders.google')}</List.Item>
          <List.Item>{t('users.reminders.apple')}</List.Item>
        </List>
      </Stack>
    </Alert>
  );
}

/** A question before something stops working; the confirm button says what happens. */
function ask(title: string, message: string, confirm: string, onConfirm: () => void) {
  confirmDelete({ title, message, confirmLabel: confirm, testId: 'confirm-reminders', onConfirm });
}
