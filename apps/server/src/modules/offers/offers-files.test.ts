/** The attachments of an offer: upload through the document store, download one, all as a zip, delete. */
import { existsSync } from 'node:fs';
import { Role } from '@pruefbuch/domain/roles';
import type { Offer } from '@pruefbuch/domain/schemas/offer';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { removeFilesAfterGrace } from '../../../test/file-removals';
import { member } from '../../../test/fixtures/books';
import { blobRow, type FilePart, fileOnDisk, multipart, samples, sha256Of } from '../../../test/fixtures/documents';
import { type OfferWorld, offerWorld, uploadOfferFile } from '../../../test/fixtures/offers';
import { createTestApp, PUBLIC_URL } from '../../../test/helper';
import { blobs, offerFiles } from '../../db/schema/index';
import { runOfferDay } from './offers.mails';

// A small upload limit, so the size refusal needs no big file.
const t = await createTestApp({ UPLOAD_LIMIT_MB: '0.05' });

const upload = (w: OfferWorld, offerId: string, file: FilePart, token = w.office.token) =>
  uploadOfferFile(t, w, offerId, file, token);
const pdf = (name = 'Angebot.pdf', content = samples.pdf()) => ({ name, content, contentType: 'application/pdf' });
const get = (w: OfferWorld, url: string) => t.api({ method: 'GET', url, token: w.office.token, tenant: w.tenantId });

describe('POST offer/{id}/files', () => {
  it('keeps the file as a blob of the offer without a book, lists it and records the protocol', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({ csnr: 'CS-F1' });
    const content = samples.pdf();
    const res = await upload(w, offer._id, pdf('Angebot Müller.pdf', content));
    expect(res.statusCode).toBe(201);
    const after = res.json() as Offer;
    expect(after.files).toHaveLength(1);
    const [file] = after.files;
    expect(file).toMatchObject({ name: 'Angebot Müller.pdf', contentType: 'application/pdf', size: content.length });
    expect(after.__v).toBe(0);
    expect(after.updatedAt > offer.updatedAt).toBe(true);
    const blob = await blobRow(t, file?._id ?? '');
    expect(blob).toMatchObject({
      type: 'offer-attachment',
      bookId: null,
      tenantId: w.tenantId,
      sha256: sha256Of(content),
    });
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(true);
    const list = (await w.call('GET', '/offer')).json() as { docs: { fileCount: number }[] };
    expect(list.docs[0]?.fileCount).toBe(1);
    const protocol = (await w.call('GET', `/protocol/getProtocolByOffer/${offer._id}`)).json() as {
      field: string;
      newValue: string | null;
    }[];
    expect(protocol.find((e) => e.field === 'file')?.newValue).toBe('Angebot Müller.pdf');

    // An image is normalised on the way in, as every upload of the store.
    const photo = await upload(w, offer._id, { name: 'tuer.webp', content: samples.webp() });
    expect(photo.statusCode).toBe(201);
    expect((photo.json() as Offer).files[1]).toMatchObject({ contentType: 'image/jpeg', name: 'tuer.jpg' });
  });

  it('refuses a type it does not take, a file over the limit, a form without a file, and keeps nothing', async () => {
    const w = await offerWorld(t);
    const offer = await w.create();
    const count = async () => (await t.database.db.select().from(blobs).where(eq(blobs.tenantId, w.tenantId))).length;
    const html = await upload(w, offer._id, {
      name: 'angebot.pdf',
      content: samples.html(),
      contentType: 'application/pdf',
    });
    expect(html.statusCode).toBe(400);
    expect(html.json().code).toBe('UNSUPPORTED_FILE_TYPE');
    const big = await upload(w, offer._id, pdf('gross.pdf', Buffer.concat([samples.pdf(), Buffer.alloc(80_000)])));
    expect(big.statusCode).toBe(413);
    const json = await w.call('POST', `/offer/${offer._id}/files`, { file: 'x' });
    expect(json.statusCode).toBe(400);
    const empty = multipart({ note: 'ohne Datei' });
    const none = await t.api({
      method: 'POST',
      url: `/offer/${offer._id}/files`,
      token: w.office.token,
      tenant: w.tenantId,
      payload: empty.payload,
      headers: empty.headers,
    });
    expect(none.statusCode).toBe(400);
    expect(await count()).toBe(0);
    expect((await w.call('GET', `/offer/${offer._id}`)).json().files).toEqual([]);
  });

  it('answers another tenant’s offer with 404 and keeps the bytes out of the store', async () => {
    const a = await offerWorld(t, 'A');
    const b = await offerWorld(t, 'B');
    const offer = await a.create();
    const content = samples.pdf();
    const res = await upload(b, offer._id, pdf('fremd.pdf', content));
    expect(res.statusCode).toBe(404);
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(false);
    const branch = await member(t, Role.ROLE_FILIALE, [a.tenantId]);
    expect((await upload(a, offer._id, pdf(), branch.token)).statusCode).toBe(403);
  });
});

