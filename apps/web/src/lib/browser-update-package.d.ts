/** The browser-update package (update.npm.full.js) has no types of its own; these are the options the app uses. */
declare module 'browser-update' {
  export interface BrowserUpdateOptions {
    /** Minimum versions per browser (c, f, s, e, o, samsung …); a negative number counts back from the newest. */
    required?: Record<string, number>;
    insecure?: boolean;
    unsupported?: boolean;
    api?: number;
    l?: string;
    text?: Record<string, string>;
    style?: 'top' | 'bottom' | 'corner';
    shift_page_down?: boolean;
    /** Test hooks: another user agent, and only the decision (onshow) without the bar. */
    override_ua?: string;
    nomessage?: boolean;
    onshow?: (op: { div?: HTMLElement; browser?: { t: string } }) => void;
  }
  export default function browserUpdate(options: BrowserUpdateOptions, test?: boolean): void;
}
