import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '@/lib/i18n';

/** DE/EN; the choice is kept in localStorage (STORAGE_KEYS.language) by the i18n setup. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      value={i18n.language === 'en' ? 'en' : 'de'}
      onChange={(lang) => void setLanguage(lang === 'en' ? 'en' : 'de')}
      aria-label={t('common.language.label')}
      data={LANGUAGES.map((lang) => ({
        value: lang,
        label: <span title={t(`common.language.${lang}Long`)}>{t(`common.language.${lang}`)}</span>,
      }))}
    />
  );
}
