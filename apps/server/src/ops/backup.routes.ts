import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { conflict, notFound } from '../platform/errors';
import { isDirectLocalRequest } from '../platform/local-request';
import { backupSourceOf, writeBackup } from './backup';
import { BACKUP_ROUTE, backupRequestChecker, SIGNATURE_HEADER } from './loopback';

/**
 * POST /api/v1/ops/backup: the archive of this server's database and files, for `npm run backup`
 * on the machine (loopback.ts). Hidden from the API description; a request that is not from
 * loopback, came through a proxy or lacks a fresh signature is answered like an unknown path.
 */
export const backupRoutes: FastifyPluginAsync = async (app) => {
  const signed = backupRequestChecker(app.deps.config.appSecret);
  let running = false;

  app.post(BACKUP_ROUTE, {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (req, reply) => {
      const header = req.headers[SIGNATURE_HEADER];
      if (!isDirectLocalRequest(req) || !signed(typeof header === 'string' ? header : undefined)) throw notFound();
      if (running) throw conflict();
      running = true;
      const { config, database, files } = app.deps;
      const body = new PassThrough();
      writeBackup(backupSourceOf(config, database, files), body)
        .then((manifest) => req.log.info({ files: manifest.files.length }, 'backup sent'))
        .catch((err: Error) => {
          // The archive ends short; the caller checks it and discards it.
          req.log.error({ err }, 'backup failed');
          body.destroy(err);
        })
        .finally(() => {
          running = false;
        });
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', 'attachment; filename="pruefbuch-backup.tar.gz"')
        .send(body);
    },
  });
};
