import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDndContext,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { weekdayOf } from '@pruefbuch/domain/rules/capacity-time';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { DailyCapacity, EmployeeTimeReply, PlannedSlot, WorkArea } from '@pruefbuch/domain/schemas/capacity';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateAs, formatMinutes } from '@/lib/format';
import { type BoardRow, inRow, rowCellId, targetOf } from './board-rows';
import { cellCoordinates } from './cell-coordinates';
import { acceptsDrop } from './drop-target';
import { DraggedSlotCard, SlotCard } from './slot-card';
import { UtilisationBar } from './utilisation-bar';
import classes from './week-board.module.css';

const isWeekend = (date: string) => weekdayOf(date) === null;

/**
 * A mouse or a finger drops where the pointer is: over the folded weekend or between the cells there is no
 * target, and the card goes back (the dragged card's overlap used to pick the Friday beside it). The
 * keyboard, which has no pointer, moves from cell to cell.
 */
const dropTarget: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);

/** Where a card goes: a day and area, and on the rows per employee who works it (null: nobody). */
export type Target = { date: string; area: WorkArea; employee?: string | null };

export interface WeekBoardProps {
  days: DailyCapacity[];
  /** The rows (board-rows.ts): the work areas, or their employees and 'Nicht zugeteilt'. */
  rows: BoardRow[];
  /** The employees' minutes per day (rows per employee), from the week's employee time. */
  staff?: EmployeeTimeReply['days'];
  mayPlan: boolean;
  showWeekend: boolean;
  onToggleWeekend: () => void;
  onShift: (slot: PlannedSlot, to: Target) => void;
  onFinish: (slot: PlannedSlot) => void;
  onRemove: (slot: PlannedSlot) => void;
  busySlot?: string | null;
}

/** The week: Monday to Friday (the weekend folded away unless asked for) × the work areas, with the planned cards. */
export function WeekBoard({
  days,
  rows,
  staff,
  mayPlan,
  showWeekend,
  onToggleWeekend,
  onShift,
  onFinish,
  onRemove,
  busySlot,
}: WeekBoardProps) {
  const { t } = useTranslation();
  // Mouse and touch apart: a pointer sensor also takes touches (pointer events come first) and waits for 6 px,
  // the page scrolls meanwhile and cancels it, so the touch sensor's press-and-hold never got its turn.
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: cellCoordinates }),
  );
  const shown = showWeekend ? days : days.filter((d) => !isWeekend(d.date));
  const weekendCards = days.filter((d) => isWeekend(d.date)).reduce((n, d) => n + d.orderTimeList.length, 0);
  const weekendToggle = t(showWeekend ? 'capacity.board.hideWeekend' : 'capacity.board.showWeekend');
  const slots = new Map(days.flatMap((d) => d.orderTimeList.map((s) => [s._id, s] as const)));
  const today = berlinToday();
  // Seven columns are narrow: with the weekend shown the weekday is short, so every header keeps to one line.
  const dayName = (date: string, short = false) =>
    formatDateAs(date, short ? 'weekdayDayMonth' : 'weekdayLongDayMonth');
  // Who works which day: employee id → minutes and away, per date; the employees the rows list.
  const staffByDay = useMemo(
    () => new Map((staff ?? []).map((d) => [d.date, new Map(d.employees.map((e) => [e.employeeId, e]))])),
    [staff],
  );
  const known = useMemo(() => new Set(rows.flatMap((r) => (r.employee ? [r.employee] : []))), [rows]);
  const nameOf = (employee: string | null | undefined) =>
    employee ? (rows.find((r) => r.employee === employee)?.name ?? '') : t('capacity.board.unassigned');
  const targetName = (id: string | number) => {
    const { date, area, employee } = targetOf(id);
    const where = { day: dayName(date), area: t(`capacity.areas.${area}`) };
    return employee === undefined
      ? t('capacity.board.dropHere', where)
      : t('capacity.board.dropHereEmployee', { ...where, who: nameOf(employee) });
  };
  const abnrOf = (id: string | number) => slots.get(String(id))?.abnr ?? '';

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('capacity.dnd.pickedUp', { abnr: abnrOf(active.id) }),
    onDragOver: ({ over }) =>
      over ? t('capacity.dnd.over', { target: targetName(over.id) }) : t('capacity.dnd.noTarget'),
    onDragEnd: ({ active, over }) =>
      over
        ? t('capacity.dnd.dropped', { abnr: abnrOf(active.id), target: targetName(over.id) })
        : t('capacity.dnd.cancelled'),
    onDragCancel: () => t('capacity.dnd.cancelled'),
  };

  const [dragged, setDragged] = useState<PlannedSlot | null>(null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const slot = slots.get(String(active.id));
    if (!slot || !over) return;
    const to = targetOf(over.id);
    const sameWho =
      to.employee === undefined || to.employee === (known.has(slot.employee ?? '') ? slot.employee : null);
    if (to.date === slot.date && to.area === slot.area && sameWho) return;
    onShift(slot, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={dropTarget}
      onDragStart={({ active }) => setDragged(slots.get(String(active.id)) ?? null)}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('capacity.dnd.instructions') } }}
    >
      <div
        className={classes.board}
        style={{ '--days': shown.length, '--rows': rows.length } as CSSProperties}
        data-testid="week-board"
        data-rows={rows.some((r) => r.employee !== undefined) ? 'employees' : 'areas'}
      >
        {shown.map((day) => (
          <section key={day.date} className={classes.day} data-testid="board-day" data-date={day.date}>
            <Stack gap={4} className={classes.dayHeader}>
              <Text fw={700} size="sm" tt="capitalize">
                {dayName(day.date, showWeekend)}
              </Text>
              <UtilisationBar day={day} />
              <DayNotes day={day} />
            </Stack>
            {rows.map((row) => (
              <Cell
                key={row.key}
                day={day}
                row={row}
                slots={day.orderTimeList.filter((s) => inRow(row, s, known))}
                person={row.employee ? staffByDay.get(day.date)?.get(row.employee) : undefined}
                mayPlan={mayPlan}
                today={today}
                onFinish={onFinish}
                onRemove={onRemove}
                busySlot={busySlot}
              />
            ))}
          </section>
        ))}
        {/* The weekend folded to a strip (with how many cards it holds), or shown with a strip to fold it again. */}
        <UnstyledButton
          className={classes.weekendCollapsed}
          onClick={onToggleWeekend}
          title={weekendToggle}
          aria-label={weekendToggle}
          data-testid={showWeekend ? 'board-weekend-hide' : 'board-weekend'}
        >
          <span className={classes.weekendLabel}>
            {showWeekend ? weekendToggle : t('capacity.board.weekend')}
            {!showWeekend && weekendCards > 0 ? ` (${weekendCards})` : ''}
          </span>
        </UnstyledButton>
      </div>
      <DragOverlay dropAnimation={null}>{dragged ? <DraggedSlotCard slot={dragged} /> : null}</DragOverlay>
    </DndContext>
  );
}

