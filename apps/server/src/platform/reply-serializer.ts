/**
 * How a route's reply becomes JSON (decision 068). Each reply schema of the domain (Zod) is turned once into
 * JSON Schema, as the API description already turns it, and compiled by fast-json-stringify, Fastify's own
 * serializer: it writes exactly the schema's fields, as Zod's encoding does (the optional ones last), at a
 * fifth of the cost (a page of 20 offers: 0.09–0.10 ms against 0.46–0.50 ms, `node --import tsx bench/list-replies.ts`).
 *
 * Where the reply is checked (the server's tests, NODE_ENV=test), every reply is also encoded by Zod as before: a reply
 * that does not match its schema is refused with the same 500, and a reply the two would write differently is
 * refused too, naming the route. A schema JSON Schema cannot express (a transform, a date) keeps Zod's encoding.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
interface Route {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}

/**
 * Without `additionalProperties: false`: the compiled serializer writes an object's named fields only either
 * way, but with it an object holding one field more fails the match of a nullable object or a union (the
 * serializer checks which branch the value matches), where Zod's encoding leaves the extra field out.
 */
function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withoutClosedObjects(value)]),
  );
}

/** The reply's JSON Schema as it is sent, or null where JSON Schema cannot say what Zod's encoding does. */
export function replyJsonSchema(schema: unknown): object | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return withoutClosedObjects(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as object;
  } catch {
    return null;
  }
}

/** Whether two replies hold the same fields and values, in whatever order each object writes its fields. */
export const sameReply = (written: string, expected: string) =>
  written === expected || isDeepStrictEqual(JSON.parse(written), JSON.parse(expected));

/** The first place where two texts differ, with a little of each around it. */
function firstDifference(a: string, b: string) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: …${a.slice(Math.max(0, i - 40), i + 40)}… against …${b.slice(Math.max(0, i - 40), i + 40)}…`;
}

/**
 * The compiled serializer of a reply schema, or null where Zod's encoding stays. Kept per schema: the domain's
 * schemas are the same objects in every app a process builds (the server's tests build one per test file,
 * each worker many), and turning one into JSON Schema and compiling it takes milliseconds.
 */
const compiledOf = new WeakMap<object, Serialize | null>();
export function compiledFor(schema: unknown): Serialize | null {
  if (!schema || typeof schema !== 'object') return null;
  let compiled = compiledOf.get(schema);
  if (compiled === undefined) {
    const json = replyJsonSchema(schema);
    compiled = json ? (fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]) as Serialize) : null;
    compiledOf.set(schema, compiled);
  }
  return compiled;
}

/**
 * Fastify's serializer compiler: compiled replies, each also checked against Zod's encoding when `checked`.
 * A route's serializer is made on its first reply, not when the app starts: of its few hundred reply schemas a
 * process compiles those it answers with (a test file a handful), and a server starts sooner.
 */
export function replySerializerCompiler(opts: { checked: boolean }) {
  return (route: Route): Serialize => {
    let serialize: Serialize | undefined;
    return (data) => {
      serialize ??= serializerOf(route, opts.checked);
      return serialize(data);
    };
  };
}

function serializerOf(route: Route, checked: boolean): Serialize {
  const compiled = compiledFor(route.schema);
  if (compiled && !checked) return compiled;
  const encoded = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
  if (!compiled) return encoded;
  return (data) => {
    // Zod's encoding first: a reply that does not match its schema is refused as it always was.
    const expected = encoded(data);
    const written = compiled(data);
    // The same fields and values; the order of an object's fields may differ (the compiled one writes the
    // optional ones after the others), which no reader of JSON may rely on.
    if (!sameReply(written, expected)) {
      throw new Error(
        `${route.method} ${route.url}: the compiled reply differs from Zod's ${firstDifference(written, expected)}`,
      );
    }
    return written;
  };
}
