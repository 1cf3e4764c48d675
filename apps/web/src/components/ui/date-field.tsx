import { DateInput, type DateInputProps } from '@mantine/dates';
import { DATE_DISPLAY } from '@pruefbuch/domain/rules/date-display';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';
// The calendar's names of months and days (DatesProvider picks the language).
import '@/lib/dayjs-locale';
import { currentLanguage } from '@/lib/i18n';

dayjs.extend(customParseFormat);

// German dots and English slashes are both read, whatever the language: day first in either.
const FORMATS = [
  'D.M.YYYY',
  'DD.MM.YYYY',
  'D.M.YY',
  'DD.MM.YY',
  'D/M/YYYY',
  'DD/MM/YYYY',
  'D/M/YY',
  'DD/MM/YY',
  'YYYY-MM-DD',
];

/** What a user types into a date field: '3.2.2027', '03.02.27', '3/2/2027' or '2027-02-03' → '2027-02-03'; null if none fits. */
export function parseDateInput(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  for (const format of FORMATS) {
    const d = dayjs(text, format, true);
    if (d.isValid()) return d.format('YYYY-MM-DD');
  }
  return null;
}

/**
 * A date input showing DD.MM.YYYY (SPEC §9) in German and DD/MM/YYYY in English (decision 053); its value is
 * an ISO date 'YYYY-MM-DD' or null.
 */
export function DateField(props: DateInputProps) {
  const { t } = useTranslation();
  const dates = DATE_DISPLAY[currentLanguage()];
  return (
    <DateInput
      locale={dates.locale}
      valueFormat={dates.formats.date}
      dateParser={parseDateInput}
      placeholder={t('common.datePlaceholder')}
      clearable
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
