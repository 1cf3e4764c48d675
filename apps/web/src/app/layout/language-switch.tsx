import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/lib/i18n';
import { chooseLanguage } from '@/lib/language-choice';
import classes from './language-switch.module.css';

/**
 * DE/EN; the device keeps the choice (STORAGE_KEYS.language), a signed-in user's account as well.
 * Two toggle buttons rather than Mantine's SegmentedControl: its floating indicator measures the page
 * (getBoundingClientRect, getComputedStyle) while the shell mounts, which forced a layout of the whole page
 * on every load, about 80 ms on a 2-core machine.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.language === 'en' ? 'en' : 'de';
  return (
    <fieldset aria-label={t('common.language.label')} className={classes.root}>
      {LANGUAGES.map((lang) => (
        <UnstyledButton
          key={lang}
          className={classes.segment}
          aria-pressed={lang === current}
          title={t(`common.language.${lang}Long`)}
          onClick={() => void chooseLanguage(lang)}
        >
          {t(`common.language.${lang}`)}
        </UnstyledButton>
      ))}
    </fieldset>
  );
}
