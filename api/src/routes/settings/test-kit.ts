/**
 * Test helpers of the dictionaries, notices, rules and settings route tests
 * (imported by *.test.ts only).
 */
import { eq } from 'drizzle-orm';
import { createRole, createUser, grantRoute, schema, type RouteGrant } from '@fmea/core';
import { expect } from 'vitest';
import { TEST_PASSWORD, type CallOptions, type TestApp } from '../../testing.ts';

export const NOT_SIGNED_IN = '未登录或会话已过期，请重新登录';
export const NOT_ALLOWED = '无权限执行此操作';

/** Creates a user whose single role grants exactly `grants`, and signs in. */
export async function signInWith(api: TestApp, userName: string, grants: readonly RouteGrant[]): Promise<string> {
  const roleName = `${userName}-role`;
  await createRole(api.t.ctx, { name: roleName });
  for (const grant of grants) await grantRoute(api.t.ctx, roleName, grant);
  const { user } = await createUser(api.t.ctx, { userName, realName: userName, password: TEST_PASSWORD, roles: [roleName] });
  await api.t.db.update(schema.user).set({ mustChangePassword: false }).where(eq(schema.user.id, user.id));
  return api.login(userName);
}

/** A plain engineer: a role with only dfmea_index. */
export function engineerToken(api: TestApp): Promise<string> {
  return signInWith(api, 'eng', [{ routeName: 'dfmea_index', buttons: ['add'] }]);
}

export interface RouteCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** 401 without a session, and (for admin routes) 403 for the engineer, with the translated messages. */
export async function expectRefused(api: TestApp, call: RouteCall, engineer?: string): Promise<void> {
  const options: CallOptions = call.body === undefined ? {} : { body: call.body };
  const anonymous = await api.call(call.method, call.path, options);
  expect(anonymous.status, `${call.method} ${call.path} without a session`).toBe(401);
  expect(anonymous.body.meta).toEqual({ success: false, code: 401, message: NOT_SIGNED_IN });
  if (engineer) {
    const refused = await api.call(call.method, call.path, { ...options, token: engineer });
    expect(refused.status, `${call.method} ${call.path} as an engineer`).toBe(403);
    expect(refused.body.meta.message).toBe(NOT_ALLOWED);
  }
}

/** A fake socket bound to the realtime hub; returns what it receives. */
export function listen(api: TestApp, userId = 'listener') {
  const received: { event: string; data: Record<string, unknown> }[] = [];
  api.services.realtime.bind({
    socket: { send: (text) => received.push(JSON.parse(text)), close: () => undefined },
    sessionId: `session-${userId}`,
    userId,
    siteId: null,
    roleTypes: [],
    isAdmin: false,
  });
  return received;
}

/** The newest operation-log entry of an action, read through the API. */
export async function lastLogged(api: TestApp, token: string, action: string) {
  const res = await api.call('POST', '/api/operationLog/list', { token, body: { action, limit: 1 } });
  expect(res.status).toBe(200);
  return res.body.data.items[0];
}

/** A multipart body with one file. */
export function upload(field: string, fileName: string, content: Uint8Array | string, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append(field, new File([content as Uint8Array<ArrayBuffer> | string], fileName));
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  return form;
}
