import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { weekOf } from '@pruefbuch/domain/rules/calendar-week';
import type { LevellingReply } from '@pruefbuch/domain/schemas/capacity-levelling';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/page-loader';
import { formatMinutes, formatPercent, formatWeekdayDate } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useLevelling } from '../api/get-levelling';
import { useLevelWeek } from '../api/level-week';
import { notifyPlanFailed } from '../plan-errors';
import { LoadFailed } from './load-failed';

/**
 * 'Woche ausgleichen' (issue 31 item 2, decision 051): the server's levelling of the week of `date`, before and
 * after per day, the moves and what stays over with why; 'Übernehmen' saves every move at once.
 */
export function LevellingDialog({ date, opened, onClose }: { date: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [year, week] = weekOf(date).split('-W');
  return (
    <Modal opened={opened} onClose={onClose} title={t('capacity.levelling.title', { week, year })} size="xl">
      {opened ? <LevellingBody date={date} onClose={onClose} /> : null}
    </Modal>
  );
}

const over = (minutes: number, available: number) => minutes > available;

function LevellingBody({ date, onClose }: { date: string; onClose: () => void }) {
  const { t } = useTranslation();
  const levelling = useLevelling(date, true);
  const save = useLevelWeek();
  const reply = levelling.data;
  const area = (a: string) => t(`capacity.areas.${a}`);

  const apply = (r: LevellingReply) =>
    save.mutate(
      { moves: r.moves.map((m) => ({ _id: m.slotId, __v: m.version, date: m.to, minutes: m.minutes })) },
      {
        onSuccess: () => {
          notifySuccess({ text: t('capacity.levelling.saved', { count: r.moves.length }) });
          onClose();
        },
        onError: notifyPlanFailed,
      },
    );

  // Days without time and without work (a weekend) say nothing.
  const days = reply?.days.filter((d) => d.available > 0 || d.before > 0 || d.after > 0) ?? [];
  return (
    <Stack gap="sm" data-testid="levelling">
      <Text size="xs" c="dimmed">
        {t('capacity.levelling.hint')}
      </Text>
      {levelling.isPending ? <PageLoader /> : null}
      {levelling.isError ? <LoadFailed error={levelling.error} onRetry={() => void levelling.refetch()} /> : null}
      {reply && reply.moves.length === 0 && reply.stuck.length === 0 ? (
        <Text size="sm" data-testid="levelling-none">
          {t('capacity.levelling.none')}
        </Text>
      ) : null}
      {reply && days.length > 0 && (reply.moves.length > 0 || reply.stuck.length > 0) ? (
        <>
          <Title order={4} size="h5">
            {t('capacity.levelling.days')}
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing={4} fz="sm" data-testid="levelling-days">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('capacity.levelling.day')}</Table.Th>
                  <Table.Th ta="right">{t('capacity.levelling.available')}</Table.Th>
                  <Table.Th ta="right">{t('capacity.levelling.before')}</Table.Th>
                  <Table.Th ta="right">{t('capacity.levelling.after')}</Table.Th>
                  <Table.Th>{t('capacity.levelling.area')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {days.map((d) => (
                  <Table.Tr key={d.date} data-testid="levelling-day" data-date={d.date}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWeekdayDate(d.date)}</Table.Td>
                    <Table.Td ta="right">{formatMinutes(d.available)}</Table.Td>
                    <Table.Td
                      ta="right"
                      c={over(d.before, d.available) ? 'red.8' : undefined}
                      title={formatMinutes(d.before)}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {formatPercent(d.utilisationBefore)}
                    </Table.Td>
                    <Table.Td
                      ta="right"
                      c={over(d.after, d.available) ? 'red.8' : 'green.9'}
                      fw={600}
                      title={formatMinutes(d.after)}
                      style={{ whiteSpace: 'nowrap' }}
                      data-testid="levelling-after"
                    >
                      {formatPercent(d.utilisationAfter)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {d.areas.map((a) => (
                          <Badge
                            key={a.area}
                            variant="light"
                            color={over(a.after, a.available) ? 'red' : 'gray'}
                            tt="none"
                            title={`${formatMinutes(a.before)} → ${formatMinutes(a.after)} / ${formatMinutes(a.available)}`}
                          >
                            {area(a.area)}: {formatMinutes(a.before)} → {formatMinutes(a.after)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : null}
      {reply && reply.moves.length > 0 ? (
        <>
          <Title order={4} size="h5">
            {t('capacity.levelling.moves')}
          </Title>
          <Table.ScrollContainer minWidth={480} mah={300}>
            <Table verticalSpacing={4} fz="sm" data-testid="levelling-moves">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('capacity.levelling.order')}</Table.Th>
                  <Table.Th>{t('capacity.levelling.area')}</Table.Th>
                  <Table.Th>{t('capacity.levelling.from')}</Table.Th>
                  <Table.Th>{t('capacity.levelling.to')}</Table.Th>
                  <Table.Th ta="right">{t('capacity.levelling.time')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reply.moves.map((m) => (
                  <Table.Tr key={`${m.slotId}|${m.to}`} data-testid="levelling-move">
                    <Table.Td>{m.abnr || '–'}</Table.Td>
                    <Table.Td>{area(m.area)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWeekdayDate(m.from)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWeekdayDate(m.to)}</Table.Td>
                    <Table.Td ta="right">
                      {m.minutes === m.slotMinutes
                        ? formatMinutes(m.minutes)
                        : t('capacity.levelling.part', {
                            minutes: formatMinutes(m.minutes),
                            of: formatMinutes(m.slotMinutes),
                          })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : null}
      {reply && reply.stuck.length > 0 ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t('capacity.levelling.stuckTitle')}
          p="xs"
          data-testid="levelling-stuck"
        >
          <Stack gap={2}>
            {reply.stuck.map((s) => (
              <Text key={s.slotId} size="sm" data-testid="levelling-stuck-slot" data-reason={s.reason}>
                {t('capacity.levelling.stuck', {
                  abnr: s.abnr || '–',
                  area: area(s.area),
                  date: formatWeekdayDate(s.date),
                  minutes: formatMinutes(s.minutes),
                  reason: t(`capacity.levelling.reasons.${s.reason}`),
                })}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('common.actions.cancel')}
        </Button>
        <Button
          onClick={() => reply && apply(reply)}
          loading={save.isPending}
          disabled={!reply || reply.moves.length === 0}
          data-testid="levelling-apply"
        >
          {t('capacity.levelling.apply')}
        </Button>
      </Group>
    </Stack>
  );
}
