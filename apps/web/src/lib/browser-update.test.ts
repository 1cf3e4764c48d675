import { resources } from '@pruefbuch/domain/locales/resources';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserUpdateOptions } from './browser-update';

const textOf = (lang: 'de' | 'en') => (key: string) => {
  let node: unknown = resources[lang].translation;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text ${key}`);
  return node;
};

const chrome = (version: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
const firefox = (version: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${version}.0) Gecko/20100101 Firefox/${version}.0`;

describe('browser-update notice', () => {
  it.each(['de', 'en'] as const)('speaks the app’s language (%s) and leaves the package its placeholders', (lang) => {
    const options = browserUpdateOptions(lang, textOf(lang));
    expect(options.l).toBe(lang);
    expect(options.text?.msg).toBe(textOf(lang)('ui.browserUpdate.msg'));
    expect(options.text?.msg).toContain('{brow_name}');
    expect(options.text?.remind).toContain('{days}');
    expect(Object.keys(options.text ?? {}).sort()).toEqual(
      ['bignore', 'bnever', 'bupdate', 'insecure', 'msg', 'msgmore', 'remind'].sort(),
    );
  });

  // The package decides in the browser; here it runs on a few page globals and reports its decision
  // (nomessage: onshow instead of the bar).
  describe('decides with the package', () => {
    let browserUpdate: typeof import('browser-update').default;
    const cookies: string[] = [];
    beforeAll(async () => {
      vi.stubGlobal('window', globalThis);
      vi.stubGlobal('navigator', { userAgent: chrome(141), platform: 'Win32', maxTouchPoints: 0, language: 'de' });
      vi.stubGlobal('location', { href: 'https://pb.example/app/', hostname: 'pb.example', hash: '' });
      vi.stubGlobal('document', {
        documentElement: { getAttribute: () => 'de' },
        get cookie() {
          return cookies.join('; ');
        },
        set cookie(value: string) {
          cookies.push(value.split(';')[0] ?? '');
        },
      });
      browserUpdate = (await import('browser-update')).default;
    });
    afterAll(() => {
      vi.unstubAllGlobals();
    });

    const shows = (userAgent: string) => {
      cookies.length = 0;
      const onshow = vi.fn();
      browserUpdate({ ...browserUpdateOptions('de', textOf('de')), override_ua: userAgent, nomessage: true, onshow });
      return onshow.mock.calls.length > 0;
    };

    it.each([
      ['Chrome 100', chrome(100), true],
      ['Firefox 102', firefox(102), true],
      ['a current Chrome', chrome(141), false],
      ['a current Firefox', firefox(143), false],
    ])('%s: notice %s', (_name, userAgent, expected) => {
      expect(shows(userAgent)).toBe(expected);
    });
  });
});
