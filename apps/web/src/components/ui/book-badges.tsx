import { Badge, type BadgeProps, Text, Tooltip } from '@mantine/core';
import { AMPEL_COLOURS, type Ampel, BOOK_STATUS_LABEL_KEY, isBookStatus } from '@pruefbuch/domain/rules/book-status';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';

const STATUS_COLOR: Record<keyof typeof BOOK_STATUS_LABEL_KEY, string> = {
  1: 'gray',
  2: 'yellow',
  3: 'teal',
  4: 'green',
  5: 'red',
  6: 'orange',
  7: 'violet',
};

/** A book's status with its German (or English) label (SPEC §4). */
export function BookStatusBadge({ status, ...props }: { status: number } & BadgeProps) {
  const { t } = useTranslation();
  if (!isBookStatus(status)) return null;
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} tt="none" data-testid="book-status" {...props}>
      {t(BOOK_STATUS_LABEL_KEY[status])}
    </Badge>
  );
}

const AMPEL_COLOR: Record<Ampel, string> = { green: 'green', orange: 'orange', red: 'red', black: 'dark' };
const isAmpel = (value: string | null | undefined): value is Ampel =>
  !!value && (AMPEL_COLOURS as readonly string[]).includes(value);

/**
 * The traffic light of an inspection (green, orange, red, black) with the next date; a grey 'no ampel'
 * badge when the book has none. `kind` names which inspection it is for screen readers and the tooltip.
 */
export function AmpelBadge({
  ampel,
  date,
  kind,
  withLabel = false,
  ...props
}: {
  ampel: string | null | undefined;
  date?: string | null;
  kind: 'inspection' | 'self';
  /** Names the inspection in the badge ('Prüfung 04.12.2026'): where both ampels stand side by side. */
  withLabel?: boolean;
} & BadgeProps) {
  const { t } = useTranslation();
  if (!isAmpel(ampel) && !date) {
    return (
      <Text
        span
        size="sm"
        c="dimmed"
        aria-label={t('books.ampel.none')}
        data-testid={kind === 'inspection' ? 'book-ampel' : 'book-ampel-self'}
      >
        –
      </Text>
    );
  }
  const label = isAmpel(ampel) ? t(`books.ampel.${ampel}`) : t('books.ampel.none');
  const title = kind === 'inspection' ? t('books.fields.inspectionAmpel') : t('books.fields.inspectionSelfAmpel');
  const value = date ? formatDate(date) : label;
  const named = kind === 'inspection' ? t('books.page.inspection') : t('books.page.selfInspection');
  // Named, the date says what it is: a due date ahead, or since when it is overdue ('Prüfung überfällig seit …').
  const text = !withLabel
    ? value
    : date
      ? t(date < berlinToday() ? 'books.page.overdueSince' : 'books.page.dueOn', { kind: named, date: value })
      : `${named} ${value}`;
  return (
    <Tooltip label={`${title}: ${label}`}>
      <Badge
        variant={isAmpel(ampel) ? 'filled' : 'outline'}
        color={isAmpel(ampel) ? AMPEL_COLOR[ampel] : 'gray'}
        tt="none"
        aria-label={`${title}: ${label}${date ? `, ${formatDate(date)}` : ''}`}
        data-testid={kind === 'inspection' ? 'book-ampel' : 'book-ampel-self'}
        // Named, the text is long ('Eigenprüfung überfällig seit …'): on a phone it wraps instead of running off.
        styles={
          withLabel
            ? {
                root: { height: 'auto', minHeight: 'var(--badge-height)', minWidth: 0, maxWidth: '100%' },
                label: { whiteSpace: 'normal' },
              }
            : undefined
        }
        {...props}
      >
        {text}
      </Badge>
    </Tooltip>
  );
}
