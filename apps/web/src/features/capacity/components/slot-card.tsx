import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Menu, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { PlannedSlot } from '@pruefbuch/domain/schemas/capacity';
import { IconAlertTriangle, IconCheck, IconDots, IconExternalLink, IconRotate, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMinutes } from '@/lib/format';
import classes from './week-board.module.css';

/** An order's planned minutes on the board: dragged to another day or area, its menu opens the order, finishes or removes it. */
export function SlotCard({
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
  // The card stays in its cell while dragged (faded, as where it comes from); the board's drag overlay moves a
  // copy above everything, so no cell clips it.
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: slot._id,
    data: { area: slot.area },
    disabled: !mayPlan || slot.finished,
  });
  const draggable = mayPlan && !slot.finished;
  const conflicts = slot.conflicts.map((c) => t(`capacity.conflicts.${c}`));
  const label = [
    t('capacity.card.label', {
      abnr: slot.abnr || '–',
      objekt: slot.objekt || '–',
      minutes: formatMinutes(slot.minutes),
    }),
    ...conflicts,
  ].join('. ');
  const { onKeyDown, ...pointer } = (draggable ? listeners : undefined) ?? {};
  return (
    // biome-ignore lint/a11y: the card is dnd-kit's draggable; its attributes make it a focusable button
    <div
      ref={setNodeRef}
      style={{ opacity: busy ? 0.5 : undefined }}
      className={[
        classes.card,
        draggable ? classes.draggable : '',
        isDragging ? classes.dragging : '',
        slot.finished ? classes.finished : '',
        slot.conflicts.length ? classes.conflict : '',
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
      data-conflicts={slot.conflicts.join(' ') || undefined}
    >
      <SlotCardText slot={slot} conflicts={conflicts} />
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
          {conflicts.map((c) => (
            <Menu.Label key={c} c="red.8" maw={260} style={{ whiteSpace: 'normal' }}>
              {c}
            </Menu.Label>
          ))}
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

/**
 * What a card says: the order number, the object, the planned time, and a conflict as an icon beside the time
 * (its text in the tooltip): a card keeps its height when a read of the plan flags or clears it, so nothing under
 * a finger or the pointer moves, and the order number keeps its width.
 */
function SlotCardText({ slot, conflicts = [] }: { slot: PlannedSlot; conflicts?: string[] }) {
  const { t } = useTranslation();
  return (
    <div style={{ minWidth: 0, paddingRight: 18 }}>
      <Text size="xs" fw={700} truncate>
        {slot.abnr || '–'}
      </Text>
      <Text size="xs" c="dimmed" truncate title={slot.objekt}>
        {slot.objekt || slot.kunde}
      </Text>
      <Text size="xs" fw={500}>
        {formatMinutes(slot.minutes)}
        {conflicts.length ? (
          <Tooltip label={conflicts.join(' · ')} multiline w={260} withinPortal>
            <ThemeIcon
              size={14}
              color="red"
              variant="light"
              ml={4}
              style={{ verticalAlign: -2 }}
              data-testid="slot-conflict"
            >
              <IconAlertTriangle size={10} aria-hidden />
            </ThemeIcon>
          </Tooltip>
        ) : null}
        {slot.finished ? (
          <Text span size="xs" c="dimmed" fw={400}>
            {' '}
            · {t('capacity.card.finished')}
          </Text>
        ) : null}
      </Text>
    </div>
  );
}

/** The card under the pointer while it is dragged (the board's drag overlay). */
export function DraggedSlotCard({ slot }: { slot: PlannedSlot }) {
  return (
    <div className={`${classes.card} ${classes.dragged}`} data-testid="slot-card-dragged">
      <SlotCardText slot={slot} />
    </div>
  );
}
