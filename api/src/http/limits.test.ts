import { afterAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../testing.ts';
import { isString, requestNodes, type JsonSchema, type OpenApiDocument, type RequestNode } from './openapi-fields.ts';

/**
 * Spec 000 §9 / 001 §5: text fields hold 200 characters (some 20). The server
 * enforces it on every route, so no client (an old one, a script) stores more:
 * every text a request carries has a maximum length in its schema, which the
 * OpenAPI document shows as maxLength, or is bounded otherwise.
 */
const api = await openTestApp();
afterAll(() => api.dispose());
const doc = (await (await api.app.request('/api/openapi.json')).json()) as OpenApiDocument;
const nodes = requestNodes(doc);

/** The spec's default for a text field. */
const TEXT_LIMIT = 200;

/**
 * Deliberate exceptions: texts longer than 200 characters, each with its own
 * limit (they still declare a maxLength). Passwords are bounded by the
 * password policy's maximum (at most 128) and need no entry.
 */
const LONGER: Record<string, { field: string; why: string }> = {
  'POST /api/notice/saveOrUpdate': { field: 'content', why: 'a notice’s rich text (HTML) holds up to 100,000 characters (NOTICE_CONTENT_MAX)' },
  // FMEA change proposals (docs/domain/closed-loop.md): what the field showed, and why a decision went so, are a paragraph (RATIONALE_LIMIT)
  'GET /api/translation/translation': { field: 'desc', why: 'the text to translate, up to 2,000 characters: a description or a rationale as long as the fields it fills' },
  'POST /api/sso/backchannelLogout': { field: 'logout_token', why: 'a signed JWT from the identity provider, whose size the product does not choose (up to 20,000 characters)' },
  'POST /api/manual/save': { field: 'text', why: 'the working manual is a help page: up to 20,000 characters (MANUAL_TEXT_MAX)' },
  'POST /api/translation/saveSettings': { field: 'endpoint', why: 'the translation service’s address, up to 500 characters (a key in its query included)' },
  'POST /api/loop/propose': { field: 'rationale', why: 'a change proposal’s rationale, up to 2,000 characters' },
  'POST /api/fmea/proposals/accept': { field: 'reason', why: 'a decision’s reason, up to 2,000 characters' },
  'POST /api/fmea/proposals/reject': { field: 'reason', why: 'a decision’s reason, up to 2,000 characters' },
  // an 8D's texts are the report's prose (docs/domain/problems-8d.md): the problem description, a step's account, an action's result (PROBLEM_NARRATIVE_LIMIT)
  'POST /api/problem/create': { field: 'description', why: 'a problem’s description, up to 4,000 characters' },
  'POST /api/problem/update': { field: 'description', why: 'a problem’s description, up to 4,000 characters' },
  'POST /api/problem/step/save': { field: 'content', why: 'a step’s account in the 8D report, up to 4,000 characters' },
  'POST /api/problem/actions': { field: 'actions.0.result', why: 'an action’s result as the report states it, up to 4,000 characters' },
  'POST /api/ewo/add': { field: 'description', why: 'an engineering change’s description is its body: up to 500 characters (EWO_DESCRIPTION_MAX)' },
  'POST /api/ewo/edit': { field: 'description', why: 'an engineering change’s description is its body: up to 500 characters (EWO_DESCRIPTION_MAX)' },
  // a DRBFM's change point is the change's body, often an EWO's description (docs/domain/drbfm.md); a review meeting's minutes a paragraph
  'POST /api/drbfm/create': { field: 'changePoint', why: 'a DRBFM’s change point: up to 500 characters (DRBFM_CHANGE_TEXT)' },
  'POST /api/drbfm/saveChange': { field: 'changePoint', why: 'a DRBFM’s change point: up to 500 characters (DRBFM_CHANGE_TEXT)' },
  'POST /api/drbfm/sendConcern': { field: 'rationale', why: 'a change proposal’s rationale, up to 2,000 characters (as /api/loop/propose)' },
  'POST /api/drbfm/saveMeeting': { field: 'minutes', why: 'a review meeting’s minutes: up to 2,000 characters (DRBFM_MINUTES_TEXT)' },
  // a DVP test's acceptance criteria and a result's note are a paragraph of the DVP&R report (DVP_LONG_TEXT_MAX, docs/domain/dvp.md)
  'POST /api/dvp/test/add': { field: 'acceptanceCriteria', why: 'a test’s acceptance criteria, up to 2,000 characters' },
  'POST /api/dvp/test/edit': { field: 'acceptanceCriteria', why: 'a test’s acceptance criteria, up to 2,000 characters' },
  'POST /api/dvp/test/result': { field: 'resultNote', why: 'a result’s note, up to 2,000 characters' },
};

/** Formats that bound a text by their own shape: dates and times; a binary is an uploaded file, bounded by the body limits. */
const BOUNDED_FORMATS = new Set(['date', 'date-time', 'time', 'binary', 'uuid']);

/** A pattern bounds the length when it is anchored at both ends and repeats nothing without an upper bound. */
const boundedPattern = (pattern: string): boolean => pattern.startsWith('^') && pattern.endsWith('$') && !/(?<!\\)[*+]|\{\d+,\}/.test(pattern);

function unbounded(schema: JsonSchema): boolean {
  if (schema.enum || schema.const !== undefined) return false;
  if (schema.maxLength !== undefined) return false;
  if (schema.format && BOUNDED_FORMATS.has(schema.format)) return false;
  if (schema.pattern && boundedPattern(schema.pattern)) return false;
  return true;
}

const label = (n: RequestNode) => `${n.operation} ${n.part} ${n.path || '(body)'}`;

describe('text limits on the request side of every route', () => {
  const strings = nodes.filter((n) => isString(n.schema));

  it('walks every route that takes text', () => {
    expect(new Set(strings.map((n) => n.operation)).size).toBeGreaterThan(100);
    expect(strings.some((n) => n.operation === 'POST /api/user/saveUser' && n.path === 'realName')).toBe(true);
    expect(strings.some((n) => n.operation === 'POST /api/project/save' && n.path === 'projectMembers.0.userId')).toBe(true);
  });

  it('gives every text a maximum length (or a format or pattern that bounds it)', () => {
    expect(strings.filter((n) => unbounded(n.schema)).map(label)).toEqual([]);
  });

  it('holds every text to 200 characters, except the documented longer ones', () => {
    const longer = strings.filter((n) => (n.schema.maxLength ?? 0) > TEXT_LIMIT && LONGER[n.operation]?.field !== n.path);
    expect(longer.map((n) => `${label(n)}: ${n.schema.maxLength}`)).toEqual([]);
    for (const [operation, { field }] of Object.entries(LONGER)) expect(strings.some((n) => n.operation === operation && n.path === field), `${operation} ${field}`).toBe(true);
  });

  it('takes values of any type only where they are ignored', () => {
    const anything = nodes.filter((n) => n.schema.type === undefined && !n.schema.anyOf && !n.schema.oneOf && !n.schema.allOf && !n.schema.enum && n.schema.const === undefined);
    const parentOf = (n: RequestNode) => nodes.find((p) => p.operation === n.operation && p.part === n.part && p.path === n.path.split('.').slice(0, -1).join('.'));
    const ignored = (n: RequestNode | undefined) => /ignored/i.test(String(n?.schema.description ?? ''));
    expect(anything.filter((n) => !ignored(n) && !ignored(parentOf(n))).map(label)).toEqual([]);
  });

  it('refuses a 201-character real name, on the administration and the personal route', async () => {
    const admin = await api.adminToken();
    const realName = 'x'.repeat(201);
    for (const [path, body] of [
      ['/api/user/saveUser', { userName: 'long.name', realName }],
      ['/api/user/updateBasicInfo', { realName }],
    ] as const) {
      const res = await api.call('POST', path, { token: admin, body, lang: 'en-US' });
      expect(res.status, path).toBe(400);
      expect(res.body.data.issues, path).toEqual([expect.objectContaining({ field: 'realName', messageKey: 'validation.too_long' })]);
    }
  });
});
