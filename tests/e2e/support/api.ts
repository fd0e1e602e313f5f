import { inject } from 'vitest';

/** A failed call: the server's (translated) message. */
export class CallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A small HTTP client for test setup, speaking the API's envelope. */
export class ApiSession {
  constructor(
    readonly baseURL: string,
    readonly token: string | null = null,
    readonly lang: 'zh-CN' | 'en-US' = 'zh-CN',
  ) {}

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { lang: this.lang };
    if (this.token) headers.token = this.token;
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.baseURL}${path}`, { method, headers, body: payload });
    const json = (await res.json()) as { meta: { success: boolean; message: string }; data: T };
    if (!json.meta.success) throw new CallError(json.meta.message, res.status);
    return json.data;
  }

  get<T>(path: string) {
    return this.call<T>('GET', path);
  }

  post<T>(path: string, body: unknown = {}) {
    return this.call<T>('POST', path, body);
  }

  async logout(): Promise<void> {
    if (this.token) await this.post('/api/logout').catch(() => undefined);
  }
}

interface LoginAnswer {
  flag: number;
  token?: string;
  reason?: string;
  userId?: string;
}

/** Signs in over HTTP (ending any other session of the account). */
export async function apiLogin(baseURL: string, userName: string, password: string): Promise<ApiSession> {
  const answer = await new ApiSession(baseURL).post<LoginAnswer>('/api/login', { username: userName, password, forceLogin: true });
  if (answer.flag !== 1 || !answer.token) throw new Error(`login of ${userName} answered flag ${answer.flag} (${answer.reason ?? ''})`);
  return new ApiSession(baseURL, answer.token);
}

/**
 * Runs setup as an administrator: the run's one setup session (a super
 * administrator the global setup signed in once). Test files run in parallel
 * and an account has one session at a time, so signing in here per call would
 * end another file's session, or a browser's.
 */
export async function asAdmin<T>(baseURL: string, work: (admin: ApiSession) => Promise<T>): Promise<T> {
  return work(new ApiSession(baseURL, inject('setupToken')));
}

/** The built-in `admin` role's id. */
export async function adminRoleId(admin: ApiSession): Promise<string> {
  const roles = await admin.get<Role[]>('/api/role/list');
  const role = roles.find((r) => r.name === 'admin');
  if (!role) throw new Error('the built-in admin role is missing');
  return role.id;
}

/**
 * A super administrator of its own (the built-in admin role), ready to sign in:
 * each test that administers in the browser signs in as one, so no two files
 * share an account (a sign-in ends the account's other session).
 */
export async function createAdministrator(baseURL: string, password = 'Adm1n#e2E7wQz!'): Promise<{ userName: string; password: string }> {
  const userName = uniqueName('e2e.admin');
  const roleId = await asAdmin(baseURL, adminRoleId);
  await createReadyUser(baseURL, { userName, realName: 'E2E 管理员', password, roleIds: [roleId] });
  return { userName, password };
}

let counter = 0;
/** A unique, case-sensitive user name per call. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export interface Role {
  id: string;
  name: string;
}

/** A role granting exactly these routes (buttons per route optional). */
export async function createRole(admin: ApiSession, name: string, routes: (string | { routeName: string; buttons: string[] })[], roleType: '0' | '1' | '2' | '3' = '2'): Promise<Role> {
  const role = await admin.post<Role>('/api/role/save', { name, nameEn: name, roleType });
  const permissions = routes.map((r) => (typeof r === 'string' ? { routeName: r, buttons: [] } : r));
  await admin.post('/api/role/savePermissions', { id: role.id, permissions });
  return role;
}

/** A user with an initial password; the first sign-in then asks for a new one. */
export async function createUser(admin: ApiSession, input: { userName: string; realName: string; password: string; roleIds: string[]; siteId?: string }): Promise<{ id: string }> {
  const { user } = await admin.post<{ user: { id: string } }>('/api/user/saveUser', {
    userName: input.userName,
    realName: input.realName,
    password: input.password,
    roleIdList: input.roleIds,
    ...(input.siteId ? { siteId: input.siteId } : {}),
  });
  return user;
}

/** A user who has already made the first-login password change: signs in straight to the shell. */
export async function createReadyUser(
  baseURL: string,
  input: { userName: string; realName: string; password: string; roleIds: string[]; siteId?: string },
  /** An administrator's session on another server than the run's (a file with its own server). */
  admin?: ApiSession,
): Promise<{ id: string }> {
  const initial = `${input.password}x`;
  const create = (session: ApiSession) => createUser(session, { ...input, password: initial });
  const user = admin ? await create(admin) : await asAdmin(baseURL, create);
  // the first sign-in answers flag 4 with the ticket the change needs
  const session = new ApiSession(baseURL);
  const first = await session.post<{ changeToken: string }>('/api/login', { username: input.userName, password: initial });
  await session.post('/api/user/resetPwd', { changeToken: first.changeToken, oldPassword: initial, newPassword: input.password, confirmPassword: input.password });
  return user;
}
