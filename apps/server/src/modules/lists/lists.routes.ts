import {
  abnStatsParams,
  abnStatsReply,
  dailyInspectionListReply,
  dailyInspectionParams,
  openInspectionListReply,
  openInspectionQuery,
  openInspectionSearchParams,
  tenantOpenInspectionParams,
  tenantOpenInspectionSearchParams,
} from '@pruefbuch/domain/schemas/inspection';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth';
import type { SearchField } from './lists.repo';
import * as lists from './lists.service';

const tags = ['lists'];

/** The path segment of each search variant. */
const SEARCHES: [string, SearchField][] = [
  ['BySn', 'sn'],
  ['ByZip', 'zip'],
  ['ByOrderNo', 'orderNo'],
];

/**
 * SPEC §7 open inspections (My inspections, inspections in progress per tenant), the daily
 * list of a user and the expert report statistics.
 */
export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/books/allMyOpenInspection', {
    config: { access: 'lists:inspections' },
    schema: { tags, querystring: openInspectionQuery, response: { 200: openInspectionListReply } },
    handler: (req) => lists.myOpenInspections(ctxOf(req), req.query),
  });

  for (const [segment, field] of SEARCHES) {
    app.get(`/books/allInspection${segment}/:value`, {
      config: { access: 'lists:inspections' },
      schema: {
        tags,
        params: openInspectionSearchParams,
        querystring: openInspectionQuery,
        response: { 200: openInspectionListReply },
      },
      handler: (req) => lists.myInspectionsBy(ctxOf(req), field, req.params.value, req.query),
    });
  }

  // SPEC §7 writes the tenant list with a trailing slash; both spellings answer.
  for (const path of ['/books/allOpenInspection/:tenantId', '/books/allOpenInspection/:tenantId/']) {
    app.get(path, {
      config: { access: 'lists:inspections' },
      schema: {
        tags,
        params: tenantOpenInspectionParams,
        querystring: openInspectionQuery,
        response: { 200: openInspectionListReply },
      },
      handler: (req) => lists.tenantOpenInspections(ctxOf(req), req.params.tenantId, req.query),
    });
  }

  for (const [segment, field] of SEARCHES) {
    app.get(`/books/allOpenInspection/:tenantId/${segment}/:value`, {
      config: { access: 'lists:inspections' },
      schema: {
        tags,
        params: tenantOpenInspectionSearchParams,
        querystring: openInspectionQuery,
        response: { 200: openInspectionListReply },
      },
      handler: (req) =>
        lists.tenantOpenInspections(ctxOf(req), req.params.tenantId, req.query, { field, value: req.params.value }),
    });
  }

  app.get('/lists/allDailyInspectionUser/:userId', {
    config: { access: 'lists:daily' },
    schema: { tags, params: dailyInspectionParams, response: { 200: dailyInspectionListReply } },
    handler: (req) => lists.dailyInspections(ctxOf(req), req.params.userId),
  });

  app.get('/inspections/abnStats/:tenantId/:from/:to', {
    config: { access: 'stats:gutachten' },
    schema: { tags, params: abnStatsParams, response: { 200: abnStatsReply } },
    handler: (req) => lists.abnStats(ctxOf(req), req.params.tenantId, req.params.from, req.params.to),
  });
};
