import { Badge, Text } from '@mantine/core';
import { AMPEL_COLOURS, type Ampel } from '@pruefbuch/domain/rules/book-status';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';

const COLOR: Record<Ampel, string> = { green: 'green', orange: 'orange', red: 'red', black: 'dark' };
const isAmpel = (value: string | null): value is Ampel =>
  !!value && (AMPEL_COLOURS as readonly string[]).includes(value);

/** The next inspection date on its ampel colour; the colour is named for screen readers. */
export function DueBadge({ ampel, date }: { ampel: string | null; date: string | null }) {
  const { t } = useTranslation();
  if (!isAmpel(ampel) && !date) {
    return (
      <Text span c="dimmed" size="sm" aria-label={t('books.ampel.none')}>
        –
      </Text>
    );
  }
  const colour = isAmpel(ampel) ? t(`books.ampel.${ampel}`) : t('books.ampel.none');
  return (
    <Badge
      variant={isAmpel(ampel) ? 'filled' : 'outline'}
      color={isAmpel(ampel) ? COLOR[ampel] : 'gray'}
      tt="none"
      size="md"
      aria-label={t('lists.table.dueLabel', { colour, date: date ? formatDate(date) : '–' })}
      data-testid="due-badge"
      data-ampel={ampel ?? 'none'}
    >
      {date ? formatDate(date) : colour}
    </Badge>
  );
}
