import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';
// The calendar's names of months and days (DatesProvider picks the language).
import '@/lib/dayjs-locale';

dayjs.extend(customParseFormat);

const FORMATS = ['D.M.YYYY', 'DD.MM.YYYY', 'D.M.YY', 'DD.MM.YY', 'YYYY-MM-DD'];

/** What a user types into a date field: '3.2.2027', '03.02.27' or '2027-02-03' → '2027-02-03'; null if none fits. */
export function parseDateInput(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  for (const format of FORMATS) {
    const d = dayjs(text, format, true);
    if (d.isValid()) return d.format('YYYY-MM-DD');
  }
  return null;
}

/** A date input showing and reading DD.MM.YYYY (SPEC §9); its value is an ISO date 'YYYY-MM-DD' or null. */
export function DateField(props: DateInputProps) {
  const { t } = useTranslation();
  return (
    <DateInput
      valueFormat="DD.MM.YYYY"
      dateParser={parseDateInput}
      placeholder={t('common.datePlaceholder')}
      clearable
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