describe('GET offer/{id}/files/{fileId} and the zip', () => {
  it('sends one attachment as a download with its name, and all of them as one zip', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({
      angebot: {
        offerNr: 'A-4711',
        offerDate: null,
        offerSum: null,
        offerFollowUpDate: null,
        talkResult: null,
        notes: '',
      },
    });
    const one = samples.pdf();
    const two = samples.pdf();
    await upload(w, offer._id, pdf('Prüfbericht.pdf', one));
    const after = (await upload(w, offer._id, pdf('Prüfbericht.pdf', two))).json() as Offer;
    const [first] = after.files;

    const res = await get(w, `/offer/${offer._id}/files/${first?._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Prufbericht.pdf"; filename*=UTF-8''Pr%C3%BCfbericht.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(one)).toBe(true);

    const zip = await get(w, `/offer/donwloadAngebotsanhang/${offer._id}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('Angebotsanhang A-4711.zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['Prüfbericht (2).pdf', 'Prüfbericht.pdf']);
    expect(Buffer.from(entries['Prüfbericht.pdf'] ?? []).equals(one)).toBe(true);
    expect(Buffer.from(entries['Prüfbericht (2).pdf'] ?? []).equals(two)).toBe(true);
  });

  it('answers an offer without attachments, a file of another offer and another tenant with 404', async () => {
    const w = await offerWorld(t);
    const other = await offerWorld(t, 'Fremd');
    const empty = await w.create();
    const none = await get(w, `/offer/donwloadAngebotsanhang/${empty._id}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('OFFER_NO_FILES');
    const withFile = (await upload(w, (await w.create())._id, pdf())).json() as Offer;
    const fileId = withFile.files[0]?._id;
    expect((await get(w, `/offer/${empty._id}/files/${fileId}`)).statusCode).toBe(404);
    expect((await get(other, `/offer/${withFile._id}/files/${fileId}`)).statusCode).toBe(404);
    expect((await get(other, `/offer/donwloadAngebotsanhang/${withFile._id}`)).statusCode).toBe(404);
    // The blobs calls do not reach an offer's attachment: offers have access rules of their own.
    expect((await get(w, `/blobs/${fileId}`)).statusCode).toBe(404);
    expect((await get(w, `/blobs/${fileId}/document/download`)).statusCode).toBe(404);
    expect((await w.call('DELETE', `/blobs/${fileId}`)).statusCode).toBe(404);
    const sneaky = multipart({ type: 'offer-attachment' }, pdf());
    const created = await t.api({
      method: 'POST',
      url: '/blobs',
      token: w.office.token,
      tenant: w.tenantId,
      payload: sneaky.payload,
      headers: sneaky.headers,
    });
    expect(created.statusCode).toBe(400);
  });
});

describe('DELETE offer/{id}/files/{fileId}', () => {
  it('removes the attachment and its bytes, unless another blob holds the same bytes', async () => {
    const w = await offerWorld(t);
    const offer = await w.create();
    const content = samples.pdf();
    const shared = samples.pdf();
    await upload(w, offer._id, pdf('a.pdf', content));
    const both = (await upload(w, offer._id, pdf('b.pdf', shared))).json() as Offer;
    // The same bytes attached to a second offer.
    const second = await w.create();
    await upload(w, second._id, pdf('b-kopie.pdf', shared));
    const [a, b] = both.files;

    const res = await w.call('DELETE', `/offer/${offer._id}/files/${a?._id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Offer).files.map((f) => f.name)).toEqual(['b.pdf']);
    expect(await blobRow(t, a?._id ?? '')).toBeNull();
    await removeFilesAfterGrace(t);
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(false);
    expect((await w.call('DELETE', `/offer/${offer._id}/files/${a?._id}`)).statusCode).toBe(404);

    await w.call('DELETE', `/offer/${offer._id}/files/${b?._id}`);
    await removeFilesAfterGrace(t);
    expect(existsSync(fileOnDisk(t, sha256Of(shared)))).toBe(true);
    const protocol = (await w.call('GET', `/protocol/getProtocolByOffer/${offer._id}`)).json() as {
      field: string;
      oldValue: string | null;
      newValue: string | null;
    }[];
    expect(
      protocol
        .filter((e) => e.field === 'file' && e.newValue === null)
        .map((e) => e.oldValue)
        .sort(),
    ).toEqual(['a.pdf', 'b.pdf']);
  });

  it('deleting an offer removes its attachments with it', async () => {
    const w = await offerWorld(t);
    const offer = await w.create();
    const content = samples.pdf();
    const withFile = (await upload(w, offer._id, pdf('weg.pdf', content))).json() as Offer;
    const admin = await member(t, Role.ADMIN_ROLE, []);
    expect((await w.call('DELETE', `/offer/${offer._id}`, undefined, admin.token)).statusCode).toBe(204);
    expect(await blobRow(t, withFile.files[0]?._id ?? '')).toBeNull();
    expect(await t.database.db.select().from(offerFiles).where(eq(offerFiles.offerId, offer._id))).toEqual([]);
    await removeFilesAfterGrace(t);
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(false);
  });
});

describe('attachments past their deletion date', () => {
  it('are removed by the daily run after the date, with the protocol naming each file and who set the date', async () => {
    const w = await offerWorld(t);
    const keep = await w.create({ deleteFilesDate: '2030-06-30' });
    const content = samples.pdf();
    await upload(w, keep._id, pdf('bleibt.pdf'));
    const drop = await w.create({ deleteFilesDate: '2030-06-01' });
    await upload(w, drop._id, pdf('weg.pdf', content));
    const deps = {
      mailer: t.app.deps.mailer,
      publicUrl: PUBLIC_URL,
      fileRemovalGraceHours: t.config.fileRemovalGraceHours,
    };
    const run = (day: string) => runOfferDay(t.database.db, deps, day, { tenantId: w.tenantId });

    expect((await run('2030-06-01')).files).toBe(0);
    expect((await run('2030-06-02')).files).toBe(1);
    expect((await w.call('GET', `/offer/${drop._id}`)).json().files).toEqual([]);
    expect((await w.call('GET', `/offer/${keep._id}`)).json().files).toHaveLength(1);
    await removeFilesAfterGrace(t);
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(false);
    const protocol = (await w.call('GET', `/protocol/getProtocolByOffer/${drop._id}`)).json() as {
      field: string;
      oldValue: string | null;
      newValue: string | null;
      userKuerzel: string;
    }[];
    expect(protocol[0]).toMatchObject({
      field: 'filePurged',
      oldValue: 'weg.pdf',
      newValue: null,
      userKuerzel: w.office.abbreviation,
    });
    expect((await run('2030-06-02')).files).toBe(0);
  });
});
