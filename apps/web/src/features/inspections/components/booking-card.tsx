import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { mayCall } from '@pruefbuch/domain/access';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { principalOf, useSession } from '@/lib/session';
import { useBookSlot } from '../api/book-slot';
import { useBookMeta } from '../api/get-book-meta';
import { splitName } from '../booking-name';

/**
 * Registration for one of the book's slots (SPEC §3 Book meta, §8): the signed-in user registers with
 * 'Anmelden'; free and used slots are shown. Only books that take registrations show it: those with a
 * registration window (enableFrom/enableTo) or with registrations already.
 */
export function BookingCard({ tenantId, bookId, hasWindow }: { tenantId: string; bookId: string; hasWindow: boolean }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const allowed = !!session && mayCall('bookings:write', principalOf(session));
  const meta = useBookMeta(tenantId, bookId, allowed);
  const book = useBookSlot();
  if (!allowed || !session || !meta.data) return null;
  const { freeslots, usedslots, bookable, bookableInFuture } = meta.data;
  if (freeslots + usedslots <= 0 || (!hasWindow && usedslots === 0)) return null;

  const register = () =>
    book.mutate(
      { tenantId, bookId, entry: { user_id: session.userId, ...splitName(session.friendlyUsername), properties: {} } },
      {
        onSuccess: () => notifySuccess({ text: t('inspections.booking.success') }),
        onError: (error) => notifyError(errorText(t, error), t('inspections.booking.failed')),
      },
    );

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      data-testid="booking-card"
      aria-labelledby="booking-title"
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="booking-title">
          {t('inspections.booking.title')}
        </Title>
        <Text size="sm" data-testid="booking-meta">
          {t('inspections.booking.slots', { free: freeslots, total: freeslots + usedslots, used: usedslots })}
        </Text>
        <Text size="xs" c="dimmed">
          {bookable
            ? t('inspections.booking.open')
            : bookableInFuture
              ? t('inspections.booking.future')
              : t('inspections.booking.closed')}
        </Text>
        <Group>
          <Button
            leftSection={<IconCalendarPlus size={18} />}
            onClick={register}
            loading={book.isPending}
            data-testid="booking-register"
          >
            {t('inspections.booking.register')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
