/**
 * Sending what a technician recorded offline (issue 33 item 4, decision 062). SPEC says nothing of a device
 * that was offline; these tables decide what a reply means for a waiting change, when it is tried again,
 * and how a record changed meanwhile by someone else is merged.
 */

/** What happens to a waiting change after a reply (or none). */
export type SyncOutcome =
  /** It went up: the next step, or the next change. */
  | 'done'
  /** Not now: tried again after the back-off; nothing is lost, the changes behind it wait too. */
  | 'retry'
  /** The session has ended: it waits until the user signs in again. */
  | 'signIn'
  /** The record was changed meanwhile (409 on a PUT): the user chooses per field. */
  | 'conflict'
  /** The server refused the change for good: it is kept and shown with the reason, never dropped. */
  | 'refused';

/** The rule table: the first row whose `when` holds decides. `status` 0 is no reply at all (no network). */
export const SYNC_OUTCOME_RULES: readonly {
  says: string;
  when: (status: number, code: string) => boolean;
  outcome: SyncOutcome;
}[] = [
  { says: 'a 2xx reply: the step is done', when: (s) => s >= 200 && s < 300, outcome: 'done' },
  {
    says: 'no reply (no network, a dropped connection): try again later',
    when: (s) => s === 0,
    outcome: 'retry',
  },
  {
    says: 'a time-out, too many requests, a server error or an unavailable server: try again later',
    when: (s) => s === 408 || s === 429 || s >= 500,
    outcome: 'retry',
  },
  { says: 'the session has ended: wait for the next sign-in', when: (s) => s === 401, outcome: 'signIn' },
  {
    says: 'a stale version (409 CONFLICT): the record was changed meanwhile',
    when: (s, code) => s === 409 && code === 'CONFLICT',
    outcome: 'conflict',
  },
  { says: 'any other refusal (400, 403, 404, 409, 422): kept and shown', when: () => true, outcome: 'refused' },
];

export function syncOutcome(status: number, code = ''): SyncOutcome {
  return (SYNC_OUTCOME_RULES.find((r) => r.when(status, code)) as (typeof SYNC_OUTCOME_RULES)[number]).outcome;
}

/** The back-off: 5 s after the first failure, doubled each time, at most 5 minutes. */
export const SYNC_RETRY = { firstMs: 5_000, factor: 2, maxMs: 5 * 60_000 } as const;

/** How long a change waits after its `attempts`-th failed try (1 = the first). */
export function retryDelayMs(attempts: number): number {
  const n = Math.max(1, Math.floor(attempts));
  return Math.min(SYNC_RETRY.maxMs, SYNC_RETRY.firstMs * SYNC_RETRY.factor ** (n - 1));
}

/** The fields of a record a technician writes offline, in the order the conflict screen lists them. */
export const MERGED_RECORD_FIELDS = [
  'when',
  'who',
  'where',
  'text',
  'checklist',
  'defects',
  'continuedOperation',
  'inspectorSignature',
  'operatorAcknowledgement',
] as const;
export type MergedRecordField = (typeof MERGED_RECORD_FIELDS)[number];
export type RecordFields = Partial<Record<MergedRecordField, unknown>>;

/** How one field of a record merges, the first row that holds decides (three versions: base, mine, theirs). */
export type FieldMerge = 'same' | 'mine' | 'theirs' | 'conflict';

export const FIELD_MERGE_RULES: readonly {
  says: string;
  when: (base: string, mine: string, theirs: string) => boolean;
  merge: FieldMerge;
}[] = [
  { says: 'both sides hold the same value: nothing to choose', when: (_b, m, t) => m === t, merge: 'same' },
  {
    says: "only the technician changed it: the technician's value is kept",
    when: (b, _m, t) => t === b,
    merge: 'mine',
  },
  { says: 'only the other side changed it: the server value is taken', when: (b, m) => m === b, merge: 'theirs' },
  { says: 'both changed it differently: the technician chooses', when: () => true, merge: 'conflict' },
];

/** A value as text that does not depend on the order of object keys (JSON stored and read back may reorder). */
export function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/**
 * A field's value as the merge compares it: without what the server adds on its own (a defect's `_id`, a
 * signature's `signedAt`), so a version that differs only by those is the same version (a lost reply of a change).
 */
export function comparable(field: MergedRecordField | undefined, value: unknown): unknown {
  if (field === 'defects' && Array.isArray(value))
    return value.map((d) => {
      const { _id, ...rest } = d as Record<string, unknown>;
      return rest;
    });
  if ((field === 'inspectorSignature' || field === 'operatorAcknowledgement') && value && typeof value === 'object') {
    const { signedAt, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  return value;
}

export function fieldMerge(base: unknown, mine: unknown, theirs: unknown, field?: MergedRecordField): FieldMerge {
  const [b, m, t] = [base, mine, theirs].map((v) => canonical(comparable(field, v))) as [string, string, string];
  return (FIELD_MERGE_RULES.find((r) => r.when(b, m, t)) as (typeof FIELD_MERGE_RULES)[number]).merge;
}

export interface RecordMerge {
  /** Every field with the value the rules chose; a conflicting field holds the technician's until chosen. */
  merged: RecordFields;
  /** The fields both sides changed differently, in MERGED_RECORD_FIELDS order. */
  conflicts: MergedRecordField[];
  /** The fields taken from the server without asking. */
  taken: MergedRecordField[];
}

/**
 * A three-way merge of a record changed offline (mine) and meanwhile on the server (theirs), both from the
 * version the technician started from (base). Nothing is dropped silently: a field both changed is a conflict.
 */
export function mergeRecord(base: RecordFields, mine: RecordFields, theirs: RecordFields): RecordMerge {
  const merged: RecordFields = {};
  const conflicts: MergedRecordField[] = [];
  const taken: MergedRecordField[] = [];
  for (const field of MERGED_RECORD_FIELDS) {
    const how = fieldMerge(base[field], mine[field], theirs[field], field);
    if (how === 'theirs') taken.push(field);
    if (how === 'conflict') conflicts.push(field);
    merged[field] = how === 'theirs' ? theirs[field] : mine[field];
  }
  return { merged, conflicts, taken };
}

/** The technician's choice per conflicting field applied to a merge: what the PUT sends. */
export function resolveMerge(
  merge: RecordMerge,
  theirs: RecordFields,
  choices: Partial<Record<MergedRecordField, 'mine' | 'theirs'>>,
): RecordFields {
  const out: RecordFields = { ...merge.merged };
  for (const field of merge.conflicts) {
    const choice = choices[field];
    if (!choice) throw new Error(`no choice for ${field}`);
    if (choice === 'theirs') out[field] = theirs[field];
  }
  return out;
}
