import { Badge, type BadgeProps, Box } from '@mantine/core';
import type { OfferAmpelColour, OfferAmpelLabel } from '@pruefbuch/domain/rules/offer-ampel';
import { useTranslation } from 'react-i18next';

/** Mantine colours of the offer ampel (red: act today, orange: act soon, green: on track or done). */
export const OFFER_AMPEL_COLOR: Record<OfferAmpelColour, string> = { red: 'red', orange: 'orange', green: 'green' };

/**
 * An offer's ampel (SPEC §4 offer ampel labels): the label in words with a dot of its colour, so it never
 * speaks by colour alone. Shared by the offer screens and the defects of the inspection records.
 */
export function OfferAmpelBadge({
  label,
  colour,
  testId = 'offer-ampel',
  ...props
}: { label: OfferAmpelLabel; colour: OfferAmpelColour; testId?: string } & BadgeProps) {
  const { t } = useTranslation();
  const color = OFFER_AMPEL_COLOR[colour];
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
      title={`${t('offers.fields.ampel')}: ${t(`offers.ampel.${label}`)}`}
      data-testid={testId}
      data-ampel={label}
      data-colour={colour}
      {...props}
    >
      {t(`offers.ampel.${label}`)}
    </Badge>
  );
}
