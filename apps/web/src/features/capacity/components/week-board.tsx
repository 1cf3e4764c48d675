import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { ActionIcon, Badge, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { type DailyCapacity, type PlannedSlot, WORK_AREAS, type WorkArea } from '@pruefbuch/domain/schemas/capacity';
import { IconCheck, IconDots, IconExternalLink, IconRotate, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { formatMinutes, isWeekend } from '../capacity-format';
import { UtilisationBar } from './utilisation-bar';
import classes from './week-board.module.css';

type Target = { date: string; area: WorkArea };
const cellId = (t: Target) => `${t.date}|${t.area}`;

/**
 * Arrow keys jump from cell to cell (the nearest cell in that direction), so a card moves by keyboard in one
 * press per day or area instead of a few pixels at a time.
 */
export const cellCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = ({ ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] } as const)[
    event.code as 'ArrowRight'
  ];
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  if (!step || !collisionRect) return undefined;
  event.preventDefault();
  const from = over ? droppableRects.get(over.id) : null;
  const cx = from ? from.left + from.width / 2 : collisionRect.left + collisionRect.width / 2;
  const cy = from ? from.top + from.height / 2 : collisionRect.top + collisionRect.height / 2;
  let best: { left: number; top: number; width: number; height: number } | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const container of droppableContainers.getEnabled()) {
    if (container.id === over?.id) continue;
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const dx = rect.left + rect.width / 2 - cx;
    const dy = rect.top + rect.height / 2 - cy;
    const along = dx * step[0] + dy * step[1];
    if (along <= 1) continue;
    const across = Math.abs(dx * step[1]) + Math.abs(dy * step[0]);
    const score = along + across * 4;
    if (score < bestScore) {
      bestScore = score;
      best = rect;
    }
  }
  if (!best) return undefined;
  return {
    x: best.left + best.width / 2 - collisionRect.width / 2,
    y: best.top + Math.min(best.height / 2, 24) - collisionRect.height / 2,
  };
};

