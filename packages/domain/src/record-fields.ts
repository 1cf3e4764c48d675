/**
 * A record's recorded fields, derived from its Zod object schema, so that a field is declared once: the
 * protocol's field list (domain/protocol.ts), the audit view the server writes (one row per changed
 * path) and the server's generic column mapping all read the schema instead of a copy of it.
 *
 * A path is a top-level field ('csnr') or a field of a block, a nested object of fixed fields
 * ('angebot.offerNr', 'abteilung.bau'); arrays, free objects (records) and objects whose metadata names
 * a format are one leaf. What the type alone does not say (money, a reference, the labels of an enum's
 * codes) is put on the schema with Zod metadata: `.meta({ protocol: { format: 'money' } })`.
 */
import { globalRegistry, type z } from 'zod';
import type { ProtocolField, ProtocolFormat, ProtocolRef } from './protocol';

/** How the protocol shows a field, where its type alone does not say it. */
export interface RecordFieldMeta {
  format?: ProtocolFormat;
  ref?: ProtocolRef;
  /** For 'enum:…' whose stored codes are not the keys themselves: code → full i18n key. */
  values?: Readonly<Record<string, string>>;
}

declare module 'zod' {
  interface GlobalMeta {
    /** See record-fields.ts. */
    protocol?: RecordFieldMeta;
  }
}

/** An entity's convention for the i18n keys of its fields. */
export interface RecordLabels {
  /** The prefix of a field's label key: 'offers.fields' → 'offers.fields.csnr', 'offers.fields.offerNr'. */
  fields: string;
  /** Per block the prefix of its fields' label keys, where it is not `fields` ('abteilung' → 'offers.divisions'). */
  blocks?: Readonly<Record<string, string>>;
  /** Per path a label key that breaks the convention (a block's 'notes' beside the record's own). */
  paths?: Readonly<Record<string, string>>;
  /** An enum's codes are labelled under `<enums>.<field name>` unless its metadata names a format. */
  enums: string;
}

type Schema = z.core.$ZodType;
/** Any Zod object schema: a record's fields. */
export type ObjectSchema = z.core.$ZodObject;
interface Leaf {
  path: string;
  /** The block the field is in, if any. */
  block?: string;
  name: string;
  schema: Schema;
  meta: RecordFieldMeta;
}

