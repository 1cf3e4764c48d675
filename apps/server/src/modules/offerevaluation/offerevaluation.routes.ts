import { type EvaluationQuery, evaluationQuery, evaluationReply, timesReply } from '@pruefbuch/domain/schemas/offer';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantCtxOf } from '../../platform/auth';
import { dispositionOf } from '../../platform/replies';
import { type EvaluationFile, evaluationFile, timesFile } from './offerevaluation.export';
import { type GroupView, groupView, timesView } from './offerevaluation.read';

const tags = ['offerevaluation'];
const produces = ['application/json', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

const sendFile = (reply: FastifyReply, file: EvaluationFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', dispositionOf(file.fileName, 'attachment'))
    .send(file.body);

const fileQuery = (q: EvaluationQuery) => ({ from: q.from, to: q.to, format: q.format as 'csv' | 'xlsx' });

const GROUP_VIEWS: readonly GroupView[] = ['erfolgsquote', 'ktbauswertung', 'gespraechsresultat', 'erhaltenueber'];

/**
 * SPEC §7 Evaluations: GET offer/evaluation/{view} for the tenant of the tenant header; format json
 * (default), csv or xlsx (a download). Needs the evaluation flag (access 'offers:evaluation').
 */
export const offerevaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const view of GROUP_VIEWS) {
    app.get(`/offer/evaluation/${view}`, {
      config: { access: 'offers:evaluation' },
      schema: { tags, querystring: evaluationQuery, produces, response: { 200: evaluationReply } },
      handler: async (req, reply) => {
        const ctx = tenantCtxOf(req);
        const result = await groupView(ctx, view, req.query);
        if (req.query.format === 'json') return result;
        return sendFile(reply, await evaluationFile(ctx.lang, result, fileQuery(req.query)));
      },
    });
  }

  app.get('/offer/evaluation/angebotszeiten', {
    config: { access: 'offers:evaluation' },
    schema: { tags, querystring: evaluationQuery, produces, response: { 200: timesReply } },
    handler: async (req, reply) => {
      const ctx = tenantCtxOf(req);
      const result = await timesView(ctx, req.query);
      if (req.query.format === 'json') return result;
      return sendFile(reply, await timesFile(ctx.lang, result, fileQuery(req.query)));
    },
  });
};
