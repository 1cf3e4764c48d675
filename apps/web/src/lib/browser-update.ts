/**
 * The notice for outdated browsers (SPEC §9), by the maintained browser-update package, in the app's
 * language. Loaded after the first screen (main.tsx) with the package, never in the first load. The
 * full package is used, not its light variant: that one would fetch the bar from browser-update.org,
 * a script the CSP (rightly) refuses.
 */
import type { Language } from '@pruefbuch/domain/locales/resources';
import type { BrowserUpdateOptions } from 'browser-update';
import { currentLanguage, i18n, loadScreenTexts } from './i18n';

/**
 * Who is told: three versions behind the newest Chrome, Firefox, Opera and Samsung Internet, four
 * behind Edge, one behind Safari (whose updates come with the system), and every browser with a
 * known exploited hole or without vendor support. The app itself needs Chrome/Edge 111, Firefox
 * 114 or Safari 16.4 (Vite's build target); these limits lie well above that.
 */
export const REQUIRED_VERSIONS = { c: -3, f: -3, o: -3, samsung: -3, e: -4, s: -1 };

export function browserUpdateOptions(lang: Language, t: (key: string) => string): BrowserUpdateOptions {
  return {
    required: { ...REQUIRED_VERSIONS },
    insecure: true,
    unsupported: true,
    api: 2025.09,
    l: lang,
    text: {
      msg: t('ui.browserUpdate.msg'),
      insecure: t('ui.browserUpdate.insecure'),
      msgmore: t('ui.browserUpdate.msgmore'),
      bupdate: t('ui.browserUpdate.bupdate'),
      bignore: t('ui.browserUpdate.bignore'),
      remind: t('ui.browserUpdate.remind'),
      bnever: t('ui.browserUpdate.bnever'),
    },
    // At the bottom the bar covers no navigation and moves nothing.
    style: 'bottom',
    shift_page_down: false,
    // The bar's browser icon is an image from browser-update.org, which the CSP refuses: no icon.
    onshow: (op) => op.div?.querySelector('.buorg-icon')?.remove(),
  };
}

/** Checks the browser and shows the bar when it is outdated (then again a week later at the earliest). */
export async function showBrowserUpdateNotice(): Promise<void> {
  await loadScreenTexts();
  const { default: browserUpdate } = await import('browser-update');
  browserUpdate(browserUpdateOptions(currentLanguage(), (key) => i18n.t(key)));
}
