/** A record's fields derived from its schema: paths, formats, label keys, the audit view, and the offer's protocol list. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resources } from './locales/resources';
import { PROTOCOL_FIELDS } from './protocol';
import { flattenRecord, pickFields, readFields, recordFields, recordPaths } from './record-fields';
import { isoDate, money } from './schemas/common';

const probe = z.object({
  name: z.string(),
  count: z.number().int().nullable(),
  share: z.number().optional(),
  price: money,
  day: isoDate.nullable(),
  at: z.iso.datetime(),
  done: z.boolean().default(false),
  kind: z.enum(['a', 'b']).nullable(),
  colour: z.enum(['red']).meta({ protocol: { format: 'enum:probe.colours' } }),
  mail: z.union([z.literal(''), z.email()]).default(''),
  owner: z.uuid().meta({ protocol: { format: 'ref', ref: 'user' } }),
  tags: z.array(z.string()),
  extra: z.record(z.string(), z.string()),
  contact: z.object({ name: z.string() }).meta({ protocol: { format: 'json' } }),
  block: z.object({ notes: z.string(), flag: z.boolean(), sum: money }),
  flags: z.object({ x: z.boolean() }),
});
const labels = {
  fields: 'probe.fields',
  blocks: { flags: 'probe.flags' },
  paths: { 'block.notes': 'probe.fields.blockNotes' },
  enums: 'probe',
};

describe('recordPaths', () => {
  it('names the top-level fields and each field of a block; arrays, records and objects with a format are one leaf', () => {
    expect(recordPaths(probe)).toEqual([
      'name',
      'count',
      'share',
      'price',
      'day',
      'at',
      'done',
      'kind',
      'colour',
      'mail',
      'owner',
      'tags',
      'extra',
      'contact',
      'block.notes',
      'block.flag',
      'block.sum',
      'flags.x',
    ]);
  });
});

describe('recordFields', () => {
  const fields = recordFields(probe, labels);
  it.each([
    ['name', 'text'],
    ['count', 'number'],
    ['share', 'number'],
    ['price', 'money'],
    ['day', 'date'],
    ['at', 'datetime'],
    ['done', 'bool'],
    ['kind', 'enum:probe.kind'],
    ['colour', 'enum:probe.colours'],
    ['mail', 'text'],
    ['owner', 'ref'],
    ['tags', 'json'],
    ['extra', 'json'],
    ['contact', 'json'],
    ['block.flag', 'bool'],
    ['block.sum', 'money'],
  ])('formats %s as %s', (path, format) => {
    expect(fields[path]?.format).toBe(format);
  });

  it('carries what the metadata says besides the format', () => {
    expect(fields.owner).toEqual({ label: 'probe.fields.owner', format: 'ref', ref: 'user' });
  });

  it.each([
    ['name', 'probe.fields.name'],
    ['block.flag', 'probe.fields.flag'],
    ['block.notes', 'probe.fields.blockNotes'],
    ['flags.x', 'probe.flags.x'],
  ])('labels %s by the convention: %s', (path, label) => {
    expect(fields[path]?.label).toBe(label);
  });
});

describe('pickFields', () => {
  it("takes the schema's top-level keys of a value that holds more, a block whole", () => {
    const schema = z.object({ a: z.string(), b: z.object({ c: z.number() }) });
    expect(pickFields(schema, { a: 'x', b: { c: 1, more: true }, id: 'row-1' })).toEqual({
      a: 'x',
      b: { c: 1, more: true },
    });
  });
});

describe('flattenRecord', () => {
  it('gives each recorded path its value, a missing block its paths as undefined', () => {
    const view = flattenRecord(z.object({ a: z.string(), b: z.object({ c: z.number(), d: z.boolean() }) }), {
      a: 'x',
      b: { c: 1, d: false },
    });
    expect(view).toEqual({ a: 'x', 'b.c': 1, 'b.d': false });
    expect(flattenRecord(z.object({ b: z.object({ c: z.number() }) }), {})).toEqual({ 'b.c': undefined });
  });
});

describe('the offer protocol fields', () => {
  const offer = PROTOCOL_FIELDS.offer;
  const lookup = (lang: keyof typeof resources, key: string) =>
    key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        resources[lang].translation,
      );

  it('keeps the paths of the rows already written', () => {
    expect(Object.keys(offer).sort()).toEqual(
      [
        ...['receivedVia', 'csnr', 'receivedDate', 'receivedFrom', 'debitor', 'tp', 'objekt', 'objektdaten'],
        ...['bauObjektNr', 'plz', 'contactPerson', 'customerEmail', 'contactPersonTelNr', 'opmUser', 'ofmUser'],
        ...['ktb', 'deliveryDate', 'deleteFilesDate', 'notes', 'aktuelle_abteilung'],
        ...['autSchieber', 'autDreher', 'bau', 'umbau', 'export', 'ersatzteile'].map((k) => `abteilung.${k}`),
        ...['offerNr', 'offerDate', 'offerSum', 'offerFollowUpDate', 'talkResult', 'notes'].map((k) => `angebot.${k}`),
        ...['orderFollowUpDate', 'status', 'orderId', 'notes'].map((k) => `opm.${k}`),
        ...['orderNumber', 'orderDate', 'orderSum', 'civilAcceptance', 'implementationDate'].map(
          (k) => `ersatzteile.${k}`,
        ),
        ...['freigabeZurVerrechnung', 'invoiceValue', 'notes'].map((k) => `ersatzteile.${k}`),
        ...['ampel', 'status', 'ktbInformedAt', 'takeOverRequestedAt', 'ktbReminderMail', 'file', 'filePurged'],
        'source',
      ].sort(),
    );
  });

  it.each([
    ['angebot.offerSum', { label: 'offers.fields.offerSum', format: 'money' }],
    ['angebot.offerDate', { label: 'offers.fields.offerDate', format: 'date' }],
    ['angebot.talkResult', { label: 'offers.fields.talkResult', format: 'enum:offers.talkResults' }],
    ['angebot.notes', { label: 'offers.fields.talkNotes', format: 'text' }],
    ['receivedVia', { label: 'offers.fields.receivedVia', format: 'enum:offers.receivedVia' }],
    ['ofmUser', { label: 'offers.fields.ofmUser', format: 'ref', ref: 'user' }],
    ['abteilung.bau', { label: 'offers.divisions.bau', format: 'bool' }],
    ['ersatzteile.freigabeZurVerrechnung', { label: 'offers.fields.freigabeZurVerrechnung', format: 'bool' }],
  ])('derives %s as it was written out', (path, field) => {
    expect(offer[path]).toEqual(field);
  });

  it('names the departments by their labels', () => {
    expect(offer.aktuelle_abteilung?.format).toBe('enum:lookups.departments');
    expect(offer.aktuelle_abteilung?.values?.['5']).toMatch(/^lookups\.departments\./);
  });

  it.each(['de', 'en'] as const)('has every label and every enum value label in %s', (lang) => {
    const missing: string[] = [];
    for (const [path, field] of Object.entries(offer)) {
      if (typeof lookup(lang, field.label) !== 'string') missing.push(`${path}: ${field.label}`);
      for (const key of Object.values(field.values ?? {})) {
        if (typeof lookup(lang, key) !== 'string') missing.push(`${path}: ${key}`);
      }
      const prefix = field.format.startsWith('enum:') && !field.values ? field.format.slice(5) : undefined;
      if (prefix && typeof lookup(lang, prefix) !== 'object') missing.push(`${path}: ${prefix}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('readFields', () => {
  const schema = z.object({ a: z.string(), b: z.object({ c: z.number(), d: z.boolean() }), list: z.array(z.string()) });
  const defaults = { a: '', b: { c: 0, d: false }, list: [] as string[] };

  it('reads a block stored before a field was added with the default of that field', () => {
    expect(
      readFields(schema, defaults, { a: 'x', b: { c: 7 } as { c: number; d: boolean }, list: ['y'], id: 1 }),
    ).toEqual({
      a: 'x',
      b: { c: 7, d: false },
      list: ['y'],
    });
  });

  it('keeps what is stored over the defaults', () => {
    expect(readFields(schema, defaults, { a: 'x', b: { c: 7, d: true }, list: [] as string[] }).b).toEqual({
      c: 7,
      d: true,
    });
  });
});

describe('flattenRecord of a list shown as text', () => {
  it('joins the items with a comma; a list without that metadata stays a list', () => {
    const schema = z.object({
      tuer: z.object({ codes: z.array(z.string()).meta({ protocol: { format: 'text' } }) }),
      raw: z.array(z.string()),
    });
    expect(flattenRecord(schema, { tuer: { codes: ['A', 'B'] }, raw: ['A'] })).toEqual({
      'tuer.codes': 'A, B',
      raw: ['A'],
    });
  });
});
