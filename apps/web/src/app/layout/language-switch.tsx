import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/lib/i18n';
import { chooseLanguage } from '@/lib/language-choice';

/** DE/EN; the device keeps the choice (STORAGE_KEYS.language), a signed-in user's account as well. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      value={i18n.language === 'en' ? 'en' : 'de'}
      onChange={(lang) => void chooseLanguage(lang === 'en' ? 'en' : 'de')}
      aria-label={t('common.language.label')}
      data={LANGUAGES.map((lang) => ({
        value: lang,
        label: <span title={t(`common.language.${lang}Long`)}>{t(`common.language.${lang}`)}</span>,
      }))}
    />
  );
}
