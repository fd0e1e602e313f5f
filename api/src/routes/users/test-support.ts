import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createRole, createUser, schema, sessionIdOf, setRolePermissions, type RoleType, type RouteGrant, type UserInput } from '@fmea/core';
import { TEST_PASSWORD, type CallResult, type TestApp } from '../../testing.ts';

/** Test builders shared by the org, users and roles route tests. */

/**
 * A user holding one role with these grants, signed in. `roleType` '1' makes
 * them a site administrator (acting in their home site), '0' a super one.
 */
export async function signedInWith(api: TestApp, userName: string, grants: RouteGrant[], extra: Partial<UserInput> = {}, roleType: RoleType = '2') {
  const role = await createRole(api.t.ctx, { name: `${userName}-role`, roleType });
  await setRolePermissions(api.t.ctx, role.id, grants);
  const { user } = await createUser(api.t.ctx, { userName, realName: userName, password: TEST_PASSWORD, roles: [role.id], ...extra });
  await api.t.db.update(schema.user).set({ mustChangePassword: false }).where(eq(schema.user.id, user.id));
  return { user, role, token: await api.login(userName) };
}

/** A plain engineer: a role with only dfmea_index. */
export const plainEngineer = (api: TestApp) => signedInWith(api, 'eng', [{ routeName: 'dfmea_index', buttons: ['add'] }]);

/** A user of the page without any of its buttons: may read, may not write. */
export const reader = (api: TestApp, routeName: string) => signedInWith(api, 'reader', [{ routeName, buttons: [] }]);

export interface RouteCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export const describeCall = (call: RouteCall) => `${call.method} ${call.path}`;

export async function callAs(api: TestApp, call: RouteCall, token?: string, lang?: string): Promise<CallResult> {
  return api.call(call.method, call.path, { body: call.body, token, lang });
}

export const UNAUTHENTICATED = { zh: '未登录或会话已过期，请重新登录', en: 'Not signed in or the session has expired; please sign in again' };
export const NOT_ALLOWED = { zh: '无权限执行此操作', en: 'You do not have permission to do this' };

/** 401 without a token, 403 for the given token, in both languages. */
export async function expectRefused(api: TestApp, call: RouteCall, token: string) {
  const anonymous = await callAs(api, call);
  expect(anonymous.status, `${describeCall(call)} without a token`).toBe(401);
  expect(anonymous.body.meta).toEqual({ success: false, code: 401, message: UNAUTHENTICATED.zh });
  const denied = await callAs(api, call, token, 'en-US');
  expect(denied.status, `${describeCall(call)} without the permission`).toBe(403);
  expect(denied.body.meta).toEqual({ success: false, code: 403, message: NOT_ALLOWED.en });
}

/** A 400 with the exact message in zh-CN (default) and en-US. */
export async function expectInvalid(api: TestApp, call: RouteCall, token: string, messages: { zh: string; en: string }) {
  const zh = await callAs(api, call, token);
  expect(zh.status, `${describeCall(call)} ${JSON.stringify(zh.body)}`).toBe(400);
  expect(zh.body.meta.message).toBe(messages.zh);
  const en = await callAs(api, call, token, 'en-US');
  expect(en.body.meta.message).toBe(messages.en);
  return zh;
}

/** The spec's validation headline followed by one line per field. */
export const invalid = (zh: string, en: string) => ({ zh: `请求参数校验失败\n${zh}`, en: `The request failed validation\n${en}` });

export const SCRIPT_TEXT = '<script>alert(1)</script>';
export const SQL_TEXT = "'; DROP TABLE user;--";

/** Binds a fake socket to the token's session and records what the realtime hub tells it. */
export function watchSocket(api: TestApp, token: string, userId: string) {
  const seen = { messages: [] as { event: string; data: unknown }[], closed: false };
  api.services.realtime.bind({
    socket: { send: (text) => seen.messages.push(JSON.parse(text)), close: () => (seen.closed = true) },
    sessionId: sessionIdOf(token),
    userId,
    siteId: null,
    roleTypes: [],
    isAdmin: false,
  });
  return seen;
}
