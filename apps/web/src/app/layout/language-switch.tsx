import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/lib/i18n';
import { chooseLanguage } from '@/lib/language-choice';
import classes from './language-switch.module.css';

/**
 * DE/EN; the device keeps the choice (STORAGE_KEYS.language), a signed-in user's account as well.
 * A radio group of its own rather than Mantine's SegmentedControl: its floating indicator measures the page
 * (getBoundingClientRect, getComputedStyle) while the shell mounts, which forced a layout of the whole page on
 * every load. The radios keep what the SegmentedControl had: one tab stop, the arrow keys, the chosen one checked.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.language === 'en' ? 'en' : 'de';
  return (
    <fieldset aria-label={t('common.language.label')} className={classes.root}>
      {LANGUAGES.map((lang) => (
        <label key={lang} className={classes.segment} title={t(`common.language.${lang}Long`)}>
          <input
            type="radio"
            name="app-language"
            value={lang}
            checked={lang === current}
            onChange={() => void chooseLanguage(lang)}
            aria-label={t(`common.language.${lang}Long`)}
            // Mantine's visually-hidden style: the segment is the radio's label; the radio stays for keys and readers.
            className={VisuallyHidden.classes.root}
          />
          {t(`common.language.${lang}`)}
        </label>
      ))}
    </fieldset>
  );
}
