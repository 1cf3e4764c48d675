import { Badge, type BadgeProps, Box } from '@mantine/core';
import type { OrderAmpel } from '@pruefbuch/domain/rules/order-ampel';
import type { OrderStatus } from '@pruefbuch/domain/rules/order-status';
import { useTranslation } from 'react-i18next';

const AMPEL_COLOR = { green: 'green', orange: 'orange', red: 'red' } as const;

/** An order's ampel: the colour in words with a dot of it, so it never speaks by colour alone. */
export function OrderAmpelBadge({
  ampel,
  label,
  testId = 'order-ampel',
  ...props
}: { ampel: OrderAmpel; label?: string; testId?: string } & BadgeProps) {
  const { t } = useTranslation();
  const color = ampel ? AMPEL_COLOR[ampel] : 'gray';
  const word = t(`orders.ampel.${ampel ?? 'none'}`);
  return (
    <Badge
      variant="light"
      color={color}
      tt="none"
      fw={600}
      leftSection={
        <Box
          component="span"
          aria-hidden
          display="inline-block"
          w={8}
          h={8}
          style={{ borderRadius: '50%', background: `var(--mantine-color-${color}-filled)` }}
        />
      }
      title={`${label ?? t('orders.fields.gesamt_ampel')}: ${word}`}
      data-testid={testId}
      data-ampel={ampel ?? 'none'}
      {...props}
    >
      {label ? `${label}: ${word}` : word}
    </Badge>
  );
}

const STATUS_COLOR: Record<OrderStatus, string> = {
  CREATED: 'gray',
  AKT_KW_VKID: 'blue',
  AKT_KW: 'indigo',
  MONTAGE: 'violet',
  MONTAGE_ABGESCHLOSSEN: 'teal',
  ZIVI_BESTELLT: 'cyan',
  ZIVI_MANGEL: 'red',
  ZIVI_ERLEDIGT: 'lime',
  VERRECHNET: 'green',
};

export function OrderStatusBadge({ status, ...props }: { status: OrderStatus } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="outline"
      color={STATUS_COLOR[status]}
      tt="none"
      data-testid="order-status"
      data-status={status}
      {...props}
    >
      {t(`orders.status.${status}`)}
    </Badge>
  );
}

/** The department's name in words and the department choices: the app's one definition (lib/user-options.ts). */
export { departmentLabel, departmentOptions } from '@/lib/user-options';
