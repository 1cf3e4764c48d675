import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { APP_VERSION } from '@pruefbuch/domain/constants';
import Fastify, { LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { booksRoutes } from './modules/books/books.routes';
import { recomputeBooksOfType, refreshAmpels } from './modules/books/books.schedule';
import { booktypesRoutes } from './modules/booktypes/booktypes.routes';
import { capacityRoutes } from './modules/capacity/capacity.routes';
import { clientconfigRoutes } from './modules/clientconfig/clientconfig.routes';
import { componentsRoutes } from './modules/components/components.routes';
import { costlistRoutes } from './modules/costlist/costlist.routes';
import { countriesRoutes } from './modules/countries/countries.routes';
import { registerKeptLocations } from './modules/customerlocations/customerlocations.kept';
import { customerlocationsRoutes } from './modules/customerlocations/customerlocations.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { doorbooksRoutes } from './modules/doorbooks/doorbooks.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { foldersRoutes } from './modules/folders/folders.routes';
import { healthRoutes } from './modules/health/health.routes';
import { inspectionsRoutes } from './modules/inspections/inspections.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { listsRoutes } from './modules/lists/lists.routes';
import { offerevaluationRoutes } from './modules/offerevaluation/offerevaluation.routes';
import { KTB_INFORMED, markKtbInformed } from './modules/offers/offers.mails';
import { offersRoutes } from './modules/offers/offers.routes';
import { offlineRoutes } from './modules/offline/offline.routes';
import { opevaluationRoutes } from './modules/opevaluation/opevaluation.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { archiveInspectionPdf } from './modules/pdf/pdf.archive';
import { pdfRoutes } from './modules/pdf/pdf.routes';
import { protocolRoutes } from './modules/protocol/protocol.routes';
import { qrRoutes } from './modules/qr/qr.routes';
import { qualificationsRoutes } from './modules/qualifications/qualifications.routes';
import { remindersRoutes } from './modules/reminders/reminders.routes';
import { retentionRoutes } from './modules/retention/retention.routes';
import { tenantsRoutes } from './modules/tenants/tenants.routes';
import { usersRoutes } from './modules/users/users.routes';
import { backupRoutes } from './ops/backup.routes';
import { authPlugin } from './platform/auth';
import { registerCompression } from './platform/compression';
import type { Config } from './platform/config';
import type { AppDeps } from './platform/context';
import { secretBox } from './platform/crypto';
import { frameworkErrorHandler, registerErrorHandler } from './platform/error-handler';
import { errorTrackingCsp } from './platform/error-tracking';
import { fileStoreOf } from './platform/files';
import { registerIdempotency } from './platform/idempotency';
import { registerInputGuard } from './platform/input-guard';
import { type LogStream, loggerOptions } from './platform/logging';
import { createMailer } from './platform/mailer';
import { metricSourcesOf } from './platform/metric-sources';
import { createMetrics } from './platform/metrics';
import { replySerializerCompiler } from './platform/reply-serializer';
import { registerRequestLog, requestIdOf } from './platform/request-log';
import { registerSecurityHeaders } from './platform/security-headers';
import { tokenService } from './platform/tokens';
import { registerWebApp } from './platform/web';

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to the server. */
function trustProxyOption(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Builds the Fastify instance: external plugins, then platform, then the modules under /api/v1. */
export async function buildApp(config: Config, database: Database, opts: { logStream?: LogStream } = {}) {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, opts.logStream),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // One line per request, written by the request log at its end (platform/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    // The router's own refusals (malformed encoding, a parameter over 100 characters) in the app's error shape.
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Replies compiled once per route from their schemas; in tests each is also checked against Zod's encoding.
  app.setSerializerCompiler(replySerializerCompiler({ checked: config.env === 'test' }));

  // Mails are queued in the business transaction, their text sealed; the mail worker (main.ts) sends
  // them and then runs what a delivery confirms.
  const mailer = createMailer({
    seal: (text) => deps.secrets.seal(text),
    deliveredActions: { [KTB_INFORMED]: markKtbInformed },
  });
  const deps: AppDeps = {
    config,
    database,
    tokens: tokenService(config.appSecret, config.accessTokenTtlSeconds, config.appSecretPrevious),
    mailer,
    secrets: secretBox(config.appSecret, config.appSecretPrevious),
    files: fileStoreOf(config),
    metrics: createMetrics(),
    lifecycle: { databaseSeen: true, draining: false },
  };
  app.decorate('deps', deps);
  registerRequestLog(app, deps.metrics);
  deps.metrics.setSources(metricSourcesOf(database));

  // External plugins
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
        // The browser sends its errors to the tracker's host (decision 034).
        ...errorTrackingCsp(config.sentryDsn),
      },
    },
    hsts: config.env === 'production',
  });
  await registerCompression(app);
  await app.register(fastifyRateLimit, { global: false });
  // One file per request; a bigger file is cut off at the limit and refused with 413.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.floor(config.uploadLimitMb * 1024 * 1024),
      files: 1,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: 25,
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Prüfbuch API', version: APP_VERSION },
      servers: [{ url: '/api/v1' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas registered with an id (the recursive folder tree) become components the routes refer to.
    transformObject: jsonSchemaTransformObject,
  });

  // Platform
  await app.register(authPlugin);
  registerErrorHandler(app);
  registerInputGuard(app);
  // Creates and uploads that take an Idempotency-Key (decision 060): before the routes, whose handlers it wraps.
  registerIdempotency(app);
  // Each tenant's branch list, kept for staff while nothing it shows changes (decision 075).
  registerKeptLocations(app);
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  // Modules. Modules import downwards only (module-layers.test.ts); where a module's write sets off
  // work in a module above it, the module names a port in its options and it is plugged in here
  // (docs/decisions/018).
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(backupRoutes);
      await api.register(clientconfigRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(adminRoutes);
      await api.register(jobsRoutes);
      await api.register(tenantsRoutes, { thresholdsChanged: (tx, tenantId) => refreshAmpels(tx, { tenantId }) });
      await api.register(foldersRoutes);
      await api.register(countriesRoutes);
      await api.register(booktypesRoutes, { intervalsChanged: recomputeBooksOfType });
      await api.register(qualificationsRoutes);
      await api.register(booksRoutes);
      await api.register(documentsRoutes);
      await api.register(protocolRoutes);
      await api.register(pdfRoutes);
      await api.register(exportsRoutes);
      await api.register(qrRoutes);
      await api.register(inspectionsRoutes, { archiveFinalized: archiveInspectionPdf });
      await api.register(listsRoutes);
      await api.register(customerlocationsRoutes);
      await api.register(remindersRoutes);
      await api.register(offerevaluationRoutes);
      await api.register(offersRoutes);
      await api.register(ordersRoutes);
      await api.register(componentsRoutes);
      await api.register(doorbooksRoutes);
      await api.register(opevaluationRoutes);
      await api.register(costlistRoutes);
      await api.register(capacityRoutes);
      await api.register(retentionRoutes);
      await api.register(offlineRoutes);
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());
    },
    { prefix: '/api/v1' },
  );
  await registerWebApp(app, config.webDistDir);
  return app;
}
