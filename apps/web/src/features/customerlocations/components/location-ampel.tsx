import { Badge, type BadgeProps, Box, Text, Tooltip } from '@mantine/core';
import type { LocationAmpelFilter } from '@pruefbuch/domain/rules/location-ampel';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';

/** What a location or book shows: a colour, grey when dormant, 'none' when nothing is due. */
export const shownAmpel = (ampel: string | null | undefined): LocationAmpelFilter =>
  ampel === 'black' || ampel === 'red' || ampel === 'orange' || ampel === 'green' || ampel === 'grey' ? ampel : 'none';

/** Mantine colours of the ampel states; black is the dark badge, dormant a quiet grey. */
export const AMPEL_COLOR: Record<LocationAmpelFilter, string> = {
  black: 'dark',
  red: 'red',
  orange: 'orange',
  green: 'green',
  grey: 'gray',
  none: 'gray',
};

/** The colour of an ampel as CSS, for dots and bar sections. */
export const ampelCss = (ampel: LocationAmpelFilter) =>
  ampel === 'none'
    ? 'var(--mantine-color-gray-3)'
    : `var(--mantine-color-${AMPEL_COLOR[ampel]}-${ampel === 'grey' ? 5 : 7})`;

/** A round dot in the ampel's colour (decoration: the text beside it says the state). */
export function AmpelDot({ ampel, size = 10 }: { ampel: LocationAmpelFilter; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      display="inline-block"
      w={size}
      h={size}
      style={{
        borderRadius: '50%',
        flex: 'none',
        background: ampel === 'none' ? 'transparent' : ampelCss(ampel),
        border: ampel === 'none' ? '2px solid var(--mantine-color-gray-5)' : undefined,
      }}
    />
  );
}

/**
 * The ampel of a location or book for inspection or self-inspection: the colour named in words ('Rot'), its
 * meaning in the tooltip and for screen readers, and the due date when there is one. Nothing due: a dash.
 */
export function LocationAmpelBadge({
  ampel,
  kind,
  date,
  withKind = false,
  testId,
  ...props
}: {
  ampel: string | null | undefined;
  kind: 'inspection' | 'selfInspection';
  date?: string | null;
  /** Names the inspection in the badge ('Prüfung 14.04.2027'), where both stand side by side. */
  withKind?: boolean;
  testId?: string;
} & BadgeProps) {
  const { t } = useTranslation();
  const state = shownAmpel(ampel);
  const kindLabel = t(`customerlocations.list.${kind}`);
  const meaning = t(`customerlocations.ampel.${state}`);
  if (state === 'none' && !date) {
    return (
      <Text span size="sm" c="dimmed" aria-label={`${kindLabel}: ${meaning}`} data-testid={testId} data-ampel={state}>
        –
      </Text>
    );
  }
  const value = date ? formatDate(date) : t(`customerlocations.ampelShort.${state}`);
  return (
    <Tooltip label={`${kindLabel}: ${meaning}`} openDelay={200}>
      <Badge
        variant={state === 'none' ? 'outline' : state === 'grey' ? 'light' : 'filled'}
        color={AMPEL_COLOR[state]}
        tt="none"
        fw={600}
        aria-label={`${kindLabel}: ${meaning}${date ? `, ${formatDate(date)}` : ''}`}
        data-testid={testId}
        data-ampel={state}
        {...props}
      >
        {withKind ? `${kindLabel} ${value}` : value}
      </Badge>
    </Tooltip>
  );
}
