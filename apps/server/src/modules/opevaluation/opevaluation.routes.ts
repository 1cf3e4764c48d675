import { opEvaluationQuery, opEvaluationReply } from '@pruefbuch/domain/schemas/op-evaluation';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantCtxOf } from '../../platform/auth';
import type { EvaluationFile } from '../../platform/evaluation-file';
import { dispositionOf } from '../../platform/replies';
import { opEvaluationFile } from './opevaluation.export';
import { opEvaluation } from './opevaluation.read';

const tags = ['opevaluation'];

const sendFile = (reply: FastifyReply, file: EvaluationFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', dispositionOf(file.fileName, 'attachment'))
    .send(file.body);
const produces = ['application/json', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

/**
 * SPEC §7 orders/getOpevaluation/all: the operations evaluation of the tenant of the tenant header;
 * format json (default), csv or xlsx (a download). Needs the evaluation flag (access 'orders:evaluation').
 */
export const opevaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/orders/getOpevaluation/all', {
    config: { access: 'orders:evaluation' },
    schema: { tags, querystring: opEvaluationQuery, produces, response: { 200: opEvaluationReply } },
    handler: async (req, reply) => {
      const ctx = tenantCtxOf(req);
      const result = await opEvaluation(ctx, req.query);
      if (req.query.format === 'json') return result;
      return sendFile(reply, await opEvaluationFile(ctx.lang, result, req.query.format));
    },
  });
};
