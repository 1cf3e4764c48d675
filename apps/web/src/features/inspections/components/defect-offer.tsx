import { Anchor, Button, Group, Text } from '@mantine/core';
import { canOpen, mayCall, screenPath } from '@pruefbuch/domain/access';
import type { Principal } from '@pruefbuch/domain/roles';
import type { DefectOffer } from '@pruefbuch/domain/schemas/offer';
import { IconFileDescription, IconFilePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OfferAmpelBadge } from '@/components/ui/offer-ampel-badge';

/** What a user may do with the offers of defects: see them, and start one. */
export interface DefectOfferAccess {
  read: boolean;
  create: boolean;
}

export const defectOfferAccess = (user: Principal | null): DefectOfferAccess => ({
  read: !!user && mayCall('offers:read', user) && canOpen('offer', user),
  create: !!user && mayCall('offers:write', user) && canOpen('offer', user),
});

/** The offer screen started from a defect (its fields filled from the defect, the two linked on saving). */
export const newOfferPath = (ids: { tenant: string; book: string; record: string; defect: string }) =>
  `${screenPath('offer', { slug: 'new' })}?${new URLSearchParams(ids)}`;

/**
 * Beside a defect: its offer (number, status in words, ampel, a link), or 'Kein Angebot' and, for users who
 * may write offers, 'Angebot erstellen'.
 */
export function DefectOfferLine({
  offer,
  createTo,
}: {
  offer: DefectOffer | undefined;
  /** The new offer's address; null when the user may not create one. */
  createTo: string | null;
}) {
  const { t } = useTranslation();
  if (offer) {
    return (
      <Group gap={6} wrap="wrap" data-testid="defect-offer">
        <IconFileDescription size={16} color="var(--mantine-color-dimmed)" aria-hidden />
        <Anchor
          component={Link}
          to={screenPath('offer', { slug: offer.offerId })}
          size="sm"
          fw={500}
          data-testid="defect-offer-link"
        >
          {offer.offerNr ? t('offers.defect.offer', { nr: offer.offerNr }) : t('offers.defect.offerNoNr')}
        </Anchor>
        <Text span size="sm" c="dimmed">
          · {t(`offers.status.${offer.status}`)}
        </Text>
        <OfferAmpelBadge label={offer.ampel} colour={offer.ampelColour} size="sm" testId="defect-offer-ampel" />
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="wrap" data-testid="defect-no-offer">
      <Text span size="sm" c="dimmed">
        {t('offers.defect.none')}
      </Text>
      {createTo ? (
        <Button
          component={Link}
          to={createTo}
          size="compact-sm"
          variant="light"
          leftSection={<IconFilePlus size={14} />}
          data-testid="defect-create-offer"
        >
          {t('offers.defect.create')}
        </Button>
      ) : null}
    </Group>
  );
}
