import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('file name from Content-Disposition', () => {
  it.each([
    [null, null],
    ['attachment', null],
    ['attachment; filename="bericht.pdf"', 'bericht.pdf'],
    ['attachment; filename=plain.pdf', 'plain.pdf'],
    [`attachment; filename="x.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%20M%C3%A4rz.pdf`, 'Prüfbericht März.pdf'],
    ['attachment; filename="say \\"hi\\".pdf"', 'say "hi".pdf'],
    [`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, 'passwd'],
    ['attachment; filename="..\\\\win.ini"', 'win.ini'],
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.pdf"`, 'fallback.pdf'],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});
