/**
 * The traffic light of the public page in words (decision 008): green in order, orange due soon, red overdue,
 * black long overdue or shut down. A shut-down installation says so rather than 'overdue'.
 */
import { AMPEL_COLOURS, type Ampel } from '@pruefbuch/domain/rules/book-status';

export type AmpelState = Ampel | 'shutdown' | 'none';

export function ampelState(ampel: string | null | undefined, shutDown = false): AmpelState {
  if (shutDown) return 'shutdown';
  return ampel && (AMPEL_COLOURS as readonly string[]).includes(ampel) ? (ampel as Ampel) : 'none';
}

/** Mantine colour of each state; black and shut-down share the dark badge. */
export const AMPEL_STATE_COLOR: Record<AmpelState, string> = {
  green: 'green',
  orange: 'orange',
  red: 'red',
  black: 'dark',
  shutdown: 'dark',
  none: 'gray',
};

/** i18n keys of the colour's name and of what it means. */
export const ampelTextKeys = (state: AmpelState) =>
  ({ label: `qr.ampel.${state}.label`, meaning: `qr.ampel.${state}.meaning` }) as const;
