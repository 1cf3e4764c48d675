import { randomUUID } from 'node:crypto';
import { Role } from '@pruefbuch/domain/roles';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenantWorld } from '../../test/fixtures/books';
import { createTestApp } from '../../test/helper';
import { users } from '../db/schema/index';

const logLines: string[] = [];
const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => logLines.push(line) } });

type Reply = { statusCode: number; body: string; json: () => Record<string, unknown> };

/** The app's error shape with a translated message, in German and in English; the path is never quoted back. */
async function expectAppError(call: (lang: string) => Promise<Reply>, status: number, code: string, texts: string[]) {
  for (const [i, lang] of ['de', 'en'].entries()) {
    const res = await call(lang);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ statusCode: status, code, message: texts[i] });
    expect(res.body).not.toMatch(/FST_|api\/v1|is not a valid|exceeding/);
  }
}

describe("Fastify's own errors come in the app's shape", () => {
  it('413 for a JSON body over the limit', async () => {
    const big = JSON.stringify({ email: 'a@b.example', password: 'x'.repeat(1024 * 1024) });
    await expectAppError(
      (lang) =>
        t.api({
          method: 'POST',
          url: '/users/login',
          payload: big,
          headers: { 'content-type': 'application/json', 'accept-language': lang },
        }),
      413,
      'BODY_TOO_LARGE',
      ['Die Anfrage ist zu groß.', 'The request is too large.'],
    );
  });

  it('414 for a path parameter over 100 characters', async () => {
    await expectAppError(
      (lang) => t.api({ method: 'GET', url: `/public/qr/${'a'.repeat(101)}`, headers: { 'accept-language': lang } }),
      414,
      'URI_TOO_LONG',
      ['Die Adresse ist zu lang.', 'The address is too long.'],
    );
  });

  it('415 for a body type no parser accepts', async () => {
    await expectAppError(
      (lang) =>
        t.api({
          method: 'POST',
          url: '/users/login',
          payload: '<login/>',
          headers: { 'content-type': 'application/xml', 'accept-language': lang },
        }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      ['Dieses Datenformat wird nicht angenommen.', 'This data format is not accepted.'],
    );
  });

  it('400 for malformed JSON and for an empty JSON body', async () => {
    for (const payload of ['{"email":', '']) {
      await expectAppError(
        (lang) =>
          t.api({
            method: 'POST',
            url: '/users/login',
            payload,
            headers: { 'content-type': 'application/json', 'accept-language': lang },
          }),
        400,
        'INVALID_JSON',
        ['Die Anfrage enthält kein gültiges JSON.', 'The request does not contain valid JSON.'],
      );
    }
  });

  it('400 for a malformed percent-encoding in the path, 404 for an unknown route', async () => {
    await expectAppError(
      (lang) => t.api({ method: 'GET', url: '/public/qr/ab%E0%A4%A', headers: { 'accept-language': lang } }),
      400,
      'INVALID_CHARACTERS',
      ['Die Eingabe enthält unzulässige Zeichen.', 'The input contains characters that are not allowed.'],
    );
    await expectAppError(
      (lang) => t.api({ method: 'GET', url: '/no/such/route', headers: { 'accept-language': lang } }),
      404,
      'NOT_FOUND',
      ['Nicht gefunden.', 'Not found.'],
    );
  });
});

describe('codes that used to reach the client as raw keys', () => {
  it('TENANT_FORBIDDEN, TENANT_REQUIRED and TWO_FA_ACTIVE have texts in both languages', async () => {
    const w = await tenantWorld(t);
    const other = await t.createTenant();
    await expectAppError(
      (lang) =>
        t.api({
          method: 'GET',
          url: '/books',
          token: w.user.token,
          tenant: other.id,
          headers: { 'accept-language': lang },
        }),
      403,
      'TENANT_FORBIDDEN',
      ['Für diesen Mandanten fehlt Ihnen die Berechtigung.', 'You are not allowed to work in this tenant.'],
    );
    await expectAppError(
      (lang) => t.api({ method: 'GET', url: '/books', token: w.user.token, headers: { 'accept-language': lang } }),
      400,
      'TENANT_REQUIRED',
      ['Bitte zuerst einen Mandanten wählen.', 'Please choose a tenant first.'],
    );
    const { user, token } = await t.signedIn(Role.STANDARD_ROLE);
    await t.database.db.update(users).set({ is2FaUsed: true }).where(eq(users.id, user.id));
    await expectAppError(
      (lang) =>
        t.api({ method: 'GET', url: `/users/barcode2fa/${user.id}`, token, headers: { 'accept-language': lang } }),
      409,
      'TWO_FA_ACTIVE',
      ['Die Zwei-Faktor-Anmeldung ist bereits aktiv.', 'Two-factor sign-in is already active.'],
    );
  });
});

describe('the log holds no query values, bodies or path parameter values', () => {
  it('for requests that succeed, fail validation or fail in the database', async () => {
    const marker = `marker${randomUUID().replace(/-/g, '')}`;
    const w = await tenantWorld(t);
    const as = { token: w.user.token, tenant: w.tenantId };
    logLines.length = 0;
    await t.api({ method: 'GET', url: `/books?search=${marker}`, ...as });
    await t.api({ method: 'GET', url: `/books?search=${marker}%00`, ...as });
    await t.api({ method: 'GET', url: `/tenants/url/${marker}/all/1/title/20`, ...as });
    await t.api({
      method: 'POST',
      url: '/users/login',
      payload: { email: `${marker}@test.example`, password: marker },
    });
    await t.api({ method: 'POST', url: '/books', ...as, payload: { title: marker, completedOn: '0000-01-01' } });
    await t.api({ method: 'POST', url: `/users/reset/${marker}`, payload: { password: 'neu12345' } });
    // A 5xx logs its error: a database error carries the failed query's values in its fields and message.
    const dbError: Error = await t.database.db.execute(sql`select ${`${marker}@test.example`}::uuid`).then(
      () => new Error('no error'),
      (e: Error) => e,
    );
    expect(String(dbError.message)).toContain(marker);
    t.app.log.error({ err: dbError }, 'unexpected error');

    const log = logLines.join('');
    expect(log).toContain('"route":"/api/v1/tenants/url/:url/:folderOrRoot/:page/:sort/:size"');
    expect(log).toContain('"route":"/api/v1/books"');
    expect(log).toContain('"code":"22P02"');
    expect(log).not.toContain(marker);
  });
});
