import { ThemeIcon, type ThemeIconProps } from '@mantine/core';
import {
  IconAlarm,
  IconArrowsLeftRight,
  IconBell,
  IconBolt,
  IconBook2,
  IconBuilding,
  IconBuildingWarehouse,
  IconDoor,
  IconDoorEnter,
  IconDoorExit,
  IconElevator,
  IconFence,
  IconFireExtinguisher,
  IconFlame,
  IconLock,
  IconMagnet,
  IconRotate360,
  IconShieldCheck,
  IconStairs,
  IconTemperature,
  IconTool,
  IconWind,
  IconWindow,
} from '@tabler/icons-react';

/**
 * The icons a book type may show, by their Tabler name (the stored value). A fixed set keeps the bundle small;
 * an unknown name falls back to the book icon.
 */
export const BOOKTYPE_ICONS = {
  'arrows-left-right': IconArrowsLeftRight,
  door: IconDoor,
  'door-enter': IconDoorEnter,
  'door-exit': IconDoorExit,
  'rotate-360': IconRotate360,
  wind: IconWind,
  flame: IconFlame,
  'fire-extinguisher': IconFireExtinguisher,
  magnet: IconMagnet,
  fence: IconFence,
  lock: IconLock,
  'shield-check': IconShieldCheck,
  alarm: IconAlarm,
  bell: IconBell,
  bolt: IconBolt,
  tool: IconTool,
  elevator: IconElevator,
  window: IconWindow,
  stairs: IconStairs,
  temperature: IconTemperature,
  building: IconBuilding,
  'building-warehouse': IconBuildingWarehouse,
} as const;
export const BOOKTYPE_ICON_NAMES = Object.keys(BOOKTYPE_ICONS);

/** A book type's icon in its colour ('#rrggbb' or a Mantine colour); grey without one. */
export function BookTypeIcon({
  icon,
  color,
  size = 28,
  ...props
}: { icon: string; color: string } & Omit<ThemeIconProps, 'color' | 'children'>) {
  const Icon = BOOKTYPE_ICONS[icon as keyof typeof BOOKTYPE_ICONS] ?? IconBook2;
  return (
    <ThemeIcon color={color || 'gray'} variant="light" size={size} radius="md" {...props}>
      <Icon size={Math.round(Number(size) * 0.65)} stroke={1.6} />
    </ThemeIcon>
  );
}
