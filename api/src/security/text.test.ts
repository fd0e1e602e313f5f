import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@fmea/core';
import { openTestApp } from '../testing.ts';
import { expectEnvelope, operationsOf, request, urlOf, type Operation } from './support.ts';
import { freeTextProperties, isBinary, isFreeText, mainBranch, sample } from './samples.ts';

/**
 * No route stores text holding a control character or a lone surrogate:
 * every operation of the OpenAPI document gets a request that is valid
 * except for its free-text fields, which carry the character, and must
 * answer 400 naming exactly those fields. Read from the document, so a new
 * route is covered the day it is added.
 */
const api = await openTestApp();
const { doc, operations } = await operationsOf(api);
afterAll(() => api.dispose());

let admin: string;
beforeAll(async () => {
  admin = await api.adminToken();
});

const POISONS = [
  { name: 'U+0000', char: '\u0000', messageKey: 'validation.control_character' },
  { name: 'a lone surrogate', char: '\ud800', messageKey: 'validation.lone_surrogate' },
] as const;

/** What the document cannot say: fields a refinement ties to others, and coded lists checked beyond their type. */
const EXTRA_BODY: Record<string, Record<string, unknown>> = { 'POST /api/project/save': { version: 1 } };
const CODED: Record<string, string[]> = { 'GET /api/fmea/actions': ['status'], 'GET /api/fmea/proposals': ['status'] };

const bodyOf = (op: Operation, type: string) => doc.paths[op.path][op.method.toLowerCase()].requestBody?.content?.[type]?.schema;

function expectRefused(res: Awaited<ReturnType<typeof request>>, fields: string[], messageKey: string) {
  expectEnvelope(res, 400);
  const issues: { field: string; messageKey: string }[] = res.json.data.issues;
  expect(issues.map((i) => i.field).sort()).toEqual([...fields].sort());
  for (const issue of issues) expect(issue.messageKey).toBe(messageKey);
}

const jsonOps = operations
  .filter((op) => op.bodyTypes.includes('application/json'))
  .map((op) => ({ op, fields: freeTextProperties(doc, bodyOf(op, 'application/json')) }))
  .filter(({ fields }) => fields.length > 0);

describe('JSON bodies', () => {
  it('covers most routes that take a JSON body', () => {
    expect(jsonOps.length).toBeGreaterThan(50);
  });

  for (const poison of POISONS) {
    it.each(jsonOps.map(({ op, fields }) => [op.label, op, fields] as const))(`%s refuses ${poison.name} in every free-text field`, async (_label, op, fields) => {
      const body = { ...(sample(doc, bodyOf(op, 'application/json')) as object), ...EXTRA_BODY[op.label] } as Record<string, unknown>;
      for (const field of fields) body[field] = `x1${poison.char}`;
      const res = await request(api, op.method, urlOf(op), { token: admin, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expectRefused(res, fields, poison.messageKey);
    });
  }

  it('says which field and which character, in both languages', async () => {
    const en = await request(api, 'POST', '/api/notice/saveOrUpdate', { token: admin, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Shift\u0000change', content: 'x' }) });
    expect(en.json.meta.message).toBe(`${translate('en-US', 'request.invalid')}\nTitle contains a control character (U+0000) that cannot be stored; remove it`);
    const zh = await request(api, 'POST', '/api/notice/saveOrUpdate', { token: admin, lang: 'zh-CN', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: '\ud800', content: 'x' }) });
    expect(zh.json.meta.message).toBe(`${translate('zh-CN', 'request.invalid')}\n标题含有无法保存的无效字符（U+D800，不成对的代理码元），请删除`);
  });

  it('finds the character in nested objects and arrays too', async () => {
    const res = await request(api, 'POST', '/api/role/savePermissions', {
      token: admin,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'x1', permissions: [{ routeName: 'dfmea_index', buttons: ['ok', 'bad\u0007'] }] }),
    });
    expectRefused(res, ['permissions.0.buttons.1'], 'validation.control_character');
  });

  it('keeps tabs, line breaks, emoji and markup-like text', async () => {
    const title = 'Line one\nline two\r\n\tindented 😀 <b>not markup</b>';
    const saved = await request(api, 'POST', '/api/notice/saveOrUpdate', { token: admin, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Kept', content: title }) });
    expect(saved.status).toBe(200);
    expect(saved.json.data.content).toBe(title);
  });
});

const queryOps = operations
  .map((op) => ({ op, names: op.parameters.filter((p) => (p.in === 'query' || p.in === 'path') && isFreeText(doc, p.schema) && !CODED[op.label]?.includes(p.name)).map((p) => p.name) }))
  .filter(({ names }) => names.length > 0);

describe('query strings and paths', () => {
  it('covers the routes with free-text parameters', () => {
    expect(queryOps.length).toBeGreaterThan(20);
  });

  it.each(queryOps.map(({ op, names }) => [op.label, op, names] as const))('%s refuses U+0000 in every free-text parameter', async (_label, op, names) => {
    const poisoned = { ...op, parameters: op.parameters.map((p) => (names.includes(p.name) ? { ...p, required: true, schema: { enum: ['x1\u0000'] } } : p)) };
    const body = op.bodyTypes.includes('application/json') ? JSON.stringify(sample(doc, bodyOf(op, 'application/json'))) : undefined;
    const res = await request(api, op.method, urlOf(poisoned), { token: admin, headers: body ? { 'content-type': 'application/json' } : {}, body });
    expectRefused(res, names, 'validation.control_character');
  });
});

const formOps = operations
  .filter((op) => op.bodyTypes.includes('multipart/form-data'))
  .map((op) => {
    const schema = mainBranch(doc, bodyOf(op, 'multipart/form-data'));
    const properties = Object.entries<any>(schema.properties ?? {});
    return { op, schema, text: properties.filter(([, s]) => isFreeText(doc, s)).map(([n]) => n), files: properties.filter(([, s]) => isBinary(doc, s)).map(([n]) => n) };
  });

describe('multipart forms', () => {
  it('covers every upload and import route', () => {
    expect(formOps.length).toBeGreaterThanOrEqual(10);
    expect(formOps.every(({ files }) => files.length > 0)).toBe(true);
  });

  it.each(formOps.map((entry) => [entry.op.label, entry] as const))('%s refuses U+0000 in its text fields and in file names', async (_label, { op, schema, text, files }) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(sample(doc, schema) as Record<string, unknown>)) if (!files.includes(name)) form.set(name, String(value));
    for (const name of text) form.set(name, 'x1\u0000');
    for (const name of files) form.set(name, new File(['x'], 'sheet\u0000.xlsx'));
    const res = await request(api, op.method, urlOf(op), { token: admin, body: form });
    expectRefused(res, [...text, ...files], 'validation.control_character');
  });
});
