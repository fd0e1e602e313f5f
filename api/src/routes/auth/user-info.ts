import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  changeOwnPassword,
  createContext,
  endPasswordTickets,
  userOfPasswordTicket,
  findUserRow,
  getPasswordPolicy,
  InvalidInputError,
  passwordState,
  presentUser,
  rankOfRoles,
  rolesOfUser,
  ruleFlagValues,
  sitesOfUser,
  UnauthenticatedError,
  productTypesOfRoles,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import { caller } from '../../http/authenticate.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { PasswordChangeBody, UserInfoSchema } from './schemas.ts';

export const infoRoute = defineRoute({
  method: 'get',
  path: '/api/user/info',
  tag: 'auth',
  summary: 'The signed-in user, roles and permitted routers',
  description: 'What the workbench builds its menus and guards from: user fields (spec 000 §3), roles, routers with menu titles in both languages and button permissions, and the rule flags.',
  access: 'user',
  data: UserInfoSchema,
});

export const resetPwdRoute = defineRoute({
  method: 'post',
  path: '/api/user/resetPwd',
  tag: 'auth',
  summary: 'Change one’s own password',
  description:
    'Signed in: changes the caller’s password. Not signed in (after login answered flag 4): send that answer’s changeToken with the old password; a user id alone is not enough, so a password someone else chose for the user (an administrator’s reset) can only be replaced after signing in with it. The old password must be correct; the policy and history apply. Wrong old passwords count towards the lockout.',
  access: 'public',
  request: jsonBody(PasswordChangeBody),
  data: z.null(),
});

/** The signed-in user's info, shared with the spec's other names for it (getLoginInfo, the e-mail redirect page's call). */
export async function answerUserInfo(c: Context<AppEnv>) {
  const services = c.var.services;
  const auth = caller(c);
  const key = `${auth.session.id}:${c.var.locale}`;
  const cached = services.auth.getUserInfo(key, services.now().getTime());
  if (cached) return c.body(cached, 200, { 'content-type': 'application/json' }) as never;
  const db = services.database.db;
  const view = await presentUser(db, auth.user);
  const policy = await getPasswordPolicy(db);
  const session = auth.session;
  const sites = await sitesOfUser(db, auth.user.id);
  const siteRow = sites.find((s) => s.siteId === session.siteId);
  const { roles } = await rolesOfUser(db, auth.user.id);
  const data = {
    userId: view.id,
    userName: view.userName,
    realName: view.realName,
    realNameEn: view.realNameEn,
    mobile: view.mobile,
    email: view.email,
    jobNumber: view.jobNumber,
    avatar: view.avatar,
    signature: view.signature,
    // the session's site is the one the user signed in to (group), not necessarily the home site
    siteId: session.siteId,
    siteName: siteRow?.siteName ?? view.siteName,
    siteNameEn: siteRow?.siteNameEn ?? view.siteNameEn,
    departmentId: view.departmentId,
    department: view.departmentName,
    departmentName: view.departmentName,
    departmentNameEn: view.departmentNameEn,
    roles: view.roles,
    roleIdList: view.roles.map((r) => r.id),
    roleNames: view.roleNames,
    roleNamesEn: view.roleNamesEn,
    // product types the roles permit; an empty list means all (spec 001 §6)
    productTypes: productTypesOfRoles(roles),
    isAdmin: auth.isAdmin,
    // super administrators act everywhere, site administrators in the session's site (docs/domain/administration.md)
    adminRank: rankOfRoles(roles),
    sites,
    routers: auth.routers,
    rules: await ruleFlagValues(db),
    passwordState: passwordState(policy, auth.user, services.now()),
    idleLogoutMinutes: policy.idleLogoutMinutes,
  };
  const json = JSON.stringify(ok(data));
  services.auth.setUserInfo(key, json, services.now().getTime());
  return c.body(json, 200, { 'content-type': 'application/json' }) as never;
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(infoRoute, answerUserInfo);

  app.openapi(resetPwdRoute, async (c) => {
    const services = c.var.services;
    const body = c.req.valid('json');
    const auth = c.var.auth;
    const db = services.database.db;
    if (!auth && !body.changeToken) throw new UnauthenticatedError('auth.password_ticket_invalid');
    const userId = auth?.user.id ?? (await userOfPasswordTicket(db, body.changeToken!, services.now()));
    if (body.confirmPassword !== undefined && body.confirmPassword !== body.newPassword) {
      throw new InvalidInputError('password.confirmation_mismatch');
    }
    const userName = auth?.user.userName ?? (await findUserRow(db, userId)).userName;
    const ctx = createContext(db, { userId, userName, ip: clientIp(c) }, services.now);
    await changeOwnPassword(ctx, userId, body.oldPassword, body.newPassword, { countFailures: !auth });
    await endPasswordTickets(db, userId);
    services.auth.clear();
    return c.json(ok(null), 200);
  });
}