export interface WeekBoardProps {
  days: DailyCapacity[];
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
  mayPlan,
  showWeekend,
  onToggleWeekend,
  onShift,
  onFinish,
  onRemove,
  busySlot,
}: WeekBoardProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: cellCoordinates }),
  );
  const shown = showWeekend ? days : days.filter((d) => !isWeekend(d.date));
  const weekend = days.filter((d) => isWeekend(d.date));
  const slots = new Map(days.flatMap((d) => d.orderTimeList.map((s) => [s._id, s] as const)));
  const dayName = (date: string) => dayjs(date).locale(currentLanguage()).format('dddd, DD.MM.');
  const targetName = (id: string | number) => {
    const [date = '', area = ''] = String(id).split('|');
    return t('capacity.board.dropHere', { day: dayName(date), area: t(`capacity.areas.${area}`) });
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

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const slot = slots.get(String(active.id));
    if (!slot || !over) return;
    const [date = '', area = ''] = String(over.id).split('|');
    if (date === slot.date && area === slot.area) return;
    onShift(slot, { date, area: area as WorkArea });
  };

  return (
    <DndContext
      sensors={sensors}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('capacity.dnd.instructions') } }}
    >
      <div className={classes.board} style={{ '--days': shown.length } as CSSProperties} data-testid="week-board">
        {shown.map((day) => (
          <section key={day.date} className={classes.day} data-testid="board-day" data-date={day.date}>
            <Stack gap={4} className={classes.dayHeader}>
              <Text fw={700} size="sm" tt="capitalize">
                {dayName(day.date)}
              </Text>
              <UtilisationBar day={day} />
              <DayNotes day={day} />
            </Stack>
            {WORK_AREAS.map((area) => (
              <Cell
                key={area}
                day={day}
                area={area}
                mayPlan={mayPlan}
                onFinish={onFinish}
                onRemove={onRemove}
                busySlot={busySlot}
              />
            ))}
          </section>
        ))}
        {showWeekend ? null : (
          <UnstyledButton
            className={classes.weekendCollapsed}
            onClick={onToggleWeekend}
            title={t('capacity.board.showWeekend')}
            aria-label={t('capacity.board.showWeekend')}
            data-testid="board-weekend"
          >
            <span className={classes.weekendLabel}>
              {t('capacity.board.weekend')}
              {weekend.some((d) => d.orderTimeList.length > 0)
                ? ` (${weekend.reduce((n, d) => n + d.orderTimeList.length, 0)})`
                : ''}
            </span>
          </UnstyledButton>
        )}
      </div>
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
          style={{ textTransform: 'none', maxWidth: '100%' }}
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
  area,
  mayPlan,
  onFinish,
  onRemove,
  busySlot,
}: {
  day: DailyCapacity;
  area: WorkArea;
  mayPlan: boolean;
  onFinish: (slot: PlannedSlot) => void;
  onRemove: (slot: PlannedSlot) => void;
  busySlot?: string | null;
}) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: cellId({ date: day.date, area }), disabled: !mayPlan });
  const slots = day.orderTimeList.filter((s) => s.area === area);
  const planned = day.ordersTime[area] ?? 0;
  const available = day.employeeTime[area] ?? 0;
  return (
    <div
      ref={setNodeRef}
      className={`${classes.cell} ${isOver ? classes.cellOver : ''}`}
      data-testid="board-cell"
      data-date={day.date}
      data-area={area}
    >
      <Group justify="space-between" gap={0} wrap="wrap" style={{ columnGap: 4 }}>
        <Text size="xs" fw={600} c="dimmed">
          {t(`capacity.areas.${area}`)}
        </Text>
        <Text size="xs" c={planned > available ? 'red.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {formatMinutes(planned)} / {formatMinutes(available)}
        </Text>
      </Group>
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

function SlotCard({
  slot,
  mayPlan,
  onFinish,
  onRemove,
  busy,
}: {
  slot: PlannedSlot;
  mayPlan: boolean;
  onFinish: (slot: PlannedSlot) => void;
  onRemove: (slot: PlannedSlot) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: slot._id,
    disabled: !mayPlan || slot.finished,
  });
  const style: CSSProperties | undefined = transform
    ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` }
    : undefined;
  const draggable = mayPlan && !slot.finished;
  const label = t('capacity.card.label', {
    abnr: slot.abnr || '–',
    objekt: slot.objekt || '–',
    minutes: formatMinutes(slot.minutes),
  });
  const { onKeyDown, ...pointer } = (draggable ? listeners : undefined) ?? {};
  return (
    // biome-ignore lint/a11y: the card is dnd-kit's draggable; its attributes make it a focusable button
    <div
      ref={setNodeRef}
      style={{ ...style, opacity: busy ? 0.5 : undefined }}
      className={[
        classes.card,
        draggable ? classes.draggable : '',
        isDragging ? classes.dragging : '',
        slot.finished ? classes.finished : '',
      ]
        .filter(Boolean)
        .join(' ')}
      {...(draggable ? attributes : {})}
      {...pointer}
      // Keys pressed in the card's menu are the menu's, not a drag.
      onKeyDown={(event) => {
        if (event.target === event.currentTarget) onKeyDown?.(event);
      }}
      aria-label={label}
      data-testid="slot-card"
      data-slot={slot._id}
      data-order={slot.orderId}
      data-abnr={slot.abnr}
      data-date={slot.date}
      data-area={slot.area}
    >
      <div style={{ minWidth: 0, paddingRight: 18 }}>
        <Text size="xs" fw={700} truncate>
          {slot.abnr || '–'}
        </Text>
        <Text size="xs" c="dimmed" truncate title={slot.objekt}>
          {slot.objekt || slot.kunde}
        </Text>
        <Text size="xs" fw={500}>
          {formatMinutes(slot.minutes)}
          {slot.finished ? (
            <Text span size="xs" c="dimmed" fw={400}>
              {' '}
              · {t('capacity.card.finished')}
            </Text>
          ) : null}
        </Text>
      </div>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            pos="absolute"
            top={2}
            right={2}
            aria-label={t('capacity.card.actions', { abnr: slot.abnr })}
            onPointerDown={(event) => event.stopPropagation()}
            data-testid="slot-menu"
          >
            <IconDots size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component={Link}
            to={screenPath('orderprocessing', { slug: slot.orderId })}
            leftSection={<IconExternalLink size={14} />}
          >
            {t('capacity.card.openOrder')}
          </Menu.Item>
          {mayPlan ? (
            <>
              <Menu.Item
                leftSection={slot.finished ? <IconRotate size={14} /> : <IconCheck size={14} />}
                onClick={() => onFinish(slot)}
                data-testid="slot-finish"
              >
                {slot.finished ? t('capacity.card.unfinish') : t('capacity.card.finish')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onRemove(slot)}
                data-testid="slot-remove"
              >
                {t('capacity.card.remove')}
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}

/** A day in the month grid: its number, a slim bar, the percentage; a click opens its week. */
export function MonthDay({
  day,
  inMonth,
  onOpen,
}: {
  day: DailyCapacity;
  inMonth: boolean;
  onOpen: (date: string) => void;
}) {
  const { t } = useTranslation();
  const weekend = isWeekend(day.date);
  return (
    <UnstyledButton
      onClick={() => onOpen(day.date)}
      aria-label={t('capacity.board.openWeek', { date: formatDate(day.date) })}
      data-testid="month-day"
      data-date={day.date}
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
        padding: 6,
        minWidth: 0,
        minHeight: 64,
        opacity: inMonth ? 1 : 0.45,
        background: weekend ? 'var(--mantine-color-gray-0)' : undefined,
      }}
    >
      <Stack gap={4}>
        <Text size="sm" fw={dayjs().format('YYYY-MM-DD') === day.date ? 800 : 500}>
          {dayjs(day.date).date()}
        </Text>
        {day.totalEmployeeTime > 0 || day.totalOrdersTime > 0 ? <UtilisationBar day={day} compact /> : null}
        {day.utilisation !== null ? (
          <Text size="xs" c="dimmed" visibleFrom="xs">
            {Math.round(day.utilisation)} %
          </Text>
        ) : null}
        {day.notes.some((n) => n.kind === 'publicHoliday' || n.kind === 'operatingHoliday') ? (
          <Text size="xs" c="grape.7" truncate visibleFrom="sm">
            {day.notes.find((n) => n.kind === 'publicHoliday')?.text ??
              t('capacity.notes.operatingHoliday', { text: '' })}
          </Text>
        ) : null}
      </Stack>
    </UnstyledButton>
  );
}
