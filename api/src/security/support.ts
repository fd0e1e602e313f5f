import { expect } from 'vitest';
import type { TestApp } from '../testing.ts';

export type Access = 'public' | 'user' | { route: string; button?: string | string[] };

export interface Operation {
  method: string;
  path: string;
  access: Access;
  parameters: { name: string; in: string; required?: boolean; schema?: { type?: string | string[]; enum?: unknown[] } }[];
  bodyTypes: string[];
  label: string;
}

/** Every operation of the OpenAPI document, with its `x-access`. */
export async function operationsOf(api: TestApp): Promise<{ doc: any; operations: Operation[] }> {
  const doc = (await (await api.app.request('/api/openapi.json')).json()) as any;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        access: op['x-access'],
        parameters: op.parameters ?? [],
        bodyTypes: Object.keys(op.requestBody?.content ?? {}),
        label: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return { doc, operations };
}

function sample(parameter: Operation['parameters'][number]): string {
  const s = parameter.schema ?? {};
  if (Array.isArray(s.enum) && s.enum.length) return String(s.enum[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'integer' || type === 'number') return '1';
  if (type === 'boolean') return 'true';
  return 'x1';
}

/** The operation's URL with path parameters and required query parameters filled with harmless samples. */
export function urlOf(op: Operation, extraQuery: Record<string, string> = {}): string {
  let path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(sample(op.parameters.find((p) => p.name === name) ?? { name, in: 'path' })));
  const query = new URLSearchParams();
  for (const p of op.parameters) if (p.in === 'query' && p.required) query.set(p.name, sample(p));
  for (const [k, v] of Object.entries(extraQuery)) query.set(k, v);
  const text = query.toString();
  if (text) path += `?${text}`;
  return path;
}

/**
 * The operation's URL with real values where the caller knows them (`known`, by parameter name: every path
 * parameter and any query parameter it names), harmless samples for the other required ones.
 */
export function urlWith(op: Operation, known: Readonly<Record<string, string | undefined>>): string {
  const value = (p: Operation['parameters'][number]) => known[p.name] ?? sample(p);
  let path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(value(op.parameters.find((p) => p.name === name) ?? { name, in: 'path' })));
  const query = new URLSearchParams();
  for (const p of op.parameters) if (p.in === 'query' && (p.required || known[p.name] !== undefined)) query.set(p.name, value(p));
  const text = query.toString();
  if (text) path += `?${text}`;
  return path;
}

/** Stack frames ("at fn (file:1:2)", "at file:///…") and "Error:" must never reach a client. */
export const LEAK = /\n\s+at\s|\bat\s+(?:async\s+)?[\w$.<>[\]]+\s+\((?:file|node):|\bat\s+(?:file|node):\/*|Error:/;

export interface Raw {
  status: number;
  text: string;
  headers: Headers;
  json: any;
}

/** One request through the app, checked for leaks on the way out. */
export async function request(api: TestApp, method: string, url: string, init: { token?: string; headers?: Record<string, string>; body?: RequestInit['body']; lang?: string } = {}): Promise<Raw> {
  const headers: Record<string, string> = { lang: init.lang ?? 'en-US', ...init.headers };
  if (init.token) headers.token = init.token;
  const res = await api.app.request(url, { method, headers, body: init.body });
  const text = await res.text();
  expect(text, `${method} ${url} leaks internals`).not.toMatch(LEAK);
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, headers: res.headers, json };
}

/** The error envelope of spec 000 §7, with a translated message and no internals. */
export function expectEnvelope(res: Raw, status: number, message?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.json?.meta).toMatchObject({ success: false, code: status });
  expect(typeof res.json.meta.message).toBe('string');
  expect(res.json.meta.message.length).toBeGreaterThan(0);
  expect(res.json.meta.message).not.toMatch(/^[a-z]+(\.[a-z_]+)+$/); // a bare catalog key means a missing translation
  if (message !== undefined) expect(res.json.meta.message).toBe(message);
}

/** The routes and buttons a session holds, as /api/user/info answers them. */
export async function sessionRoutes(api: TestApp, token: string): Promise<Map<string, string[]>> {
  const info = await api.call('GET', '/api/user/info', { token });
  return new Map<string, string[]>(info.body.data.routers.map((r: { routeName: string; buttons: string[] }) => [r.routeName, r.buttons]));
}

/** Whether holders of these routes pass an access rule (mirrors http/authenticate.ts hasAccess for a non-admin). */
export function grants(routes: Map<string, string[]>, access: Access): boolean {
  if (access === 'public' || access === 'user') return true;
  // a list of routes means any of them, as the server's hasAccess reads it
  return [access.route].flat().some((route) => {
    const buttons = routes.get(route);
    if (!buttons) return false;
    if (access.button === undefined) return true;
    return (typeof access.button === 'string' ? [access.button] : access.button).some((b) => buttons.includes(b));
  });
}