/** Wrappers whose inner schema is the field's type. */
const WRAPPERS = new Set(['nullable', 'optional', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The field's type without its wrappers, and its metadata (the outermost naming a key wins). */
function unwrap(schema: Schema): { inner: Schema; meta: RecordFieldMeta } {
  let inner = schema;
  let meta: RecordFieldMeta = {};
  for (;;) {
    meta = { ...globalRegistry.get(inner)?.protocol, ...meta };
    const def = inner._zod.def as { type: string; innerType?: Schema; in?: Schema };
    if (WRAPPERS.has(def.type) && def.innerType) inner = def.innerType;
    else if (def.type === 'pipe' && def.in) inner = def.in;
    else return { inner, meta };
  }
}

const isBlock = (inner: Schema, meta: RecordFieldMeta): inner is ObjectSchema =>
  inner._zod.def.type === 'object' && meta.format === undefined;

/** Per schema its leaves, walked once (the audit view is taken on every write). */
const LEAVES = new WeakMap<ObjectSchema, Leaf[]>();

function leavesOf(schema: ObjectSchema): Leaf[] {
  const known = LEAVES.get(schema);
  if (known) return known;
  const leaves: Leaf[] = [];
  for (const [name, field] of Object.entries(schema._zod.def.shape)) {
    const { inner, meta } = unwrap(field);
    if (!isBlock(inner, meta)) {
      leaves.push({ path: name, name, schema: inner, meta });
      continue;
    }
    for (const [sub, subField] of Object.entries(inner._zod.def.shape)) {
      const u = unwrap(subField);
      leaves.push({ path: `${name}.${sub}`, block: name, name: sub, schema: u.inner, meta: u.meta });
    }
  }
  LEAVES.set(schema, leaves);
  return leaves;
}

/**
 * The record's fields of a value that holds more (a row with what the server sets): the schema's
 * top-level keys, a block whole. A row whose columns are named as the fields maps with it both ways.
 */
export function pickFields<T extends object, K extends keyof T>(
  schema: { shape: Record<K, unknown> },
  value: T,
): Pick<T, K> {
  const fields = {} as Pick<T, K>;
  for (const key of Object.keys(schema.shape) as K[]) fields[key] = value[key];
  return fields;
}

/**
 * The record's fields of a stored row (pickFields), each block under the defaults' block: a block stored
 * before one of its fields was added reads with that field's default, so a new block field needs no
 * migration.
 */
export function readFields<T extends object, K extends keyof T>(
  schema: { shape: Record<K, unknown> },
  defaults: { [P in K]: NoInfer<T[P]> },
  row: T,
): Pick<T, K> {
  const fields = pickFields(schema, row);
  for (const key of Object.keys(schema.shape) as K[]) {
    const d = defaults[key];
    if (d !== null && typeof d === 'object' && !Array.isArray(d)) fields[key] = { ...d, ...fields[key] };
  }
  return fields;
}

/** The recorded paths of a record, in the schema's order. */
export const recordPaths = (schema: ObjectSchema): string[] => leavesOf(schema).map((l) => l.path);

/** The format of a type: the metadata's, else by its kind (an enum's labels under `enums`). */
function formatOf(schema: Schema, meta: RecordFieldMeta, enumLabels: string): ProtocolFormat {
  if (meta.format) return meta.format;
  const def = schema._zod.def as { type: string; format?: string; options?: Schema[] };
  switch (def.type) {
    case 'boolean':
      return 'bool';
    case 'number':
    case 'bigint':
      return 'number';
    case 'enum':
      return `enum:${enumLabels}`;
    case 'string':
      return def.format === 'date' || def.format === 'datetime' ? def.format : 'text';
    case 'union': {
      // '' or an e-mail address: the format of the one option that is not a literal.
      const kinds = (def.options ?? []).filter((o) => o._zod.def.type !== 'literal');
      const [only] = kinds;
      return kinds.length === 1 && only ? formatOf(unwrap(only).inner, unwrap(only).meta, enumLabels) : 'text';
    }
    case 'array':
    case 'tuple':
    case 'record':
    case 'object':
    case 'map':
    case 'set':
      return 'json';
    default:
      return 'text';
  }
}

/** Per recorded path its protocol field: the label key by the entity's convention and the format. */
export function recordFields(schema: ObjectSchema, labels: RecordLabels): Record<string, ProtocolField> {
  const fields: Record<string, ProtocolField> = {};
  for (const leaf of leavesOf(schema)) {
    const prefix = (leaf.block && labels.blocks?.[leaf.block]) ?? labels.fields;
    const { format: _format, ...more } = leaf.meta;
    fields[leaf.path] = {
      label: labels.paths?.[leaf.path] ?? `${prefix}.${leaf.name}`,
      format: formatOf(leaf.schema, leaf.meta, `${labels.enums}.${leaf.name}`),
      ...more,
    };
  }
  return fields;
}

/**
 * The audit view of a record: per recorded path its value ('angebot.offerNr' → the offer number). A block
 * missing from the value leaves its paths undefined; a list the schema has the protocol show as text is
 * one text, its items joined by ', ' ('tuer.komponenten').
 */
export function flattenRecord(schema: ObjectSchema, value: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const leaf of leavesOf(schema)) {
    const block = leaf.block ? (value[leaf.block] as Readonly<Record<string, unknown>> | null | undefined) : value;
    const v = block?.[leaf.name];
    view[leaf.path] = leaf.meta.format === 'text' && Array.isArray(v) ? v.join(', ') : v;
  }
  return view;
}
