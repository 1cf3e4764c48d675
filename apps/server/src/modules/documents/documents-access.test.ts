import { CustomerRole, Role } from '@pruefbuch/domain/roles';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { branchMember } from '../../../test/fixtures/books';
import { blobRow, multipart, samples, twoTenants, uploader, userOf } from '../../../test/fixtures/documents';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();
const upload = uploader(t);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Every call of the module, for a book id and a blob id. */
const calls = (bookId: string, blobId: string): (InjectOptions & { url: string; name: string })[] => {
  const form = () => multipart({}, { name: 'a.pdf', content: samples.pdf() });
  return [
    { name: 'GET blobs/{id}', method: 'GET', url: `/blobs/${blobId}` },
    { name: 'GET blobs/{id}/document', method: 'GET', url: `/blobs/${blobId}/document` },
    { name: 'GET blobs/{id}/document/download', method: 'GET', url: `/blobs/${blobId}/document/download` },
    { name: 'DELETE blobs/{id}', method: 'DELETE', url: `/blobs/${blobId}` },
    { name: 'GET books/{id}/documents', method: 'GET', url: `/books/${bookId}/documents` },
    {
      name: 'POST books/{id}/document',
      method: 'POST',
      url: `/books/${bookId}/document`,
      ...(({ payload, headers }) => ({ payload, headers }))(form()),
    },
    { name: 'DELETE books/{id}/document/{docId}', method: 'DELETE', url: `/books/${bookId}/document/${blobId}` },
  ];
};

async function world() {
  const w = await twoTenants(t);
  const blobA = await upload({
    url: `/books/${w.bookA.id}/document`,
    token: w.tokenA,
    tenant: w.a.id,
    file: { name: 'a.pdf', content: samples.pdf() },
  });
  const blobB = await upload({
    url: `/books/${w.bookB.id}/document`,
    token: w.tokenB,
    tenant: w.b.id,
    file: { name: 'b.pdf', content: samples.pdf() },
  });
  expect([blobA.statusCode, blobB.statusCode]).toEqual([201, 201]);
  return { ...w, blobA: blobA.json().blob._id as string, blobB: blobB.json().blob._id as string };
}

describe('tenant isolation', () => {
  it("a user of tenant A gets 404 for tenant B's blob and book on every call, and changes nothing", async () => {
    const w = await world();
    for (const call of calls(w.bookB.id, w.blobB)) {
      const res = await t.api({ ...call, token: w.tokenA, tenant: w.a.id });
      expect(res.statusCode, call.name).toBe(404);
      expect(res.json().code, call.name).toBe('NOT_FOUND');
      expect(res.body, call.name).not.toContain('b.pdf');
    }
    // Mixed: A's own book with B's document.
    const mixed = await t.api({
      method: 'DELETE',
      url: `/books/${w.bookA.id}/document/${w.blobB}`,
      token: w.tokenA,
      tenant: w.a.id,
    });
    expect(mixed.statusCode).toBe(404);
    expect(await blobRow(t, w.blobB)).not.toBeNull();
    const stillB = await t.api({
      method: 'GET',
      url: `/books/${w.bookB.id}/documents`,
      token: w.tokenB,
      tenant: w.b.id,
    });
    expect(stillB.json().documents.map((d: { _id: string }) => d._id)).toEqual([w.blobB]);
  });

  it("refuses B's tenant in the form or B's book in the form with 404, and B's tenant header with 403", async () => {
    const w = await world();
    const file = { name: 'c.pdf', content: samples.pdf() };
    const wrongTenantField = await upload({
      url: '/blobs',
      token: w.tokenA,
      tenant: w.a.id,
      fields: { tenant: w.b.id },
      file,
    });
    expect(wrongTenantField.statusCode).toBe(404);
    const garbageTenantField = await upload({
      url: '/blobs',
      token: w.tokenA,
      tenant: w.a.id,
      fields: { tenant: 'x' },
      file,
    });
    expect(garbageTenantField.statusCode).toBe(404);
    const bookOfB = await upload({
      url: '/blobs',
      token: w.tokenA,
      tenant: w.a.id,
      fields: { book: w.bookB.id },
      file,
    });
    expect(bookOfB.statusCode).toBe(404);
    const onBooksCall = await upload({
      url: `/books/${w.bookA.id}/document`,
      token: w.tokenA,
      tenant: w.a.id,
      fields: { tenant: w.b.id },
      file,
    });
    expect(onBooksCall.statusCode).toBe(404);
    for (const call of calls(w.bookB.id, w.blobB)) {
      const res = await t.api({ ...call, token: w.tokenA, tenant: w.b.id });
      expect(res.statusCode, call.name).toBe(403);
      expect(res.json().code, call.name).toBe('TENANT_FORBIDDEN');
    }
    const list = await t.api({ method: 'GET', url: `/books/${w.bookA.id}/documents`, token: w.tokenA, tenant: w.a.id });
    expect(list.json().documents).toHaveLength(1);
  });

  it("an admin working in tenant A does not reach tenant B's documents either", async () => {
    const w = await world();
    const { token } = await t.signedIn(Role.ADMIN_ROLE);
    for (const call of calls(w.bookB.id, w.blobB)) {
      const res = await t.api({ ...call, token, tenant: w.a.id });
      expect(res.statusCode, call.name).toBe(404);
    }
    const own = await t.api({ method: 'GET', url: `/blobs/${w.blobB}`, token, tenant: w.b.id });
    expect(own.statusCode).toBe(200);
  });
});

