import { useTranslation } from 'react-i18next';
import { Segments } from '@/components/ui/segments';
import { LANGUAGES } from '@/lib/i18n';
import { chooseLanguage } from '@/lib/language-choice';

/** DE/EN; the device keeps the choice (STORAGE_KEYS.language), a signed-in user's account as well. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segments
      data={LANGUAGES.map((lang) => ({
        value: lang,
        label: t(`common.language.${lang}`),
        title: t(`common.language.${lang}Long`),
      }))}
      value={i18n.language === 'en' ? 'en' : 'de'}
      onChange={(lang) => void chooseLanguage(lang)}
      name="app-language"
      size="xs"
      aria-label={t('common.language.label')}
      radius="xl"
    />
  );
}
