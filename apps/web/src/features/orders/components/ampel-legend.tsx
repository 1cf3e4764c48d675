import { Anchor, Popover, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OrderAmpelBadge } from './order-parts';

/** The rows of each ampel, as rules/order-ampel.ts decides them (first row that holds), worst first. */
const LEGEND = {
  vkid: [
    ['red', 'vkidPassed'],
    ['red', 'vkidGoodsLate'],
    ['orange', 'vkidNoPlan'],
    ['orange', 'vkidNoGoods'],
    ['green', 'onTrack'],
  ],
  el: [
    ['red', 'elWeekPassed'],
    ['orange', 'elNoWeek'],
    ['orange', 'elNoDate'],
    ['green', 'onTrack'],
  ],
  gesamt: [
    ['red', 'gesamtRed'],
    ['orange', 'gesamtOrange'],
    ['green', 'onTrack'],
  ],
} as const;

/** 'Was bedeuten die Ampeln?': what makes each ampel red, orange or green, a click away (issue 31 item 8). */
export function AmpelLegend() {
  const { t } = useTranslation();
  return (
    <Popover width={420} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Anchor component="button" type="button" size="xs" data-testid="ampel-legend-open">
          <IconInfoCircle size={13} style={{ verticalAlign: -2 }} aria-hidden /> {t('orders.legend.open')}
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown data-testid="ampel-legend">
        <Stack gap="xs">
          {(Object.keys(LEGEND) as (keyof typeof LEGEND)[]).map((kind) => (
            <div key={kind}>
              <Text size="sm" fw={600}>
                {t(`orders.legend.${kind}`)}
              </Text>
              <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={6}>
                <Table.Tbody>
                  {LEGEND[kind].map(([colour, text]) => (
                    <Table.Tr key={text}>
                      <Table.Td w={90} style={{ verticalAlign: 'top' }}>
                        <OrderAmpelBadge ampel={colour} testId="ampel-legend-chip" />
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs">{t(`orders.legend.rows.${text}`)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          ))}
          <Text size="xs" c="dimmed">
            {t('orders.legend.none')}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