describe('ids', () => {
  it('answers 404 for unknown ids on every call', async () => {
    const w = await world();
    for (const call of calls(UNKNOWN, UNKNOWN)) {
      const res = await t.api({ ...call, token: w.tokenA, tenant: w.a.id });
      expect(res.statusCode, call.name).toBe(404);
    }
    const unknownDoc = await t.api({
      method: 'DELETE',
      url: `/books/${w.bookA.id}/document/${UNKNOWN}`,
      token: w.tokenA,
      tenant: w.a.id,
    });
    expect(unknownDoc.statusCode).toBe(404);
  });

  it('answers 400 for malformed ids on every call', async () => {
    const w = await world();
    for (const bad of ['nope', '1', `${UNKNOWN}x`, "1' or '1'='1"]) {
      for (const call of calls(encodeURIComponent(bad), encodeURIComponent(bad))) {
        const res = await t.api({ ...call, token: w.tokenA, tenant: w.a.id });
        expect(res.statusCode, `${call.name} ${bad}`).toBe(400);
        expect(res.json().code).toBe('VALIDATION');
      }
    }
    const badDoc = await t.api({
      method: 'DELETE',
      url: `/books/${w.bookA.id}/document/nope`,
      token: w.tokenA,
      tenant: w.a.id,
    });
    expect(badDoc.statusCode).toBe(400);
    expect(badDoc.json().details).toEqual([expect.objectContaining({ field: 'params.docId', key: 'validation.id' })]);
  });
});

describe('roles', () => {
  it('lets a branch user (role 8) read and download but not upload or delete, and only in their locations', async () => {
    const w = await world();
    const outside = (await branchMember(t, w.a.id, [])).token;
    for (const call of calls(w.bookA.id, w.blobA).filter((c) => c.method === 'GET')) {
      expect((await t.api({ ...call, token: outside, tenant: w.a.id })).statusCode, call.name).toBe(404);
    }
    const { token } = await branchMember(t, w.a.id, [w.bookA.id], { customerRole: CustomerRole.ROLE_DEFAULT });
    const results = [];
    for (const call of calls(w.bookA.id, w.blobA)) {
      const res = await t.api({ ...call, token, tenant: w.a.id });
      results.push([call.name, res.statusCode]);
    }
    expect(results).toEqual([
      ['GET blobs/{id}', 200],
      ['GET blobs/{id}/document', 200],
      ['GET blobs/{id}/document/download', 200],
      ['DELETE blobs/{id}', 403],
      ['GET books/{id}/documents', 200],
      ['POST books/{id}/document', 403],
      ['DELETE books/{id}/document/{docId}', 403],
    ]);
    const post = await upload({
      url: '/blobs',
      token,
      tenant: w.a.id,
      file: { name: 'x.pdf', content: samples.pdf() },
    });
    expect(post.statusCode).toBe(403);
    expect(await blobRow(t, w.blobA)).not.toBeNull();
  });

  it('lets a service technician upload and delete', async () => {
    const w = await world();
    const token = await userOf(t, w.a.id, Role.ROLE_SERVICE_TECHNIKER);
    const res = await upload({
      url: `/books/${w.bookA.id}/document`,
      token,
      tenant: w.a.id,
      file: { name: 'vor-ort.jpg', content: samples.jpeg() },
    });
    expect(res.statusCode).toBe(201);
    const del = await t.api({ method: 'DELETE', url: `/blobs/${res.json().blob._id}`, token, tenant: w.a.id });
    expect(del.statusCode).toBe(204);
  });

  it('lets warehouse and production read but not change documents (decision 017), and needs a session', async () => {
    const w = await world();
    for (const role of [Role.ROLE_LAGER, Role.ROLE_FERTIGUNG]) {
      const token = await userOf(t, w.a.id, role);
      for (const call of calls(w.bookA.id, w.blobA)) {
        const res = await t.api({ ...call, token, tenant: w.a.id });
        expect(res.statusCode, `${role} ${call.name}`).toBe(call.method === 'GET' ? 200 : 403);
      }
    }
    for (const call of calls(w.bookA.id, w.blobA)) {
      const res = await t.api({ ...call, tenant: w.a.id });
      expect(res.statusCode, call.name).toBe(401);
    }
  });
});
