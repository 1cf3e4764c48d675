import { PKCS12_MAX_BYTES } from '@pruefbuch/domain/rules/seal-certificate';
import { idParams } from '@pruefbuch/domain/schemas/common';
import {
  techAcceptorList,
  techAcceptorQuery,
  tenantBookCountList,
  tenantListQuery,
  tenantListReply,
  tenantRefList,
  tenantSchema,
  tenantTemplateSchema,
  tenantUpdateSchema,
  tenantUrlQuery,
  tenantWriteSchema,
} from '@pruefbuch/domain/schemas/tenant';
import { tenantCertificateReply } from '@pruefbuch/domain/schemas/tenant-certificate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf, tenantCtxOf } from '../../platform/auth';
import { badField } from '../../platform/errors';
import { receiveSmallUpload } from '../../platform/uploads';
import { getCertificate, uploadCertificate } from './tenants.certificate';
import * as tenants from './tenants.read';
import * as tenantWrites from './tenants.write';

const tags = ['tenants'];

/**
 * SPEC §7 (tenants). The paged book list of a folder, tenants/url/{url}/{folderOrRoot}/{page}/{sort}/{size},
 * belongs to the books module.
 */
export const tenantsRoutes: FastifyPluginAsyncZod<tenantWrites.TenantPorts> = async (app, ports) => {
  app.get('/tenants', {
    config: { access: 'tenants:read' },
    schema: { tags, querystring: tenantListQuery, response: { 200: tenantListReply } },
    handler: (req) => tenants.list(ctxOf(req), req.query),
  });

  app.get('/tenants/url', {
    config: { access: 'tenants:read' },
    schema: { tags, querystring: tenantUrlQuery, response: { 200: tenantSchema } },
    handler: (req) => tenants.getByUrl(ctxOf(req), req.query.url),
  });

  app.get('/tenants/user', {
    config: { access: 'session:any' },
    schema: { tags, response: { 200: tenantRefList } },
    handler: (req) => tenants.myTenants(ctxOf(req)),
  });

  app.get('/tenants/book', {
    config: { access: 'tenants:read' },
    schema: { tags, response: { 200: tenantBookCountList } },
    handler: (req) => tenants.bookCounts(ctxOf(req)),
  });

  app.get('/tenants/techacceptor', {
    config: { access: 'tenants:read' },
    schema: { tags, querystring: techAcceptorQuery, response: { 200: techAcceptorList } },
    // The tenant the query names, else the tenant of the header.
    handler: (req) => tenants.techAcceptors(ctxOf(req), req.query.tenant ?? tenantCtxOf(req).tenantId),
  });

  app.get('/tenants/template', {
    config: { access: 'tenants:read' },
    schema: { tags, response: { 200: tenantTemplateSchema } },
    handler: () => tenants.template(),
  });

  app.get('/tenants/:id', {
    config: { access: 'tenants:read' },
    schema: { tags, params: idParams, response: { 200: tenantSchema } },
    handler: (req) => tenants.get(ctxOf(req), req.params.id),
  });

  app.post('/tenants', {
    config: { access: 'tenants:manage' },
    schema: { tags, body: tenantWriteSchema, response: { 201: tenantSchema } },
    handler: async (req, reply) => reply.status(201).send(await tenantWrites.create(ctxOf(req), req.body)),
  });

  app.put('/tenants/:id', {
    config: { access: 'tenants:edit' },
    schema: { tags, params: idParams, body: tenantUpdateSchema, response: { 200: tenantSchema } },
    handler: (req) => tenantWrites.update(ctxOf(req), req.params.id, req.body, ports),
  });

  app.get('/tenants/:id/certificate', {
    config: { access: 'tenants:certificate' },
    schema: { tags, params: idParams, response: { 200: tenantCertificateReply } },
    handler: (req) => getCertificate(ctxOf(req), req.params.id),
  });

  app.post('/tenants/:id/certificate', {
    config: { access: 'tenants:certificate' },
    schema: {
      tags,
      params: idParams,
      consumes: ['multipart/form-data'],
      description:
        'multipart/form-data: file (a PKCS#12 file, .p12 or .pfx) and password. The tenant seals its finalized PDFs under its key and certificate from now on; the password is not kept (decision 056).',
      response: { 200: tenantCertificateReply },
    },
    handler: async (req) => {
      const { fields, file } = await receiveSmallUpload(req, PKCS12_MAX_BYTES);
      if (!file) throw badField('file', 'validation.required');
      return uploadCertificate(ctxOf(req), req.params.id, { bytes: file.bytes, password: fields.password ?? '' });
    },
  });

  app.delete('/tenants/:id', {
    config: { access: 'tenants:manage' },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await tenantWrites.remove(ctxOf(req), req.params.id);
      return reply.status(204).send();
    },
  });
};
