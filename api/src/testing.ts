import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase, TEST_PASSWORD, type TestDatabase } from '@fmea/core/testing';
import { createApp } from './app.ts';
import type { WebOrigins } from './http/origin.ts';

export { TEST_PASSWORD };

export interface CallOptions {
  body?: unknown;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  /** Raw body instead of JSON (malformed-JSON and upload tests). */
  raw?: RequestInit['body'];
  /** The peer address the server sees, as a socket would give it (sign-in throttle tests). */
  remoteAddress?: string;
}

export interface CallResult<T = any> {
  status: number;
  body: { meta: { success: boolean; code: number; message: string }; data: T };
  headers: Headers;
}

/** The app over a real, seeded libsql database (`:memory:`, or a temp file with `file`), driven with `app.request` (no sockets). */
export async function openTestApp(options: { now?: () => Date; importLimitBytes?: number; web?: Partial<WebOrigins>; file?: boolean } = {}) {
  const t: TestDatabase = await openTestDatabase(options);
  const filesDir = mkdtempSync(join(tmpdir(), 'fmea-files-'));
  const { app, services } = createApp({ database: t, now: options.now, filesDir, importLimitBytes: options.importLimitBytes, web: options.web });

  async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.token = options.token;
    if (options.lang) headers.lang = options.lang;
    let body: RequestInit['body'] = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const env = options.remoteAddress ? { incoming: { socket: { remoteAddress: options.remoteAddress } } } : undefined;
    const res = await app.request(path, { method, headers, body }, env);
    const text = await res.text();
    let parsed: CallResult<T>['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { meta: { success: res.ok, code: res.status, message: text }, data: text as T };
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** Signs in and returns the token; fails the test on anything but flag 1. */
  async function login(username: string, password = TEST_PASSWORD, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await call('POST', '/api/login', { body: { username, password, ...extra } });
    if (res.body.data?.flag !== 1) throw new Error(`login of ${username} answered ${JSON.stringify(res.body)}`);
    return res.body.data.token;
  }

  return {
    t,
    app,
    services,
    call,
    login,
    adminToken: () => login('admin'),
    dispose() {
      t.dispose();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof openTestApp>>;
