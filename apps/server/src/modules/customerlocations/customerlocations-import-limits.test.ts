/**
 * No uploaded branch list can stall the server (decision 040): the largest file the caps allow is read
 * while /health keeps answering (the event loop's delay measured, not the import's wall clock), and each
 * hostile file is refused through the API with the cap it broke, echoing nothing of its content.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Role } from '@pruefbuch/domain/roles';
import { afterAll, describe, expect, it } from 'vitest';
import { insertTenant, insertUser } from '../../../test/factories';
import { member, tag } from '../../../test/fixtures/books';
import { multipart } from '../../../test/fixtures/documents';
import { LARGEST_HEADER, largestAllowedXlsx, xlsx, zip } from '../../../test/fixtures/spreadsheet';
import { createTestApp, pgliteDataDirIn, TEST_PASSWORD } from '../../../test/helper';
import { compiledForTests, freePort, isReady, spawnLogged } from '../../../test/processes';
import { openDatabase } from '../../db/client';
import { SHEET_CAPS } from '../../platform/spreadsheet';

const t = await createTestApp();

async function world() {
  const tenant = await t.createTenant(`Importgrenzen ${tag()}`);
  const office = await member(t, Role.PROJECT_ROLE, [tenant.id]);
  return { tenantId: tenant.id, office };
}

const send = (
  w: Awaited<ReturnType<typeof world>>,
  content: Buffer,
  name: string,
  url = '/customerlocation/import/preview',
) =>
  t.api({
    method: 'POST',
    url,
    token: w.office.token,
    tenant: w.tenantId,
    ...multipart({ customer: '1' }, { name, content }),
  });

const ms = (ns: number) => Math.round(ns / 1e5) / 10;

describe('branch import: no file stalls the server', () => {
  it('/health answers within 100 ms while the largest allowed file is previewed (p99 of the event-loop delay under 100 ms)', async () => {
    const w = await world();
    const file = largestAllowedXlsx();
    expect(file.length).toBeLessThan(SHEET_CAPS.uploadBytes);

    /** One preview of the file, the event-loop delay measured meanwhile and over the same span idle after it. */
    const measure = async () => {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      const healthMs: number[] = [];
      let done = false;
      loop.enable();
      const started = performance.now();
      const preview = send(w, file, 'filialen.xlsx').finally(() => {
        done = true;
      });
      while (!done) {
        const asked = performance.now();
        const health = await t.api({ method: 'GET', url: '/health' });
        expect(health.statusCode).toBe(200);
        healthMs.push(performance.now() - asked);
        await new Promise((r) => setTimeout(r, 20));
      }
      const res = await preview;
      loop.disable();
      const took = performance.now() - started;
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const body = res.json();
      expect(body.headers.slice(0, LARGEST_HEADER.length)).toEqual(LARGEST_HEADER);
      expect(body.counts.create).toBe(SHEET_CAPS.rows);
      expect(healthMs.length).toBeGreaterThan(3);
      // The same span (up to 3 s) with nothing to do: on a busy machine timers fire late whatever the code does,
      // and that lateness is the machine's, not the import's. /health is not timed by the wall clock for the same
      // reason.
      const idle = monitorEventLoopDelay({ resolution: 10 });
      idle.enable();
      await new Promise((resolve) => setTimeout(resolve, Math.min(took, 3000)));
      idle.disable();
      console.info(
        `largest allowed import (${SHEET_CAPS.rows} rows x ${SHEET_CAPS.columns} columns, ${Math.round(file.length / 1024)} KB): ` +
          `${Math.round(took)} ms; event-loop delay p50 ${ms(loop.percentile(50))} ms, p99 ${ms(loop.percentile(99))} ms, ` +
          `max ${ms(loop.max)} ms (idle p99 ${ms(idle.percentile(99))} ms, max ${ms(idle.max)} ms); ` +
          `${healthMs.length} /health calls, slowest ${Math.round(Math.max(...healthMs))} ms; reply ${Math.round(res.body.length / 1024)} KB`,
      );
      return {
        p99: loop.percentile(99) / 1e6 - idle.percentile(99) / 1e6,
        // Held to well below the second the row check held the loop for when it ran in one piece: reading is off
        // the loop (spreadsheet.test.ts) and the row check yields every 250 rows (decision 040).
        max: loop.max / 1e6 - idle.max / 1e6,
      };
    };
    // A stalled loop fails every try; a machine busy with other work at one moment passes on another.
    let delay = await measure();
    for (let retry = 0; retry < 2 && (delay.p99 >= 100 || delay.max >= 500); retry++) delay = await measure();
    expect(delay.p99).toBeLessThan(100);
    expect(delay.max).toBeLessThan(500);
  }, 180_000);

  it('refuses each hostile file with its cap, and echoes none of its content', async () => {
    const w = await world();
    const detail = (res: Awaited<ReturnType<typeof send>>) => [
      res.statusCode,
      res.json().code,
      res.json().details?.[0]?.params,
    ];

    // One huge cell in the shared strings (40 MB of one letter, packed into some 40 KB).
    const huge = xlsx(
      '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
      `<si><t>${'A'.repeat(40 * 1024 * 1024)}</t></si>`,
    );
    const hugeRes = await send(w, huge, 'a.xlsx');
    expect(detail(hugeRes)).toEqual([400, 'IMPORT_COMPRESSION', { limit: SHEET_CAPS.ratio }]);
    expect(hugeRes.body.length).toBeLessThan(1000);

    // A cell just over the cap: refused naming the cell, its text not echoed.
    const long = xlsx(
      `<row r="1"><c r="A1" t="inlineStr"><is><t>Nr</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>${'geheim'.repeat(400)}</t></is></c></row>`,
    );
    const longRes = await send(w, long, 'a.xlsx');
    expect(detail(longRes)).toEqual([400, 'IMPORT_CELL_TOO_LONG', { limit: SHEET_CAPS.cellChars, cell: 'A2' }]);
    expect(longRes.body).not.toContain('geheim');

    // 700,000 rows.
    const rows = await send(w, xlsx('<row><c><v>1</v></c></row>'.repeat(700_000)), 'a.xlsx');
    expect(detail(rows)).toEqual([400, 'IMPORT_TOO_MANY_ROWS', { limit: SHEET_CAPS.rows }]);

    // A zip bomb whose directory claims a small size.
    const bomb = zip({
      '_rels/.rels':
        '<Relationships><Relationship Id="r" Type="x/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      'xl/workbook.xml': '<workbook><sheets><sheet r:id="s"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels':
        '<Relationships><Relationship Id="s" Type="x/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      'xl/worksheets/sheet1.xml': Buffer.concat([
        Buffer.from('<worksheet><sheetData>'),
        Buffer.alloc(60 * 1024 * 1024, 0x20),
      ]),
    });
    const dir = bomb.lastIndexOf(Buffer.from('xl/worksheets/sheet1.xml')) - 46;
    bomb.writeUInt32LE(1000, dir + 24);
    expect(detail(await send(w, bomb, 'a.xlsx'))).toEqual([400, 'IMPORT_COMPRESSION', { limit: SHEET_CAPS.ratio }]);
    bomb.writeUInt32LE(60 * 1024 * 1024, dir + 24);
    expect(detail(await send(w, bomb, 'a.xlsx'))).toEqual([413, 'IMPORT_UNPACKED_TOO_LARGE', { limit: 50 }]);

    // Too many columns, in a workbook and in a CSV.
    const wide = xlsx('<row r="1"><c r="A1"><v>1</v></c><c r="CW1"><v>1</v></c></row>');
    expect(detail(await send(w, wide, 'a.xlsx'))).toEqual([
      400,
      'IMPORT_TOO_MANY_COLUMNS',
      { limit: SHEET_CAPS.columns },
    ]);
    const wideCsv = Buffer.from(Array.from({ length: 150 }, (_, i) => `Spalte ${i}`).join(';'));
    expect(detail(await send(w, wideCsv, 'a.csv'))).toEqual([
      400,
      'IMPORT_TOO_MANY_COLUMNS',
      { limit: SHEET_CAPS.columns },
    ]);

    // One shared string used at every cell: more text than any file may hold.
    let body = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>';
    for (let r = 2; r <= 5001; r++)
      body += `<row r="${r}"><c r="A${r}" t="s"><v>1</v></c><c r="B${r}" t="s"><v>1</v></c></row>`;
    const text = await send(w, xlsx(body, `<si><t>Nr</t></si><si><t>${'y'.repeat(1000)}</t></si>`), 'a.xlsx');
    expect(detail(text)).toEqual([413, 'IMPORT_TEXT_TOO_LARGE', { limit: SHEET_CAPS.textChars }]);

    // Over the upload size.
    const big = await send(w, Buffer.alloc(SHEET_CAPS.uploadBytes + 10, 0x41), 'a.csv');
    expect(big.statusCode).toBe(413);

    // Invalid bytes: neither UTF-8 nor Windows-1252.
    const bad = await send(w, Buffer.from([0x4e, 0x72, 0x0a, 0x34, 0x81, 0x32]), 'a.csv');
    expect(detail(bad)).toEqual([400, 'IMPORT_ENCODING', undefined]);
    expect(bad.json().details[0].key).toBe('errors.IMPORT_ENCODING');

    const list = await t.api({
      method: 'GET',
      url: '/customerlocation?size=10',
      token: w.office.token,
      tenant: w.tenantId,
    });
    expect(list.json().total).toBe(0);
  });

  it('imports German Excel CSV (Windows-1252, semicolons, with or without BOM) with umlauts intact', async () => {
    const w = await world();
    const csv = 'ZNL;Filial-Nr.;Straße;Hausnr.;PLZ;Ort\r\nNürnberg;4711;Königstraße;1;90402;Nürnberg\r\n';
    const preview = await send(w, Buffer.from(csv, 'latin1'), 'filialen.csv');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().headers).toContain('Straße');
    expect(preview.json().rows[0]).toMatchObject({ znl: 'Nürnberg', location: 'Nürnberg', action: 'create' });
    expect(preview.body).not.toContain('\uFFFD');
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]);
    const imported = await send(w, withBom, 'filialen.csv', '/customerlocation/import');
    expect(imported.statusCode, imported.body).toBe(200);
    const list = await t.api({
      method: 'GET',
      url: '/customerlocation?size=10',
      token: w.office.token,
      tenant: w.tenantId,
    });
    expect(list.json().docs[0]).toMatchObject({
      znl: 'Nürnberg',
      address: { street: 'Königstraße', location: 'Nürnberg' },
    });
  });

  // The compiled server runs on an embedded database loaded from the run's template, which the PostgreSQL run
  // does not make: there this test would repeat the embedded run's.
  it.runIf(!process.env.TEST_DATABASE_URL)(
    'the compiled server reads an upload in its own worker file (dist/spreadsheet-worker.js)',
    async () => {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-sheet-dist-'));
      dirs.push(dataDir);
      // A migrated database with one office user, instead of the demo seed the server would otherwise write.
      pgliteDataDirIn(dataDir, 'migrated');
      const database = await openDatabase({ dataDir });
      const tenant = await insertTenant(database.db, { name: 'Importgrenzen' });
      const office = await insertUser(database.db, { role: Role.PROJECT_ROLE, tenantIds: [tenant.id] });
      await database.close();
      const server = spawnLogged(
        process.execPath,
        [compiledForTests()],
        {
          PATH: process.env.PATH,
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'warn',
          DATA_DIR: dataDir,
          SEED_DEMO: '0',
          WEB_DIST_DIR: '/nonexistent',
        },
        procs,
      );
      const base = `http://127.0.0.1:${port}/api/v1`;
      expect(await isReady(`http://127.0.0.1:${port}`), server.output()).toBe(true);
      const login = await fetch(`${base}/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: office.email, password: TEST_PASSWORD }),
      }).then((r) => r.json() as Promise<{ token: string }>);
      const post = async (content: Buffer, name: string) => {
        const form = new FormData();
        form.set('customer', '1');
        form.set('file', new Blob([content]), name);
        const res = await fetch(`${base}/customerlocation/import/preview`, {
          method: 'POST',
          headers: { authorization: `Bearer ${login.token}`, 'x-tenant': tenant.id },
          body: form,
        });
        return { status: res.status, body: (await res.json()) as { code?: string; rows: Record<string, unknown>[] } };
      };
      const csv = await post(Buffer.from('ZNL;Filial-Nr.;Ort\r\nNürnberg;9911;Fürth\r\n', 'latin1'), 'a.csv');
      expect(csv.status, JSON.stringify(csv.body)).toBe(200);
      expect(csv.body.rows[0]).toMatchObject({ znl: 'Nürnberg', nr: '9911', location: 'Fürth' });
      const sheet = await post(
        xlsx('<row><c t="inlineStr"><is><t>Nr</t></is></c></row><row><c><v>9912</v></c></row>'),
        'a.xlsx',
      );
      expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
      expect(sheet.body.rows[0]).toMatchObject({ nr: '9912', line: 2 });
      const rows = await post(xlsx('<row><c><v>1</v></c></row>'.repeat(700_000)), 'a.xlsx');
      expect([rows.status, rows.body.code]).toEqual([400, 'IMPORT_TOO_MANY_ROWS']);
      server.proc.kill('SIGTERM');
      await server.exited;
    },
    180_000,
  );
});

const procs: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
