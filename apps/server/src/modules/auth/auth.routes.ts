import {
  barcodeReply,
  changePasswordBody,
  codeBody,
  emailBody,
  loginBody,
  loginReply,
  refreshBody,
  refreshReply,
  resetFinishBody,
  validate2faBody,
} from '@pruefbuch/domain/schemas/auth';
import { okReply } from '@pruefbuch/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf, publicCtxOf } from '../../platform/auth';
import * as account from './auth.account';
import * as auth from './auth.service';

const tokenParams = z.object({ token: z.string().min(10).max(200) });
const keyParams = z.object({ key: z.string().min(10).max(200) });
const ok = { success: true as const };
const tags = ['auth'];

/** SPEC §7 Auth and Account. Sign-in calls sit behind a per-address rate limit and the lockouts. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = { rateLimit: { max: app.deps.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post('/users/login', {
    config: { access: 'public', ...limited },
    schema: { tags, body: loginBody, response: { 200: loginReply } },
    handler: (req) => auth.login(publicCtxOf(app, req), req.body.email, req.body.password),
  });

  app.post('/users/validate2fa', {
    config: { access: 'mfa', ...limited },
    schema: { tags, body: validate2faBody, response: { 200: loginReply } },
    handler: (req) =>
      auth.validate2fa(publicCtxOf(app, req), req.mfaUserId ?? '', req.body.userId, req.body.validationCode),
  });

  app.post('/users/auth/refresh', {
    config: { access: 'public', ...limited },
    schema: { tags, body: refreshBody, response: { 200: refreshReply } },
    handler: (req) => auth.refresh(publicCtxOf(app, req), req.body.refreshToken),
  });

  app.post('/users/logout', {
    config: { access: 'session:any' },
    schema: { tags },
    handler: async (req, reply) => {
      await auth.logout(ctxOf(req));
      return reply.status(204).send();
    },
  });

  app.get('/users/barcode2fa/:userId', {
    config: { access: 'session:any' },
    schema: { tags, params: z.object({ userId: z.string().max(64) }), response: { 200: barcodeReply } },
    handler: (req) => auth.barcode2fa(ctxOf(req), req.params.userId),
  });

  app.post('/users/finish2fa', {
    config: { access: 'session:any', ...limited },
    schema: { tags, body: codeBody, response: { 200: okReply } },
    handler: async (req) => {
      await auth.finish2fa(ctxOf(req), req.body.validationCode);
      return ok;
    },
  });

  app.post('/users/deactivate2fa', {
    config: { access: 'session:any', ...limited },
    schema: { tags, body: codeBody, response: { 200: okReply } },
    handler: async (req) => {
      await auth.deactivate2fa(ctxOf(req), req.body.validationCode);
      return ok;
    },
  });

  app.post('/users/send2FaDeactivationEmail', {
    config: { access: 'public', ...limited },
    schema: { tags, body: emailBody, response: { 200: okReply } },
    handler: async (req) => {
      await auth.send2faDeactivationEmail(publicCtxOf(app, req), req.body.email);
      return ok;
    },
  });

  app.post('/users/deactivate2fa/:token', {
    config: { access: 'public', ...limited },
    schema: { tags, params: tokenParams, response: { 200: okReply } },
    handler: async (req) => {
      await auth.deactivate2faByToken(publicCtxOf(app, req), req.params.token);
      return ok;
    },
  });

  app.post('/users/resendSignUpMail', {
    config: { access: 'public', ...limited },
    schema: { tags, body: emailBody, response: { 200: okReply } },
    handler: async (req) => {
      await account.resendSignUpMail(publicCtxOf(app, req), req.body.email);
      return ok;
    },
  });

  app.post('/users/confirmation/:token', {
    config: { access: 'public', ...limited },
    schema: { tags, params: tokenParams, response: { 200: okReply } },
    handler: async (req) => {
      await account.confirmAccount(publicCtxOf(app, req), req.params.token);
      return ok;
    },
  });

  app.post('/users/reset', {
    config: { access: 'public', ...limited },
    schema: { tags, body: emailBody, response: { 200: okReply } },
    handler: async (req) => {
      await account.requestPasswordReset(publicCtxOf(app, req), req.body.email);
      return ok;
    },
  });

  app.post('/users/reset/:key', {
    config: { access: 'public', ...limited },
    schema: { tags, params: keyParams, body: resetFinishBody, response: { 200: okReply } },
    handler: async (req) => {
      await account.finishPasswordReset(publicCtxOf(app, req), req.params.key, req.body.password);
      return ok;
    },
  });

  app.put('/users/changepassword', {
    config: { access: 'session:any', ...limited },
    schema: { tags, body: changePasswordBody, response: { 200: okReply } },
    handler: async (req) => {
      await account.changePassword(ctxOf(req), req.body.currentPassword, req.body.password);
      return ok;
    },
  });
};
