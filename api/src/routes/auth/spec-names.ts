import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody } from '../../http/route.ts';
import { answerLogin } from './login.ts';
import { LoginBody, LoginResultSchema, UserInfoSchema } from './schemas.ts';
import { answerUserInfo } from './user-info.ts';

/**
 * Spec 000 §7's sign-in calls under the spec's names, each the same call as a
 * route of ours (its handler and schemas); what each means is in
 * docs/domain/administration.md "The spec's sign-in and user calls".
 */

export const getLoginInfoRoute = defineRoute({
  method: 'post',
  path: '/api/user/getLoginInfo',
  tag: 'auth',
  summary: 'The signed-in user, roles and permitted routers (spec 000 §7, after a single sign-on landing): GET /api/user/info',
  description:
    'The same answer as GET /api/user/info, for the session the token or cookie names: a single sign-on landing calls it once the provider’s sign-in has given the browser its session. ' +
    'The body is accepted and not read (the spec’s provider variants post their own fields); a call without a session is 401.',
  access: 'user',
  data: UserInfoSchema,
});

export const redirectPageGetUserInfoRoute = defineRoute({
  method: 'post',
  path: '/api/emailRedirect/redirectPageGetUserInfo',
  tag: 'auth',
  summary: 'The signed-in user for the page an e-mail’s link opens (spec 000 §7): GET /api/user/info',
  description: 'The same answer as GET /api/user/info. A link in a message never signs anyone in: without a session the answer is 401 and the page sends the reader to sign in first.',
  access: 'user',
  data: UserInfoSchema,
});

export const removeLoginPageUserRoute = defineRoute({
  method: 'post',
  path: '/api/removeLoginPageUser',
  tag: 'auth',
  summary: 'From the sign-in page: end the account’s session elsewhere and sign in here (spec 000 §7): POST /api/login with forceLogin',
  description:
    'When /api/login answered flag 3 (the account is signed in elsewhere), the sign-in page removes that session with the same user name and password: ' +
    'this is /api/login with forceLogin: true (the same checks, lockout and throttle, and answer). The ended session’s tabs get removeLogin-like forceLogin events.',
  access: 'public',
  request: jsonBody(LoginBody),
  data: LoginResultSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(getLoginInfoRoute, answerUserInfo);
  app.openapi(redirectPageGetUserInfoRoute, answerUserInfo);
  app.openapi(removeLoginPageUserRoute, (c) => answerLogin(c, { ...c.req.valid('json'), forceLogin: true }));
}
