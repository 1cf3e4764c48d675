import { Alert, Button, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { mayCall } from '@pruefbuch/domain/access';
import { addDays, weekOf } from '@pruefbuch/domain/rules/calendar-week';
import { weekdayOf, weekRangeOf } from '@pruefbuch/domain/rules/capacity-time';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { type PlannedSlot, type RequiredTimeItem, WORK_AREAS } from '@pruefbuch/domain/schemas/capacity';
import {
  IconArrowDown,
  IconChevronLeft,
  IconChevronRight,
  IconLock,
  IconScale,
  IconSettings,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { InstallationsLink } from '@/components/ui/installations-link';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { Segments } from '@/components/ui/segments';
import { formatDate, formatMinutes, formatWeekdayDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess, notifyUndoable } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { toPrincipal, useSession } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { useDeleteTimeslot } from '../api/delete-timeslot';
import { useFinishTimeslot } from '../api/finish-timeslot';
import { useCapacityRange } from '../api/get-capacity-range';
import { useEmployeeTime } from '../api/get-employee-time';
import type { Range } from '../api/keys';
import { useShiftTimeslot } from '../api/shift-timeslot';
import { AbsenceList } from '../components/absence-list';
import { boardRows, type RowsMode } from '../components/board-rows';
import { LevellingDialog } from '../components/levelling-dialog';
import { LoadFailed } from '../components/load-failed';
import { MonthGrid } from '../components/month-grid';
import { ProposalDialog } from '../components/proposal-dialog';
import { SettingsDrawer } from '../components/settings-drawer';
import { SlotDialog } from '../components/slot-dialog';
import { ToPlanList } from '../components/to-plan-list';
import { type Target, WeekBoard } from '../components/week-board';
import { notifyPlanFailed } from '../plan-errors';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * capacities (/capacities): production's week board (days × work areas, cards to drag), the month at a glance,
 * the orders still to plan with proposals, who is away, and (admin, production lead) the settings.
 */
export function CapacityPage() {
  const { t } = useTranslation();
  usePageTitle(t('capacity.title'));
  const { session } = useSession();
  const user = toPrincipal(session);
  const mayPlan = !!user && mayCall('capacity:plan', user);
  const maySettings = !!user && mayCall('capacity:settings', user);
  const [params, setParams] = useUrlParams();
  const today = berlinToday();
  const view: Range = params.get('view') === 'month' ? 'month' : 'week';
  const rowsMode: RowsMode = params.get('rows') === 'employees' ? 'employees' : 'areas';
  const rawDate = params.get('date') ?? '';
  const date = ISO.test(rawDate) && dayjs(rawDate).isValid() ? rawDate : today;
  const [showWeekend, setShowWeekend] = useState(false);
  const [proposalFor, setProposalFor] = useState<RequiredTimeItem | null>(null);
  const [slotFor, setSlotFor] = useState<RequiredTimeItem | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [busySlot, setBusySlot] = useState<string | null>(null);
  const [levelling, setLevelling] = useState(false);

  const capacity = useCapacityRange(view, date);
  const employees = useEmployeeTime(view, date);
  const shift = useShiftTimeslot();
  const finish = useFinishTimeslot();
  const remove = useDeleteTimeslot();

  const go = (next: { view?: Range; date?: string; rows?: RowsMode }) =>
    setParams({
      view: (next.view ?? view) === 'week' ? null : 'month',
      date: next.date ?? date,
      rows: (next.rows ?? rowsMode) === 'employees' ? 'employees' : null,
    });
  // The board's rows: the work areas, or who of each area works which slot (the week's employees, in order).
  const staff = employees.data?.days[0]?.employees ?? [];
  const rows = boardRows(rowsMode, staff);
  const step = (n: number) =>
    go({
      date: dayjs(date)
        .add(n, view === 'week' ? 'week' : 'month')
        .format('YYYY-MM-DD'),
    });

  const week = weekOf(date);
  const [kwYear, kwNumber] = week.split('-W');
  const label =
    view === 'week'
      ? t('capacity.board.kw', { week: kwNumber, year: kwYear })
      : dayjs(date).locale(currentLanguage()).format('MMMM YYYY');
  const subLabel =
    view === 'week' ? `${formatDate(weekRangeOf(date).from)} – ${formatDate(weekRangeOf(date).to)}` : null;

  // 'Woche ausgleichen' stands out in a week with an area over its time on a day from today on (decision 051).
  const overloaded =
    view === 'week' &&
    !!capacity.data?.days.some((d) => d.date >= today && WORK_AREAS.some((a) => d.ordersTime[a] > d.employeeTime[a]));

  // The first day of the view that is not past (ISO days compare as text): planning by hand is for what is
  // still to be done.
  const firstOfView = view === 'week' ? weekRangeOf(date).from : date;
  // On a Saturday or Sunday that is the Monday after: nobody works on the weekend (the board folds it away).
  let planFrom = firstOfView.localeCompare(today) < 0 ? today : firstOfView;
  while (weekdayOf(planFrom) === null) planFrom = addDays(planFrom, 1);
  /** 'Mo 30.11.2026' · 'Mon 30/11/2026': a day as the board's headers name it. */
  const dayLabel = (d: string) => formatWeekdayDate(d);
  const onShift = (slot: PlannedSlot, to: Target) => {
    setBusySlot(slot._id);
    const who = to.employee === undefined ? null : (rows.find((r) => r.employee === to.employee)?.name ?? null);
    shift.mutate(
      {
        _id: slot._id,
        __v: slot.__v,
        date: to.date,
        area: to.area,
        ...(to.employee === undefined ? {} : { employee: to.employee }),
      },
      {
        // What the move did, with a way back: the card returns to its day, area and employee at the version the
        // move gave it.
        onSuccess: (moved) =>
          notifyUndoable(
            to.employee === undefined
              ? t('capacity.card.moved', {
                  abnr: slot.abnr || '–',
                  area: t(`capacity.areas.${to.area}`),
                  minutes: formatMinutes(slot.minutes),
                  from: dayLabel(slot.date),
                  to: dayLabel(to.date),
                })
              : t('capacity.card.assigned', {
                  abnr: slot.abnr || '–',
                  area: t(`capacity.areas.${to.area}`),
                  minutes: formatMinutes(slot.minutes),
                  to: dayLabel(to.date),
                  who: who ?? t('capacity.board.unassigned'),
                }),
            () =>
              shift.mutate(
                { _id: moved._id, __v: moved.__v, date: slot.date, area: slot.area, employee: slot.employee },
                {
                  onSuccess: () =>
                    notifySuccess({
                      text: t('capacity.card.movedBack', { abnr: slot.abnr || '–', date: dayLabel(slot.date) }),
                    }),
                  onError: notifyPlanFailed,
                },
              ),
          ),
        onError: notifyPlanFailed,
        onSettled: () => setBusySlot(null),
      },
    );
  };
  const onFinish = (slot: PlannedSlot) => {
    setBusySlot(slot._id);
    finish.mutate(
      { _id: slot._id, __v: slot.__v, finished: !slot.finished },
      { onSuccess: () => notifySuccess('saved'), onError: notifyPlanFailed, onSettled: () => setBusySlot(null) },
    );
  };
  const onRemove = (slot: PlannedSlot) =>
    confirmDelete({
      title: t('capacity.card.removeTitle'),
      message: t('capacity.card.removeConfirm', {
        minutes: formatMinutes(slot.minutes),
        abnr: slot.abnr || '–',
        date: formatDate(slot.date),
        area: t(`capacity.areas.${slot.area}`),
      }),
      confirmLabel: t('common.actions.remove'),
      testId: 'slot-remove-confirm',
      onConfirm: () =>
        remove.mutate(
          { _id: slot._id, __v: slot.__v },
          { onSuccess: () => notifySuccess({ text: t('capacity.card.removed') }), onError: notifyPlanFailed },
        ),
    });

  return (
    <Stack gap="md" data-testid="capacity-page">
      <PageHeader
        title={t('capacity.title')}
        actions={
          <>
            <InstallationsLink label={t('capacity.installations')} testId="capacity-installations" />
            {maySettings ? (
              <Button
                variant="default"
                leftSection={<IconSettings size={16} />}
                onClick={() => setSettingsOpen(true)}
                data-testid="capacity-settings-open"
              >
                {t('capacity.settings.open')}
              </Button>
            ) : null}
          </>
        }
      />
      {!mayPlan ? (
        <Alert color="gray" icon={<IconLock size={18} />} data-testid="capacity-read-only">
          {t('capacity.readOnly')}
        </Alert>
      ) : null}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            px="xs"
            onClick={() => step(-1)}
            aria-label={t(view === 'week' ? 'capacity.board.previousWeek' : 'capacity.board.previousMonth')}
            title={t(view === 'week' ? 'capacity.board.previousWeek' : 'capacity.board.previousMonth')}
            data-testid="capacity-prev"
          >
            <IconChevronLeft size={18} />
          </Button>
          <Button variant="default" onClick={() => go({ date: today })} data-testid="capacity-today">
            {t('capacity.board.today')}
          </Button>
          <Button
            variant="default"
            px="xs"
            onClick={() => step(1)}
            aria-label={t(view === 'week' ? 'capacity.board.nextWeek' : 'capacity.board.nextMonth')}
            title={t(view === 'week' ? 'capacity.board.nextWeek' : 'capacity.board.nextMonth')}
            data-testid="capacity-next"
          >
            <IconChevronRight size={18} />
          </Button>
        </Group>
        <div style={{ flex: 1, minWidth: 150 }}>
          <Text fw={700} data-testid="capacity-label" tt={view === 'month' ? 'capitalize' : undefined} lh={1.2}>
            {label}
          </Text>
          {subLabel ? (
            <Text size="xs" c="dimmed">
              {subLabel}
            </Text>
          ) : null}
        </div>
        {/* Below 1200 px the orders to plan stand under the board, after every day: a way there without scrolling. */}
        <Button
          hiddenFrom="lg"
          variant="subtle"
          leftSection={<IconArrowDown size={16} />}
          onClick={() => document.getElementById('to-plan')?.scrollIntoView({ behavior: 'smooth' })}
          data-testid="capacity-to-plan-jump"
        >
          {t('capacity.toPlan.title')}
        </Button>
        {mayPlan && view === 'week' ? (
          <Button
            variant={overloaded ? 'light' : 'default'}
            color={overloaded ? 'red' : undefined}
            leftSection={<IconScale size={16} />}
            onClick={() => setLevelling(true)}
            title={overloaded ? undefined : t('capacity.levelling.nothing')}
            data-overloaded={overloaded}
            data-testid="capacity-level"
          >
            {t('capacity.levelling.open')}
          </Button>
        ) : null}
        {view === 'week' ? (
          <Segments<RowsMode>
            value={rowsMode}
            onChange={(v) => go({ rows: v })}
            aria-label={t('capacity.board.rows')}
            data={[
              { value: 'areas', label: t('capacity.board.rowsAreas') },
              { value: 'employees', label: t('capacity.board.rowsEmployees') },
            ]}
            data-testid="capacity-rows"
          />
        ) : null}
        <Segments<Range>
          value={view}
          onChange={(v) => go({ view: v })}
          aria-label={t('capacity.board.views')}
          data={[
            { value: 'week', label: t('capacity.board.week') },
            { value: 'month', label: t('capacity.board.month') },
          ]}
          data-testid="capacity-view"
        />
      </Group>
      {/* From 1200 px the orders still to plan sit beside the board (issue 31 item 4), not below its rows. */}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          {capacity.isError && !capacity.data ? (
            <LoadFailed error={capacity.error} onRetry={() => void capacity.refetch()} />
          ) : null}
          {capacity.isPending ? <PageLoader /> : null}
          {capacity.data && view === 'week' ? (
            <WeekBoard
              days={capacity.data.days}
              rows={rows}
              staff={employees.data?.days}
              mayPlan={mayPlan}
              showWeekend={showWeekend}
              onToggleWeekend={() => setShowWeekend((v) => !v)}
              onShift={onShift}
              onFinish={onFinish}
              onRemove={onRemove}
              busySlot={busySlot}
            />
          ) : null}
          {capacity.data && view === 'month' ? (
            <MonthGrid
              days={capacity.data.days}
              month={dayjs(date).format('YYYY-MM')}
              onOpen={(d) => go({ view: 'week', date: d })}
            />
          ) : null}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 1 }} spacing="md" style={{ alignItems: 'start' }}>
            <ToPlanList mayPlan={mayPlan} onPropose={setProposalFor} onAddSlot={setSlotFor} />
            <AbsenceList
              range={view}
              reply={employees.data}
              error={employees.isError ? employees.error : null}
              onRetry={() => void employees.refetch()}
            />
          </SimpleGrid>
        </Grid.Col>
      </Grid>
      <ProposalDialog item={proposalFor} onClose={() => setProposalFor(null)} />
      <LevellingDialog date={date} opened={levelling} onClose={() => setLevelling(false)} />
      <SlotDialog item={slotFor} defaultDate={planFrom} onClose={() => setSlotFor(null)} />
      {maySettings ? <SettingsDrawer opened={settingsOpen} onClose={() => setSettingsOpen(false)} /> : null}
    </Stack>
  );
}
