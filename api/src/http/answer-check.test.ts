import { OpenAPIHono } from '@hono/zod-openapi';
import { stream } from 'hono/streaming';
import { describe, expect, it } from 'vitest';
import { ok } from '../envelope.ts';
import type { AnswerMismatch } from './answer-check.ts';
import type { AppEnv, AppServices } from './env.ts';
import { defineRoute, z } from './route.ts';

/**
 * The tests' answer check (http/answer-check.ts): a route's successful JSON
 * answer whose data does not parse through its data schema is reported with
 * the route, the path and zod's issues, and answered as a 500; streamed and
 * file answers are left unread; without the option nothing is checked.
 */
const Row = z.strictObject({ id: z.string(), version: z.number().int() });
const rowRoute = defineRoute({ method: 'get', path: '/api/probe/row', tag: 'probe', summary: 'A row', access: 'public', data: Row });
const streamRoute = defineRoute({ method: 'get', path: '/api/probe/stream', tag: 'probe', summary: 'Streamed', access: 'public', data: Row });
const fileRoute = defineRoute({ method: 'get', path: '/api/probe/file', tag: 'probe', summary: 'A file', access: 'public', data: Row });

function probeApp(answer: unknown, checkAnswers?: (mismatch: AnswerMismatch) => void) {
  const app = new OpenAPIHono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('services', { checkAnswers } as AppServices);
    await next();
  });
  app.openapi(rowRoute, (c) => c.json(ok(answer as z.output<typeof Row>), 200));
  app.openapi(streamRoute, (c) => {
    c.set('streamed', true);
    c.header('content-type', 'application/json');
    return stream(c, async (out) => {
      await out.write(JSON.stringify(ok(answer)));
    }) as never;
  });
  app.openapi(fileRoute, (c) => c.body(JSON.stringify(ok(answer)), 200, { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="row.json"' }) as never);
  return app;
}

async function run(answer: unknown, path = '/api/probe/row?timestamp=1') {
  const seen: AnswerMismatch[] = [];
  const res = await probeApp(answer, (m) => seen.push(m)).request(path);
  return { status: res.status, body: await res.json(), seen };
}

describe('the answer check', () => {
  it('lets an answer through that parses', async () => {
    const { status, body, seen } = await run({ id: 'a', version: 1 });
    expect(seen).toEqual([]);
    expect(status).toBe(200);
    expect(body.data).toEqual({ id: 'a', version: 1 });
  });

  it.each([
    ['a missing field', { id: 'a' }, 'data.version: Invalid input: expected number, received undefined (invalid_type)'],
    ['a wrong type', { id: 'a', version: '1' }, 'data.version: Invalid input: expected number, received string (invalid_type)'],
    ['a key the strict schema does not name', { id: 'a', version: 1, projectId: 'p' }, 'data: Unrecognized key: "projectId" (unrecognized_keys)'],
  ])('reports %s with the route, the path and the issue, and answers 500', async (_case, answer, line) => {
    const { status, body, seen } = await run(answer);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ route: 'GET /api/probe/row', path: '/api/probe/row?timestamp=1' });
    expect(seen[0]!.message).toBe(`The answer of GET /api/probe/row (/api/probe/row?timestamp=1) does not match its data schema:\n  ${line}`);
    expect(status).toBe(500);
    expect(body).toMatchObject({ meta: { success: false, code: 500, message: seen[0]!.message }, data: { code: 'answer_mismatch', route: 'GET /api/probe/row' } });
  });

  it('leaves streamed and file answers unread', async () => {
    for (const path of ['/api/probe/stream', '/api/probe/file']) {
      const { status, seen } = await run({ id: 'a', leak: true }, path);
      expect([path, status, seen]).toEqual([path, 200, []]);
    }
  });

  it('checks nothing without the option (the server never pays for it)', async () => {
    const res = await probeApp({ id: 'a', leak: true }).request('/api/probe/row');
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ id: 'a', leak: true });
  });
});