export function DayNotes({ day }: { day: Pick<DailyCapacity, 'notes'> }) {
  const { t } = useTranslation();
  const notes = day.notes.filter((n) => n.kind !== 'weekend');
  if (notes.length === 0) return null;
  return (
    <Group gap={4}>
      {notes.map((n) => (
        <Badge
          key={`${n.kind}-${n.text}`}
          size="xs"
          variant="light"
          color={n.kind === 'absence' ? 'gray' : 'grape'}
          // Cut off with '…' in a narrow column (the full text on hover), not running into the next day.
          style={{ textTransform: 'none', maxWidth: '100%', minWidth: 0 }}
          title={t(`capacity.notes.${n.kind}`, { text: n.text })}
          data-testid={`day-note-${n.kind}`}
        >
          {t(`capacity.notes.${n.kind}`, { text: n.text })}
        </Badge>
      ))}
    </Group>
  );
}

function Cell({
  day,
  row,
  slots,
  person,
  mayPlan,
  today,
  onFinish,
  onRemove,
  busySlot,
}: {
  day: DailyCapacity;
  row: BoardRow;
  /** The cards of this day and row. */
  slots: PlannedSlot[];
  /** The row's employee that day (rows per employee). */
  person?: { minutes: number; away: boolean } | undefined;
  mayPlan: boolean;
  /** Berlin's today: earlier days take no card. */
  today: string;
  onFinish: (slot: PlannedSlot) => void;
  onRemove: (slot: PlannedSlot) => void;
  busySlot?: string | null;
}) {
  const { t } = useTranslation();
  const { active } = useDndContext();
  const dragged = active?.data.current?.area as WorkArea | undefined;
  const { area } = row;
  const { setNodeRef, isOver } = useDroppable({
    id: rowCellId(day.date, row),
    disabled: !acceptsDrop({ date: day.date, area }, dragged, today, mayPlan),
  });
  const planned = day.ordersTime[area] ?? 0;
  const available = day.employeeTime[area] ?? 0;
  const mine = slots.reduce((sum, s) => sum + s.minutes, 0);
  const areaCaption = (
    <Group justify="space-between" gap={0} wrap="wrap" style={{ columnGap: 4 }}>
      <Text size="xs" fw={600} c="dimmed">
        {t(`capacity.areas.${area}`)}
      </Text>
      <Text size="xs" c={planned > available ? 'red.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
        {formatMinutes(planned)} / {formatMinutes(available)}
      </Text>
    </Group>
  );
  return (
    <div
      ref={setNodeRef}
      className={[
        classes.cell,
        isOver ? classes.cellOver : '',
        row.employee !== undefined && row.first ? classes.areaStart : '',
        row.employee !== undefined ? classes.personCell : '',
      ]
        .filter(Boolean)
        .join(' ')}
      data-testid="board-cell"
      data-date={day.date}
      data-area={area}
      data-employee={row.employee === undefined ? undefined : (row.employee ?? '')}
      data-over={isOver || undefined}
    >
      {row.employee === undefined || row.first ? areaCaption : null}
      {row.employee !== undefined ? (
        <Group justify="space-between" gap={0} wrap="wrap" style={{ columnGap: 4 }}>
          <Text size="xs" fw={600} truncate="end" title={row.name ?? t('capacity.board.unassigned')}>
            {row.employee === null ? t('capacity.board.unassigned') : row.name}
          </Text>
          {row.employee !== null && person?.away ? (
            <Badge size="xs" variant="light" color="gray" tt="none">
              {t('capacity.board.away')}
            </Badge>
          ) : (
            <Text
              size="xs"
              c={row.employee !== null && mine > (person?.minutes ?? 0) ? 'red.8' : 'dimmed'}
              style={{ whiteSpace: 'nowrap' }}
            >
              {row.employee === null
                ? formatMinutes(mine)
                : `${formatMinutes(mine)} / ${formatMinutes(person?.minutes ?? 0)}`}
            </Text>
          )}
        </Group>
      ) : null}
      {slots.map((slot) => (
        <SlotCard
          key={slot._id}
          slot={slot}
          mayPlan={mayPlan}
          onFinish={onFinish}
          onRemove={onRemove}
          busy={busySlot === slot._id}
        />
      ))}
    </div>
  );
}
