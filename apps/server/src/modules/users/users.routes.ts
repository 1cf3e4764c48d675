import { idParams } from '@pruefbuch/domain/schemas/common';
import {
  departmentSchema,
  lookupList,
  userAdminWriteSchema,
  userCreateSchema,
  userLanguageBody,
  userListQuery,
  userListReply,
  userProfileWriteSchema,
  userRef,
  userRegisterSchema,
  userSchema,
} from '@pruefbuch/domain/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth';
import * as users from './users.service';

const tags = ['users'];
// An empty segment (getUsersByDepartment/) means no department given, like no segment at all.
const deptParams = z.object({
  dept: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().pipe(departmentSchema).optional()),
});

/** SPEC §7 Users. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users', {
    config: { access: 'users:manage' },
    schema: { tags, querystring: userListQuery, response: { 200: userListReply } },
    handler: (req) => users.listAll(ctxOf(req), req.query),
  });

  app.get('/users/me', {
    config: { access: 'session:any' },
    schema: { tags, response: { 200: userSchema } },
    handler: (req) => users.me(ctxOf(req)),
  });

  app.put('/users/me/language', {
    config: { access: 'session:any' },
    schema: { tags, body: userLanguageBody },
    handler: async (req, reply) => {
      await users.setOwnLanguage(ctxOf(req), req.body.language);
      return reply.status(204).send();
    },
  });

  app.get('/users/roles/all', {
    config: { access: 'session:any' },
    schema: { tags, response: { 200: lookupList } },
    handler: () => users.roleList(),
  });
  app.get('/users/customerroles/all', {
    config: { access: 'session:any' },
    schema: { tags, response: { 200: lookupList } },
    handler: () => users.customerRoleList(),
  });
  app.get('/users/departments/all', {
    config: { access: 'session:any' },
    schema: { tags, response: { 200: lookupList } },
    handler: () => users.departmentList(),
  });
  app.get('/users/customers/all', {
    config: { access: 'session:any' },
    schema: { tags, response: { 200: lookupList } },
    handler: () => users.customerList(),
  });

  app.get('/users/findOneIdByAbbreviation', {
    config: { access: 'users:lookup' },
    schema: {
      tags,
      querystring: z.object({ abbreviation: z.string().trim().min(1).max(10) }),
      response: { 200: z.object({ _id: z.string() }) },
    },
    handler: (req) => users.findIdByAbbreviation(ctxOf(req), req.query.abbreviation),
  });

  app.get('/users/getUsersByDepartment/:dept?', {
    config: { access: 'users:lookup' },
    schema: { tags, params: deptParams, response: { 200: z.array(userRef) } },
    handler: (req) => users.usersByDepartment(ctxOf(req), req.params.dept ?? 1, false),
  });
  app.get('/users/getAllUsersByDepartment/:dept?', {
    config: { access: 'users:lookup' },
    schema: { tags, params: deptParams, response: { 200: z.array(userRef) } },
    handler: (req) => users.usersByDepartment(ctxOf(req), req.params.dept ?? 1, true),
  });

  app.get('/users/:id', {
    config: { access: 'session:any' },
    schema: { tags, params: idParams, response: { 200: userSchema } },
    handler: (req) => users.getUser(ctxOf(req), req.params.id),
  });

  app.put('/users/:id', {
    config: { access: 'session:any' },
    schema: { tags, params: idParams, body: userProfileWriteSchema, response: { 200: userSchema } },
    handler: (req) => users.updateProfile(ctxOf(req), req.params.id, req.body),
  });

  // Registration by an admin: the account is activated through the mailed confirmation link.
  for (const url of ['/users', '/users/signup']) {
    app.post(url, {
      config: { access: 'users:manage' },
      schema: { tags, body: userRegisterSchema, response: { 201: userSchema } },
      handler: async (req, reply) => reply.status(201).send(await users.createUser(ctxOf(req), req.body, false)),
    });
  }

  app.put('/users', {
    config: { access: 'users:manage' },
    schema: { tags, body: userCreateSchema, response: { 201: userSchema } },
    handler: async (req, reply) => reply.status(201).send(await users.createUser(ctxOf(req), req.body, true)),
  });

  app.put('/users/admin/:id', {
    config: { access: 'users:manage' },
    schema: { tags, params: idParams, body: userAdminWriteSchema, response: { 200: userSchema } },
    handler: (req) => users.updateUserAsAdmin(ctxOf(req), req.params.id, req.body),
  });

  app.delete('/users/:id', {
    config: { access: 'users:manage' },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await users.deleteUser(ctxOf(req), req.params.id);
      return reply.status(204).send();
    },
  });
};
