import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { mayCall } from '@pruefbuch/domain/access';
import { type Booking, bookingChildren } from '@pruefbuch/domain/schemas/inspection';
import { IconCalendarPlus, IconCircleCheck, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { errorText } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { notifyError, notifySaveFailed, notifySuccess } from '@/lib/notify';
import { principalOf, useSession } from '@/lib/session';
import { useBookSlot } from '../api/book-slot';
import { useCancelBooking } from '../api/cancel-booking';
import { useBookBookings } from '../api/get-book-bookings';
import { useBookMeta } from '../api/get-book-meta';
import { ownBookingEntry } from '../api/get-own-booking-entry';
import { useOwnBookings } from '../api/get-own-bookings';

/**
 * Registration for one of the book's slots (SPEC §3 Book meta, Booking entry; §8): the signed-in user registers
 * with 'Für Prüfung anmelden' under the name of the account and with its child entries, sees 'Angemeldet'
 * afterwards and may cancel. The office sees who registered (name, date of birth, child entries) and may
 * remove anybody. Only books that take registrations show it: those with a registration window
 * (enableFrom/enableTo) or with registrations already.
 */
export function BookingCard({ tenantId, bookId, hasWindow }: { tenantId: string; bookId: string; hasWindow: boolean }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const principal = session ? principalOf(session) : null;
  const allowed = !!principal && mayCall('bookings:write', principal);
  const office = !!principal && mayCall('bookings:manage', principal);
  const userId = session?.userId ?? '';
  const meta = useBookMeta(tenantId, bookId, allowed);
  const own = useOwnBookings(tenantId, bookId, userId, allowed);
  const all = useBookBookings(tenantId, bookId, office && (meta.data?.usedslots ?? 0) > 0);
  const slot = useBookSlot();
  const register = useMutation({
    mutationFn: async () => slot.mutateAsync({ tenantId, bookId, entry: await ownBookingEntry() }),
    onSuccess: () => notifySuccess({ text: t('inspections.booking.success') }),
    onError: (error) => notifyError(errorText(t, error), t('inspections.booking.failed')),
  });
  const cancel = useCancelBooking();
  if (!allowed || !meta.data) return null;
  const { freeslots, usedslots, bookable, bookableInFuture } = meta.data;
  if (freeslots + usedslots <= 0 || (!hasWindow && usedslots === 0)) return null;
  const mine = own.data?.[0] ?? null;

  const askCancel = (booking: Booking, self: boolean) =>
    confirmDelete({
      title: self ? t('inspections.booking.cancelTitle') : t('inspections.booking.removeTitle'),
      message: self
        ? t('inspections.booking.cancelText')
        : t('inspections.booking.removeText', { name: `${booking.firstName} ${booking.lastName}` }),
      onConfirm: () =>
        cancel.mutate(
          { tenantId, bookId, id: booking._id },
          {
            onSuccess: () =>
              notifySuccess({ text: self ? t('inspections.booking.cancelled') : t('inspections.booking.removed') }),
            onError: notifySaveFailed,
          },
        ),
    });

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
        {mine ? (
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Badge
              color="teal"
              variant="light"
              size="lg"
              tt="none"
              leftSection={<IconCircleCheck size={16} />}
              data-testid="booking-registered"
            >
              {t('inspections.booking.registered')}
            </Badge>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => askCancel(mine, true)}
              loading={cancel.isPending}
              data-testid="booking-cancel"
            >
              {t('inspections.booking.cancel')}
            </Button>
          </Group>
        ) : (
          <Group>
            <Button
              leftSection={<IconCalendarPlus size={18} />}
              onClick={() => register.mutate()}
              loading={register.isPending}
              disabled={own.isPending}
              data-testid="booking-register"
            >
              {t('inspections.booking.register')}
            </Button>
          </Group>
        )}
        {office && all.data && all.data.length > 0 ? <Registrations bookings={all.data} onRemove={askCancel} /> : null}
      </Stack>
    </Paper>
  );
}

/** The office's view of who registered: name, date of birth and the child entries registered with them. */
function Registrations({
  bookings,
  onRemove,
}: {
  bookings: Booking[];
  onRemove: (booking: Booking, self: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} data-testid="booking-list" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      <Text size="sm" fw={600} mb={4} component="li">
        {t('inspections.booking.registrations', { count: bookings.length })}
      </Text>
      {bookings.map((b) => {
        const name = `${b.firstName} ${b.lastName}`.trim();
        const children = bookingChildren(b.properties);
        return (
          <Group
            key={b._id}
            component="li"
            gap="xs"
            wrap="nowrap"
            align="flex-start"
            py={6}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            data-testid="booking-entry"
          >
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {name}
                {b.dob ? (
                  <Text span size="xs" c="dimmed">
                    {' · '}
                    {t('inspections.booking.dob', { date: formatDate(b.dob) })}
                  </Text>
                ) : null}
              </Text>
              {children.map((c) => (
                <Text key={`${c.positionsNummer ?? ''}-${c.firstName}`} size="xs" c="dimmed">
                  {t('inspections.booking.child', {
                    name: `${c.firstName} ${c.lastName}`.trim(),
                    date: c.dob ? formatDate(c.dob) : '–',
                  })}
                </Text>
              ))}
              <Text size="xs" c="dimmed">
                {t('inspections.booking.registeredOn', { date: formatDate(b.createdAt) })}
              </Text>
            </Stack>
            <Tooltip label={t('inspections.booking.removeName', { name })}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('inspections.booking.removeName', { name })}
                onClick={() => onRemove(b, false)}
                data-testid="booking-remove"
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      })}
    </Stack>
  );
}
