import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  createUser, deleteUser, findUserRow, getUser, InvalidInputError, isUserNameAvailable, listUsers, updateUser, type UserInput, type UserListQuery } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { AdminUserSchema, presentAdminUser, SaveUserBody, SaveUserResult, UserName } from './schemas.ts';
import { requireButton, saveAccess } from '../../http/access.ts';
import { serviceContext } from '../../http/context.ts';
import { Id, IdBody, Text, withoutUndefined } from '../../http/fields.ts';
import { forgetSessions, sessionIdsOf } from '../../http/sessions.ts';

const TAG = 'users';

const ListBody = z
  .object({
    page: z.number().int().min(1).default(1),
    limit: z.number().int().min(1).max(500).default(10),
    searchKey: Text.optional().openapi({ description: 'Part of the user name, real name or job number' }),
    siteId: Id.optional(),
    userIds: z.array(Id).min(1).max(500).optional().openapi({ description: 'These users only (the spec’s getUserInfoList); unknown ids are left out' }),
  })
  .openapi('UserListBody');

/** The list's answer; the spec's other user lists (getUserInfoList, the export lists) answer it too. */
export const UserListData = z.strictObject({
  items: z.array(
    AdminUserSchema.extend({
      actions: z.array(z.enum(['edit', 'resetPassword', 'lock', 'delete'])).openapi({ description: 'What the caller may do to this user (rank and site rules); the buttons still apply' }),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export { ListBody as UserListBody };

export const listRoute = defineRoute({
  method: 'post',
  path: '/api/user/sysUserList',
  tag: TAG,
  summary: 'A page of users (administration)',
  access: { route: 'system_user' },
  request: jsonBody(ListBody),
  data: UserListData,
});

export const getRoute = defineRoute({
  method: 'post',
  path: '/api/user/getUserInfo',
  tag: TAG,
  summary: 'One user (administration)',
  access: { route: 'system_user' },
  request: jsonBody(IdBody),
  data: AdminUserSchema,
});

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/user/saveUser',
  tag: TAG,
  summary: 'Create (no id) or update a user',
  description:
    'Needs the add button to create and the edit button to update. roleIdList replaces the roles; validityDate takes ISO text or epoch milliseconds. ' +
    'A new user must change the password at first sign-in; without `password` one is generated and answered once as initialPassword. ' +
    'To change a password later use /api/user/adminResetPwd. createTime, updateTime, regDate, roles, genderName, stores and roleNames are ignored.',
  access: saveAccess('system_user'),
  request: jsonBody(SaveUserBody),
  data: SaveUserResult,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/user/deleteUser',
  tag: TAG,
  summary: 'Delete a user (the default user is protected); their sessions end at once',
  access: { route: 'system_user', button: 'del' },
  request: jsonBody(IdBody),
  data: z.null(),
});

export const checkNameRoute = defineRoute({
  method: 'post',
  path: '/api/user/checkUserName',
  tag: TAG,
  summary: 'Whether a user name is free (for the user being edited, when id is sent)',
  description: 'User names are case sensitive.',
  access: { route: 'system_user' },
  request: jsonBody(z.object({ userName: UserName, id: Id.optional() })),
  data: z.strictObject({ available: z.boolean() }),
});

/** The user list's handler, shared by the spec's other names for it: a page of users, with `holding` the holders of a route's button only. */
export async function answerUserList(c: Context<AppEnv>, query: z.input<typeof ListBody>, holding?: UserListQuery['holding']) {
  const { page, limit, searchKey, siteId, userIds } = query;
  const result = await listUsers(serviceContext(c), { page, limit, search: searchKey, site: siteId, ids: userIds, holding });
  return c.json(ok({ items: result.items.map((u) => ({ ...presentAdminUser(u), actions: u.actions })), total: result.total, page: result.page, limit: result.limit }), 200);
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, (c) => answerUserList(c, c.req.valid('json')));

  app.openapi(getRoute, async (c) => {
    const user = await getUser(serviceContext(c), c.req.valid('json').id);
    return c.json(ok(presentAdminUser(user)), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const body = c.req.valid('json');
    requireButton(c, 'system_user', body.id ? 'edit' : 'add');
    const ctx = serviceContext(c);
    const input = withoutUndefined({
      userName: body.userName,
      realName: body.realName,
      realNameEn: body.realNameEn,
      jobNumber: body.jobNumber,
      mobile: body.mobile,
      email: body.email,
      gender: body.gender,
      signature: body.signature,
      site: body.siteId,
      sites: body.siteIds,
      department: body.departmentId,
      superiorId: body.superiorId,
      roles: body.roleIdList,
      validityDate: body.validityDate,
    });
    if (!body.id) {
      const created = await createUser(ctx, { ...input, userName: body.userName, password: body.password });
      const data = { user: presentAdminUser(created.user), ...(created.generatedPassword ? { initialPassword: created.generatedPassword } : {}) };
      return c.json(ok(data), 200);
    }
    if (body.password !== undefined) {
      throw new InvalidInputError('request.invalid', {}, [{ messageKey: 'apiUsers.password_on_update', field: 'password' }]);
    }
    const changes: Partial<Omit<UserInput, 'password'>> = input;
    if (body.siteId !== undefined && body.siteIds === undefined) {
      // moving the home site keeps the user's further sites (core replaces them all when the site changes)
      const current = await getUser(ctx, body.id);
      changes.sites = current.siteIds.filter((s) => s !== current.siteId);
    }
    const saved = await updateUser(ctx, body.id, changes);
    return c.json(ok({ user: presentAdminUser(saved) }), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const services = c.var.services;
    const ctx = serviceContext(c);
    const target = await findUserRow(ctx.db, c.req.valid('json').id);
    // the sessions go with the user (cascade); remember them to tell the sockets
    const sessions = await sessionIdsOf(services, target.id);
    await deleteUser(ctx, target.id);
    forgetSessions(services, sessions, 'userDeleted');
    return c.json(ok(null), 200);
  });

  app.openapi(checkNameRoute, async (c) => {
    const { userName, id } = c.req.valid('json');
    return c.json(ok({ available: await isUserNameAvailable(serviceContext(c), userName, id) }), 200);
  });
}
