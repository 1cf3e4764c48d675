import { describe, expect, it } from 'vitest';
import { parseScanText } from './scan-target';

describe('parseScanText', () => {
  it.each([
    ['https://pruefbuch.example.de/app/q/Ab3_x-9ZqK', 'Ab3_x-9ZqK'],
    ['http://localhost:3000/app/q/Ab3_x-9ZqK/', 'Ab3_x-9ZqK'],
    ['https://pruefbuch.example.de/q/PRE-0001', 'PRE-0001'],
    ['pruefbuch.example.de/app/q/Ab3_x-9ZqK', 'Ab3_x-9ZqK'],
    ['/app/q/Ab3_x-9ZqK', 'Ab3_x-9ZqK'],
    ['  Ab3_x-9ZqK \n', 'Ab3_x-9ZqK'],
    ['PRE-0001', 'PRE-0001'],
    ['https://pruefbuch.example.de/app/q/Ab3_x-9ZqK?utm=label#top', 'Ab3_x-9ZqK'],
  ])('%s → code %s', (text, code) => {
    expect(parseScanText(text)).toEqual({ kind: 'code', code });
  });

  it('reads the address of a book page', () => {
    expect(parseScanText('https://pruefbuch.example.de/app/book/demo/3f1c7a52-8a4e-4a57-9f55-2a4f5b6c7d8e')).toEqual({
      kind: 'book',
      tenant: 'demo',
      book: '3f1c7a52-8a4e-4a57-9f55-2a4f5b6c7d8e',
    });
  });

  it.each([
    [''],
    ['   '],
    ['abc'],
    ['a'.repeat(65)],
    ['Hallo Welt'],
    ['WIFI:S:Gast;T:WPA;P:geheim;;'],
    ['https://example.com/'],
    ['https://example.com/app/q/ab'],
    ['https://example.com/app/q/ab%20cd'],
    ['https://example.com/app/q/%E0%A4%A'],
    ['https://example.com/app/book/demo/not-a-book'],
    ['javascript:alert(1)'],
    ['ftp://example.com/app/q/Ab3_x-9ZqK'],
  ])('%j names nothing', (text) => {
    expect(parseScanText(text)).toBeNull();
  });
});
