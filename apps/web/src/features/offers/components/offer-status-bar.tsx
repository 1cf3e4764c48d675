import { Alert, Anchor, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { followUpDueShown, type OfferAmpel, type OfferStatus } from '@pruefbuch/domain/rules/offer-ampel';
import type { Offer, OfferSource } from '@pruefbuch/domain/schemas/offer';
import { IconArrowForwardUp, IconBell, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OfferAmpelBadge } from '@/components/ui/offer-ampel-badge';
import { formatDateTime } from '@/lib/format';
import { FollowUpDueBadge, OfferStatusBadge } from './offer-parts';

/** The record screen of a defect's record (any kind: the screen moves to the record's own). */
const recordLink = (tenant: string, source: OfferSource) =>
  `${screenPath('inspection', { slug: source.record })}?${new URLSearchParams({ book: source.book, tenant })}`;

/**
 * Above the offer's sections: its ampel (as it will stand once the typed values are saved), 'Nachfassen
 * fällig', the status, and the actions of a saved offer (remind the KTB, hand over to order processing).
 */
export function OfferStatusBar({
  ampel,
  preview,
  due,
  status,
  offer,
  onRemindKtb,
  onTakeOver,
  takingOver,
  orderId,
}: {
  ampel: OfferAmpel;
  /** The typed values differ from the saved ones: the ampel is a preview. */
  preview: boolean;
  due: boolean;
  status: OfferStatus;
  offer?: Offer;
  onRemindKtb?: () => void;
  onTakeOver?: () => void;
  takingOver?: boolean;
  /** The order it was taken over into: the header links to it. */
  orderId?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="offer-status-bar">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <OfferAmpelBadge label={ampel.label} colour={ampel.colour} size="lg" testId="offer-page-ampel" />
            {followUpDueShown(due, ampel.label) ? <FollowUpDueBadge size="lg" /> : null}
            <OfferStatusBadge status={status} size="lg" />
          </Group>
          {preview ? (
            <Text size="xs" c="dimmed" data-testid="offer-ampel-preview">
              {t('offers.editor.preview')}
            </Text>
          ) : null}
          {orderId ? (
            <Anchor
              component={Link}
              to={screenPath('orderprocessing', { slug: orderId })}
              size="sm"
              fw={600}
              data-testid="offer-order-link"
            >
              {t('orders.takeOver.openOrder')}
            </Anchor>
          ) : null}
          {offer?.ktbInformedAt ? (
            <Text size="xs" c="dimmed">
              {t('offers.editor.ktbInformed', { date: formatDateTime(offer.ktbInformedAt) })}
            </Text>
          ) : null}
        </Stack>
        {onRemindKtb || onTakeOver ? (
          <Group gap="xs" wrap="wrap">
            {onRemindKtb ? (
              <Button
                variant="default"
                leftSection={<IconBell size={16} />}
                onClick={onRemindKtb}
                data-testid="offer-remind-ktb"
              >
                {t('offers.ktbReminder.button')}
              </Button>
            ) : null}
            {onTakeOver ? (
              <Button
                color="teal"
                leftSection={<IconArrowForwardUp size={16} />}
                onClick={onTakeOver}
                loading={takingOver}
                data-testid="offer-take-over"
              >
                {t('offers.takeOver.button')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}

/** Where the offer came from: the defect's text, with links to its record and book. */
export function OfferSourceNote({
  tenant,
  source,
  bookTitle,
  defectText,
  saved,
}: {
  tenant: string;
  source: OfferSource;
  bookTitle?: string;
  defectText: string;
  /** The offer is saved and linked; else it will be linked on saving. */
  saved: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconLink size={18} />}
      title={saved ? t('offers.source.linked') : t('offers.source.linking')}
      data-testid="offer-source"
    >
      <Stack gap={6}>
        <Box fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {bookTitle ? <b>{bookTitle}: </b> : null}
          {defectText}
        </Box>
        <Group gap="md">
          <Anchor component={Link} to={recordLink(tenant, source)} size="sm" data-testid="offer-source-record">
            {t('offers.source.openRecord')}
          </Anchor>
          <Anchor
            component={Link}
            to={screenPath('book_list', { tenant, slug: source.book })}
            size="sm"
            data-testid="offer-source-book"
          >
            {t('offers.source.openBook')}
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}
