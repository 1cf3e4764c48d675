/**
 * dayjs in the app's language: registers German and English and follows language switches. Imported by the
 * date formatting (format.ts) rather than the i18n setup, so the first load carries no dayjs at all.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/en';
import { i18n } from './i18n';

const apply = (lang: string) => dayjs.locale(lang === 'en' ? 'en' : 'de');
apply(i18n.language);
i18n.on('languageChanged', apply);
