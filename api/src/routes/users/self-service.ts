import type { OpenAPIHono } from '@hono/zod-openapi';
import { isOwnPassword, listUserOptions, updateUser } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { caller } from '../../http/authenticate.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { AdminUserSchema, BasicInfoFields, Password, presentAdminUser, UserOptionSchema } from './schemas.ts';
import { serviceContext } from '../../http/context.ts';
import { Id, Text, withoutUndefined } from '../../http/fields.ts';

const TAG = 'users';

export const basicInfoRoute = defineRoute({
  method: 'post',
  path: '/api/user/updateBasicInfo',
  tag: TAG,
  summary: 'Change one’s own real name, mobile, e-mail and signature',
  description: 'Other fields (roles, site, user name …) are not taken here.',
  access: 'user',
  request: jsonBody(z.object(BasicInfoFields).openapi('BasicInfoBody')),
  data: AdminUserSchema,
});

export const checkOldPwdRoute = defineRoute({
  method: 'post',
  path: '/api/user/checkOldPwd',
  tag: TAG,
  summary: 'Whether a password is the caller’s current one (change-password form)',
  access: 'user',
  request: jsonBody(z.object({ oldPassword: Password })),
  data: z.strictObject({ correct: z.boolean() }),
});

export const optionsRoute = defineRoute({
  method: 'get',
  path: '/api/user/list',
  tag: TAG,
  summary: 'A light list of users for pickers: id, user name and real name',
  access: 'user',
  request: {
    query: z.object({
      searchKey: Text.optional(),
      siteId: Id.optional(),
      projectId: Id.optional().openapi({
        description: 'An FMEA project: only users who may read it (its team, administrators, users it is shared with), for pickers of people a step must name from its readers (the review roles). The caller must be able to open the project (403 otherwise).',
      }),
      limit: z.coerce.number().int().min(1).max(500).default(10),
      timestamp: z.string().max(40).optional(),
    }),
  },
  data: z.array(UserOptionSchema),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(basicInfoRoute, async (c) => {
    const auth = caller(c);
    const changes = withoutUndefined(c.req.valid('json'));
    const user = await updateUser(serviceContext(c), auth.user.id, changes);
    return c.json(ok(presentAdminUser(user)), 200);
  });

  app.openapi(checkOldPwdRoute, async (c) => {
    const auth = caller(c);
    const correct = await isOwnPassword(serviceContext(c), auth.user.id, c.req.valid('json').oldPassword);
    return c.json(ok({ correct }), 200);
  });

  app.openapi(optionsRoute, async (c) => {
    const { searchKey, siteId, projectId, limit } = c.req.valid('query');
    return c.json(ok(await listUserOptions(serviceContext(c), { search: searchKey, site: siteId, readerOf: projectId, limit })), 200);
  });
}
