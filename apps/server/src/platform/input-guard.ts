import { MAX_JSON_DEPTH } from '@pruefbuch/domain/constants';
import { isStorableText } from '@pruefbuch/domain/rules/storable-text';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Input every route refuses before its own validation runs: JSON nested deeper than
 * MAX_JSON_DEPTH, and text PostgreSQL cannot store anywhere: NUL characters and lone UTF-16
 * surrogates (rules/storable-text.ts). Free-form blocks (jsonb) are covered as much as schema fields;
 * without the guard these would surface as a 500 from the database instead of a 400 naming the field.
 */
export function registerInputGuard(app: FastifyInstance) {
  // Fastify's own parser, with its protection against __proto__ and constructor poisoning.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(
        new AppError('JSON_TOO_DEEP', 400, [
          { field: 'body', key: 'errors.JSON_TOO_DEEP', message: 'JSON_TOO_DEEP', params: { max: MAX_JSON_DEPTH } },
        ]),
        undefined,
      );
      return;
    }
    parseJson(req, body as string, done);
  });

  app.addHook('preValidation', async (req) => {
    const field =
      unstorableField(req.params, 'params') ??
      unstorableField(req.query, 'querystring') ??
      unstorableField(req.body, '');
    if (field !== null) throw invalidCharacters(field);
  });
}

export const invalidCharacters = (field: string) =>
  new AppError('INVALID_CHARACTERS', 400, [
    { field: field || 'body', key: 'errors.INVALID_CHARACTERS', message: 'INVALID_CHARACTERS' },
  ]);

/**
 * Whether JSON text opens more than max arrays or objects inside each other. One pass over the
 * characters, before JSON.parse builds anything, so a hostile body costs no recursion.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The dotted path of the first string (or object key) holding a NUL character or a lone
 * surrogate, or null. The
 * walk uses its own stack: bodies are at most MAX_JSON_DEPTH deep, but query and params too.
 */
export function unstorableField(value: unknown, root: string): string | null {
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  const stack: [unknown, string][] = [[value, root]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [v, path] = item;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return path;
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [key, child] of Object.entries(v)) {
        // Such a key is named by its parent: the reply should not carry the character back.
        if (!isStorableText(key)) return path;
        stack.push([child, join(path, key)]);
      }
    }
  }
  return null;
}
