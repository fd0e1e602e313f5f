import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@fmea/core';
import { openTestApp, reader } from '../testing.ts';
import { expectEnvelope, grants, operationsOf, request, sessionRoutes, urlOf } from './support.ts';

/**
 * Server-side authorisation of every documented operation: read from the
 * OpenAPI document, so a new route is covered the day it is added.
 */
const api = await openTestApp();
const { operations } = await operationsOf(api);
afterAll(() => api.dispose());

const secured = operations.filter((op) => op.access !== 'public');
const byRoute = operations.filter((op) => typeof op.access === 'object');

let engineer: { token: string; routes: Map<string, string[]> };
beforeAll(async () => {
  // a plain engineer: one role holding only the dfmea_index route, no buttons
  const { token } = await reader(api, 'dfmea_index');
  engineer = { token, routes: await sessionRoutes(api, token) };
});

describe('the access rules in the document', () => {
  it('gives every operation an x-access of public, user or a route', () => {
    for (const op of operations) {
      const ok = op.access === 'public' || op.access === 'user' || (typeof op.access === 'object' && [op.access.route as unknown].flat().every((r) => typeof r === 'string'));
      expect(ok, `${op.label} has x-access ${JSON.stringify(op.access)}`).toBe(true);
    }
    expect(secured.length).toBeGreaterThan(10);
    expect(byRoute.length).toBeGreaterThan(5);
  });
});

describe('without a token', () => {
  it.each(secured.map((op) => [op.label, op] as const))('%s answers 401 with the envelope', async (_label, op) => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const res = await request(api, op.method, urlOf(op), { lang });
      expectEnvelope(res, 401, translate(lang, 'error.unauthenticated'));
      expect(res.json.data).toMatchObject({ code: 'unauthenticated' });
    }
  });

  it.each(secured.map((op) => [op.label, op] as const))('%s refuses a forged or expired token alike', async (_label, op) => {
    const res = await request(api, op.method, urlOf(op), { token: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', headers: { authorization: 'Bearer nope', cookie: 'fmea_session=nope' } });
    expectEnvelope(res, 401);
  });
});

describe('as a plain engineer (dfmea_index only)', () => {
  it.each(byRoute.map((op) => [op.label, op] as const))('%s answers 403 unless the engineer holds that route', async (_label, op) => {
    const res = await request(api, op.method, urlOf(op), { token: engineer.token });
    if (grants(engineer.routes, op.access)) {
      expect(res.status).not.toBe(403);
      return;
    }
    expectEnvelope(res, 403, translate('en-US', 'error.not_allowed'));
    expect(res.json.data).toMatchObject({ code: 'not_allowed' });
  });
});
