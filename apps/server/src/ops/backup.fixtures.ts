import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Role } from '@pruefbuch/domain/roles';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { cloneName, maintenanceUrl, newTestDatabase } from '../../test/database';
import { PUBLIC_URL, type TestApp } from '../../test/helper';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { SLIDING_DOOR_TYPE } from '../modules/books/books.fixtures';
import { samples, uploader } from '../modules/documents/documents.fixtures';
import { loadConfig } from '../platform/config';
import { type FileStore, fileStoreOf } from '../platform/files';
import { ArchiveWriter, archiveEntries } from './archive';
import { restoreArchive } from './restore';

/** The secret of test/helper.ts's apps: an app on a restored database opens what they sealed and signed. */
export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';

/** A temporary directory, removed by `dispose`. */
export function tempDir(prefix = 'pb-backup-') {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export interface Place {
  database: Database;
  dataDir: string;
  files: FileStore;
  /** The settings of a server on this place (for the CLI: DATABASE_URL or DATA_DIR). */
  env: Record<string, string>;
  dispose: () => Promise<void>;
}

let places = 0;

/**
 * A migrated place without data, as a server's first start leaves it: the run's migrated template
 * (test/database.ts), with a data dir of its own for the files.
 */
export async function freshPlace(): Promise<Place> {
  const dataDir = tempDir();
  const { database, dispose } = await newTestDatabase();
  return {
    database,
    dataDir,
    files: fileStoreOf({ dataDir, s3: undefined }),
    env: { DATA_DIR: dataDir },
    async dispose() {
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A place never migrated: an empty data dir (PGlite, created on disk), or with TEST_DATABASE_URL an
 * empty PostgreSQL database (named like the test clones, so a run that breaks off leaves nothing
 * behind: the global teardown drops them).
 */
export async function emptyPlace(): Promise<Place> {
  const dataDir = tempDir();
  const url = process.env.TEST_DATABASE_URL;
  const files = fileStoreOf({ dataDir, s3: undefined });
  if (!url) {
    const database = await openDatabase({ dataDir });
    return {
      database,
      dataDir,
      files,
      env: { DATA_DIR: dataDir },
      async dispose() {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = cloneName(url, `restore_${process.pid}_${++places}`);
  const admin = new pg.Client({ connectionString: maintenanceUrl(url) });
  await admin.connect();
  await admin.query(`create database "${name}"`).finally(() => admin.end());
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), dataDir: null });
  return {
    database,
    dataDir,
    files,
    env: { DATA_DIR: dataDir, DATABASE_URL: target.toString() },
    async dispose() {
      await database.close();
      const drop = new pg.Client({ connectionString: maintenanceUrl(url) });
      await drop.connect();
      await drop.query(`drop database if exists "${name}" with (force)`).finally(() => drop.end());
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Restores an archive file into a place. */
export const restoreFile = (file: string, place: Place, force = false) =>
  restoreArchive(createReadStream(file), { database: place.database, files: place.files }, { force });

/** The app of a server on a place (same secret as the test apps), to read the restored data through the API. */
export async function appOn(place: Place): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: place.dataDir,
    NODE_ENV: 'test',
    APP_SECRET: TEST_SECRET,
    PUBLIC_URL,
    WEB_DIST_DIR: '/nonexistent',
  });
  const app = await buildApp(config, place.database);
  await app.ready();
  return app;
}

export interface Written {
  tenantId: string;
  token: string;
  books: string[];
  inspections: string[];
  documents: { id: string; content: Buffer }[];
}

/** A tenant with a user who writes through the API: books, each with a document and an inspection. */
export async function writer(t: TestApp) {
  const tenant = await t.createTenant(`Sicherung ${Math.random().toString(36).slice(2, 8)}`);
  const { token } = await t.signedIn(Role.STANDARD_ROLE, { tenantIds: [tenant.id] });
  const upload = uploader(t);
  const written: Written = { tenantId: tenant.id, token, books: [], inspections: [], documents: [] };

  const book = async (title: string) => {
    const res = await t.api({
      method: 'POST',
      url: '/books',
      token,
      tenant: tenant.id,
      payload: { title, bookType: SLIDING_DOOR_TYPE },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };
  const document = async (bookId: string, content: Buffer = samples.pdf()) => {
    const res = await upload({
      url: `/books/${bookId}/document`,
      token,
      tenant: tenant.id,
      file: { name: 'pruefbericht.pdf', content },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().blob._id as string, content };
  };
  const inspection = async (bookId: string) => {
    const res = await t.api({
      method: 'POST',
      url: '/inspections',
      token,
      tenant: tenant.id,
      payload: { book: bookId, kind: 'wartung', when: '2025-03-04', text: 'Wartung nach Herstellervorgabe.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };
  const deleteDocument = async (bookId: string, docId: string) => {
    const res = await t.api({ method: 'DELETE', url: `/books/${bookId}/document/${docId}`, token, tenant: tenant.id });
    expect(res.statusCode, res.body).toBe(200);
  };
  return { written, book, document, inspection, deleteDocument };
}

/** Everything written is there on the app of a restored place, each document byte for byte. */
export async function expectServed(
  app: FastifyInstance,
  w: Written,
  only?: { books: number; documents: number; inspections: number },
) {
  const get = (url: string) =>
    app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${w.token}`, 'x-tenant': w.tenantId },
    });
  for (const id of w.books.slice(0, only?.books))
    expect((await get(`/books/${id}`)).statusCode, `book ${id}`).toBe(200);
  for (const id of w.inspections.slice(0, only?.inspections))
    expect((await get(`/inspections/${id}`)).statusCode, `inspection ${id}`).toBe(200);
  for (const doc of w.documents.slice(0, only?.documents)) {
    const res = await get(`/blobs/${doc.id}/document/download`);
    expect(res.statusCode, `document ${doc.id}`).toBe(200);
    expect(res.rawPayload.equals(doc.content), `document ${doc.id} byte for byte`).toBe(true);
  }
}

/** Copies an archive entry by entry, each through `edit` (to damage or change one). */
export async function repack(from: string, to: string, edit: (name: string, body: Buffer) => Buffer) {
  const out = new ArchiveWriter(createWriteStream(to));
  for await (const entry of archiveEntries(createReadStream(from))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    await out.add(entry.name, edit(entry.name, Buffer.concat(chunks)));
  }
  await out.finish();
}
