import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { Role } from '@pruefbuch/domain/roles';
import type { Order } from '@pruefbuch/domain/schemas/order';
import { IconArrowBackUp, IconArrowRight, IconBook, IconSend } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import type { StepOption } from '../order-form';
import { AmpelLegend } from './ampel-legend';
import { departmentLabel, OrderAmpelBadge, OrderStatusBadge } from './order-parts';

const ROLE_NAME = new Map<number, string>(Object.entries(Role).map(([name, n]) => [n, name]));
const roleLabel = (t: TFunction, role: number) =>
  t(`lookups.roles.${ROLE_NAME.get(role) ?? ''}`, { defaultValue: String(role) });

/**
 * Above the order's sections: the three ampels, the status and the department, the links to offer and book,
 * and the next steps the user's role may take, each with the fields it still needs.
 */
export function OrderStatusBar({
  order,
  tenant,
  steps,
  stepping,
  refused,
  onStep,
  onTransfer,
  onCreateBook,
  bookNeedsDoorType = false,
}: {
  order: Order;
  tenant: string | null;
  steps: StepOption[];
  stepping: string | null;
  /** The server's field errors of the last refused step. */
  refused: string[];
  onStep?: (step: StepOption) => void;
  onTransfer?: () => void;
  onCreateBook?: () => void;
  /** 'Prüfbuch anlegen' is shown but waits for a saved door type (it is made from the door configuration). */
  bookNeedsDoorType?: boolean;
}) {
  const { t } = useTranslation();
  const fieldLabel = (path: string) => t(`orders.fields.${path}`, { defaultValue: path });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="order-status-bar">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <OrderStatusBadge status={order.status} size="lg" />
              <OrderAmpelBadge
                ampel={order.gesamt_ampel}
                label={t('orders.fields.gesamt_ampel')}
                testId="order-ampel-gesamt"
              />
              <OrderAmpelBadge
                ampel={order.vkid.ampel}
                label={t('orders.editor.sections.vkid')}
                testId="order-ampel-vkid"
              />
              <OrderAmpelBadge ampel={order.el.ampel} label={t('orders.editor.sections.el')} testId="order-ampel-el" />
              <AmpelLegend />
            </Group>
            <Text size="xs" c="dimmed">
              {t('orders.editor.statusSince', { date: formatDateTime(order.statusLastModified) })} ·{' '}
              <span data-testid="order-department">
                {t('orders.fields.aktuelle_abteilung')}: {departmentLabel(t, order.aktuelle_abteilung)}
              </span>
            </Text>
            <Group gap="md">
              {order.offerId ? (
                <Anchor
                  component={Link}
                  to={screenPath('offer', { slug: order.offerId })}
                  size="sm"
                  data-testid="order-offer-link"
                >
                  {order.offerNr ? t('orders.editor.fromOffer', { nr: order.offerNr }) : t('orders.editor.openOffer')}
                </Anchor>
              ) : null}
              {order.bookId && tenant ? (
                <Anchor
                  component={Link}
                  to={screenPath('book_list', { tenant, slug: order.bookId })}
                  size="sm"
                  data-testid="order-book-link"
                >
                  {t('orders.editor.openBook')}
                </Anchor>
              ) : null}
            </Group>
          </Stack>
          <Group gap="xs" wrap="wrap" align="flex-start">
            {onCreateBook ? (
              <Button
                variant="default"
                leftSection={<IconBook size={16} />}
                onClick={onCreateBook}
                data-testid="order-create-book"
              >
                {t('orders.editor.book.button')}
              </Button>
            ) : bookNeedsDoorType ? (
              // Shown, but not to be used yet: the book is made from the saved door configuration. The reason
              // stands beside it, as a step's missing fields do (a tooltip never shows on a phone).
              <Stack gap={2} maw={280}>
                <Button
                  variant="default"
                  leftSection={<IconBook size={16} />}
                  disabled
                  aria-describedby="order-book-needs-door"
                  data-testid="order-create-book-blocked"
                >
                  {t('orders.editor.book.button')}
                </Button>
                <Text size="xs" c="dimmed" id="order-book-needs-door" data-testid="order-book-needs-door">
                  {t('orders.editor.book.needsDoorType')}
                </Text>
              </Stack>
            ) : null}
            {onTransfer ? (
              <Button
                variant="default"
                leftSection={<IconSend size={16} />}
                onClick={onTransfer}
                data-testid="order-transfer"
              >
                {t('orders.editor.transfer.button')}
              </Button>
            ) : null}
          </Group>
        </Group>
        {onStep ? (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('orders.editor.steps.title')}
            </Text>
            {steps.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('orders.editor.steps.none')}
              </Text>
            ) : (
              <Group gap="sm" wrap="wrap" align="flex-start">
                {steps.map((s) => (
                  <Stack key={s.to} gap={2} maw={320}>
                    <Button
                      color={s.back ? undefined : 'teal'}
                      leftSection={s.back ? <IconArrowBackUp size={16} /> : <IconArrowRight size={16} />}
                      onClick={() => onStep(s)}
                      disabled={!!s.onlyFor || s.missing.length > 0 || (!!stepping && stepping !== s.to)}
                      variant={s.back ? 'default' : s.onlyFor ? 'light' : 'filled'}
                      loading={stepping === s.to}
                      data-testid={`order-step-${s.to}`}
                      styles={{
                        label: { whiteSpace: 'normal' },
                        root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
                      }}
                    >
                      {s.back
                        ? `${t(`orders.status.${s.to}`)} (${t('orders.editor.steps.back')})`
                        : t(`orders.status.${s.to}`)}
                    </Button>
                    {s.onlyFor ? (
                      <Text size="xs" c="dimmed" data-testid={`order-step-only-${s.to}`}>
                        {t('orders.editor.steps.onlyFor', { roles: s.onlyFor.map((r) => roleLabel(t, r)).join(', ') })}
                      </Text>
                    ) : s.reasons.length ? (
                      <Text size="xs" c="orange.8" data-testid={`order-step-needs-${s.to}`}>
                        {s.reasons.map((r) => t(r)).join(' ')}
                      </Text>
                    ) : s.missing.length ? (
                      <Text size="xs" c="orange.8" data-testid={`order-step-needs-${s.to}`}>
                        {t('orders.editor.steps.needs', { fields: s.missing.map(fieldLabel).join(', ') })}
                      </Text>
                    ) : null}
                  </Stack>
                ))}
              </Group>
            )}
          </Stack>
        ) : null}
        {refused.length ? (
          <Alert color="red" variant="light" title={t('orders.editor.steps.refused')} data-testid="order-step-refused">
            {refused.join(' · ')}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
