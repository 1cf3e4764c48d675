import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledFor, replyJsonSchema, replySerializerCompiler, sameReply } from './reply-serializer';

const reply = z.object({
  _id: z.string(),
  name: z.string(),
  retiredAt: z.string().nullable().optional(),
  sum: z.number().nullable(),
  address: z.object({ zip: z.string(), location: z.string() }).nullable(),
  tags: z.array(z.object({ key: z.string(), value: z.number() })),
  kind: z.enum(['door', 'rwa']),
});
const route = (schema: unknown) => ({ schema, method: 'GET', url: '/things/:id' });
const thing = {
  _id: 'a1',
  name: 'Schiebetür "Haupteingang" \\ Süd',
  retiredAt: null,
  sum: 1950.35,
  address: { zip: '60313', location: 'Frankfurt am Main' },
  tags: [{ key: 'Flügel', value: 2 }],
  kind: 'door',
};

describe('the compiled reply serializer (decision 068)', () => {
  it('writes what Zod writes, in production and when checked', () => {
    for (const checked of [false, true]) {
      const write = replySerializerCompiler({ checked })(route(reply));
      expect(JSON.parse(write(thing))).toEqual(reply.encode(thing as never));
      expect(JSON.parse(write({ ...thing, retiredAt: undefined, address: null }))).toEqual({
        ...thing,
        address: null,
        retiredAt: undefined,
      });
    }
  });

  it('compiles a schema on its first reply, once for every app of the process', () => {
    let reads = 0;
    const lazy = {
      get schema() {
        reads++;
        return reply;
      },
      method: 'GET',
      url: '/things/:id',
    };
    const write = replySerializerCompiler({ checked: false })(lazy);
    expect(reads).toBe(0);
    expect(JSON.parse(write(thing)).name).toBe(thing.name);
    expect(reads).toBeGreaterThan(0);
    // Another app's route with the same schema gets the same compiled serializer.
    expect(compiledFor(reply)).not.toBeNull();
    expect(compiledFor(reply)).toBe(compiledFor(reply));
    expect(compiledFor(reply.extend({}))).not.toBe(compiledFor(reply));
  });

  it('never writes a field the schema does not name', () => {
    const write = replySerializerCompiler({ checked: false })(route(reply));
    const text = write({ ...thing, passwordHash: 'secret', address: { ...thing.address, internal: 1 } });
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('internal');
  });

  it('refuses a reply that does not match its schema where replies are checked', () => {
    const write = replySerializerCompiler({ checked: true })(route(reply));
    let refusal: unknown;
    try {
      write({ ...thing, kind: 'window' });
    } catch (e) {
      refusal = e;
    }
    expect(refusal && isResponseSerializationError(refusal)).toBe(true);
  });

  it('keeps Zod for a schema JSON Schema cannot express', () => {
    const dated = z.object({ at: z.date() });
    expect(replyJsonSchema(dated)).toBeNull();
    expect(replyJsonSchema('not a schema')).toBeNull();
    const write = replySerializerCompiler({ checked: false })(route(dated));
    const at = new Date('2026-11-30T08:00:00.000Z');
    expect(write({ at })).toBe(JSON.stringify(dated.encode({ at })));
  });

  it('takes a reply with its fields in another order as the same, and nothing else', () => {
    expect(sameReply('{"a":1,"b":null}', '{"b":null,"a":1}')).toBe(true);
    expect(sameReply('{"a":1}', '{"a":1,"b":null}')).toBe(false);
    expect(sameReply('{"a":[1,2]}', '{"a":[2,1]}')).toBe(false);
    expect(sameReply('{"a":"1"}', '{"a":1}')).toBe(false);
  });
});
