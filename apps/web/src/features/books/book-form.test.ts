import { describe, expect, it } from 'vitest';
import { BOOK_FORM_SCHEMAS, type BookValues, emptyBookValues, entriesToMisc, miscToEntries } from './book-form';
import { emptyDoorData, splitMisc } from './door-data';

const paths = (values: BookValues, mode: 'create' | 'edit' = 'create') => {
  const result = BOOK_FORM_SCHEMAS[mode].safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('book form', () => {
  it('needs a title and builds the create payload with defaults and the folder', () => {
    const values = emptyBookValues('root');
    expect(paths(values)).toContain('title:validation.required');
    const parsed = BOOK_FORM_SCHEMAS.create.parse({ ...values, title: '  Tür 1 ' });
    expect(parsed).toMatchObject({ title: 'Tür 1', folder: null, lagerort: 'inFertigungsprozess', serviceinterval: 0 });
    expect(parsed).not.toHaveProperty('__v');
  });

  it('sends the version on edit and never the folder (moving is its own call)', () => {
    const parsed = BOOK_FORM_SCHEMAS.edit.parse({ ...emptyBookValues('f1'), title: 'T', __v: 4 });
    expect(parsed.__v).toBe(4);
    expect(parsed).not.toHaveProperty('folder');
  });

  it('sends the booking places: one by default, at least one', () => {
    const parsed = BOOK_FORM_SCHEMAS.create.parse({ ...emptyBookValues('root'), title: 'T' });
    expect(parsed.slots).toBe(1);
    expect(paths({ ...emptyBookValues('root'), title: 'T', slots: 0 })).toEqual(['slots:validation.min']);
  });

  it('names the field of a bad email, an unknown interval and a reversed date window', () => {
    const values = {
      ...emptyBookValues('root'),
      title: 'T',
      contactMail: 'kein-mail',
      serviceinterval: 5,
      enableFrom: '2026-05-01',
      enableTo: '2026-04-01',
    };
    const issues = paths(values);
    expect(issues).toContain('contactMail:validation.email.invalid');
    expect(issues).toContain('serviceinterval:validation.invalid');
    expect(issues).toContain('enableTo:books.errors.dateOrder');
  });

  it('checks misc keys: required when a value is given, unique', () => {
    const values = {
      ...emptyBookValues('root'),
      title: 'T',
      misc: [
        { key: 'norm', value: 'DIN 18650' },
        { key: '', value: 'ohne Schlüssel' },
        { key: 'norm', value: 'doppelt' },
        { key: '', value: '' },
      ],
    };
    expect(paths(values)).toEqual(
      expect.arrayContaining(['misc.1.key:validation.required', 'misc.2.key:books.form.miscDuplicate']),
    );
  });

  it('keeps misc values that are not text when their row is untouched', () => {
    const misc = { baujahr: '2019', fluegel: 2, extra: { a: 1 } };
    const entries = miscToEntries(misc);
    expect(entries.map((e) => e.value)).toEqual(['2019', '2', '{"a":1}']);
    expect(entriesToMisc(entries)).toEqual(misc);
    const edited = entries.map((e) => (e.key === 'fluegel' ? { ...e, value: '3' } : e));
    expect(entriesToMisc(edited)).toEqual({ ...misc, fluegel: '3' });
  });

  it('shows the door data of a book made from an order as fields, and saves them back unchanged', () => {
    const misc = {
      tuerart: 'schieber',
      fluchtweg: true,
      fluegel: '2',
      komponenten: ['Taster Aufputz', 'Radarbewegungsmelder'],
      norm: 'DIN 18650',
      wartungsvertrag: 'ja',
      baujahr: 2019,
    };
    // As bookToValues splits a book's misc.
    const { door, rest } = splitMisc(misc);
    const values = { ...emptyBookValues('f1'), title: 'T', door, misc: miscToEntries(rest) };
    expect(values.door).toMatchObject({
      tuerart: 'schieber',
      fluchtweg: true,
      fluegel: '2',
      komponenten: ['Taster Aufputz', 'Radarbewegungsmelder'],
      norm: 'DIN 18650',
      antrieb: '',
    });
    // A door key whose value is not of the field's type stays a free row.
    expect(values.misc.map((e) => e.key)).toEqual(['wartungsvertrag', 'baujahr']);
    const body = BOOK_FORM_SCHEMAS.edit.parse(values) as { misc: Record<string, unknown> };
    expect(body.misc).toEqual(misc);
  });

  it('leaves empty door fields out, and refuses a free row named like a filled door field', () => {
    const door = { ...emptyDoorData(), tuerart: 'dreher', komponenten: [' ', 'A '], fluchtweg: false };
    const values = { ...emptyBookValues('root'), title: 'T', door, misc: [{ key: 'tuerart', value: 'x' }] };
    expect(paths(values)).toContain('misc.0.key:books.form.miscDuplicate');
    const ok = { ...values, misc: [{ key: 'antrieb', value: 'DA-1' }] };
    const body = BOOK_FORM_SCHEMAS.create.parse(ok) as { misc: Record<string, unknown> };
    expect(body.misc).toEqual({ tuerart: 'dreher', fluchtweg: false, komponenten: ['A'], antrieb: 'DA-1' });
  });
});
