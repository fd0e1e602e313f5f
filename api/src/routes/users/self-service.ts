import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { FMEA_REVIEW_ROLES, isOwnPassword, listUserOptions, updateUser, type OwnPasswordOptions } from '@fmea/core';
import { clientIp } from '../../http/client-ip.ts';
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

/** The check-password call's body and answer (checkOldPwd and the administrators' adminCheckOldPwd). */
export const OldPasswordBody = z.object({ oldPassword: Password }).openapi('OldPasswordBody');
export const PasswordCheckData = z.strictObject({ correct: z.boolean() });

export const checkOldPwdRoute = defineRoute({
  method: 'post',
  path: '/api/user/checkOldPwd',
  tag: TAG,
  summary: 'Whether a password is the caller’s current one (change-password form)',
  access: 'user',
  request: jsonBody(OldPasswordBody),
  data: PasswordCheckData,
});

/** The picker list's filter: the query of GET /api/user/list and the body of the spec's POST /api/user/fmeaUserList. */
export const UserOptionsQuery = z.object({
  searchKey: Text.optional(),
  siteId: Id.optional(),
  projectId: Id.optional().openapi({
    description: 'An FMEA project: only users who may read it (its team, administrators, users it is shared with), for pickers of people a step must name from its readers (the review roles). The caller must be able to open the project (403 otherwise).',
  }),
  reviewRole: z.enum(FMEA_REVIEW_ROLES).optional().openapi({
    description:
      'With projectId: only the readers the project’s FMEA type lets the caller name for this review role (the workflow settings’ “who may be named”: team members only, the caller’s site only, the role ranks), by the rule the submit checks; for the review submit pickers.',
  }),
  limit: z.coerce.number().int().min(1).max(500).default(10),
  timestamp: z.string().max(40).optional(),
});

export const optionsRoute = defineRoute({
  method: 'get',
  path: '/api/user/list',
  tag: TAG,
  summary: 'A light list of users for pickers: id, user name and real name',
  access: 'user',
  request: { query: UserOptionsQuery },
  data: z.array(UserOptionSchema),
});

/** The picker list's handler, shared with its spec name (POST /api/user/fmeaUserList). */
export async function answerUserOptions(c: Context<AppEnv>, query: z.output<typeof UserOptionsQuery>) {
  const { searchKey, siteId, projectId, reviewRole, limit } = query;
  return c.json(ok(await listUserOptions(serviceContext(c), { search: searchKey, site: siteId, readerOf: projectId, nomineeFor: reviewRole, limit })), 200);
}

/** The check-password handler, shared with the administrators' adminCheckOldPwd. */
export async function answerOwnPassword(c: Context<AppEnv>, oldPassword: string, options: OwnPasswordOptions = {}) {
  const auth = caller(c);
  const correct = await isOwnPassword(serviceContext(c), auth.user.id, oldPassword, { ...options, ip: clientIp(c), wait: c.var.services.wait });
  return c.json(ok({ correct }), 200);
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(basicInfoRoute, async (c) => {
    const auth = caller(c);
    const changes = withoutUndefined(c.req.valid('json'));
    const user = await updateUser(serviceContext(c), auth.user.id, changes);
    return c.json(ok(presentAdminUser(user)), 200);
  });

  app.openapi(checkOldPwdRoute, (c) => answerOwnPassword(c, c.req.valid('json').oldPassword));

  app.openapi(optionsRoute, (c) => answerUserOptions(c, c.req.valid('query')));
}
