import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, callAs, describeCall, expectInvalid, invalid, openTestApp, signedInWith, UNAUTHENTICATED, type Person, type RouteCall, type TestApp } from '../../testing.ts';

/**
 * The catalog routes over HTTP (spec 001 §7): one family per base, the type
 * in the path. The route-level access is "signed in"; the engine decides the
 * rest (the type's route and buttons, creator rules, product types).
 */
let api: TestApp;
let author: Person;
let auditor: Person;
let approver: Person;
let outsider: Person;
const BASE = '/api/knowledge/invalidMode';

beforeAll(async () => {
  api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  author = await signedInWith(api, 'author', [{ routeName: 'invalid_index', buttons: ['add', 'edit', 'del'] }]);
  auditor = await signedInWith(api, 'auditor', [{ routeName: 'invalid_index', buttons: ['audit'] }]);
  // a real name unlike the login, so the answers show which of the two they carry
  approver = await signedInWith(api, 'approver', [{ routeName: 'invalid_index', buttons: ['approve'] }], { realName: '孙丽' });
  outsider = await signedInWith(api, 'outsider', [{ routeName: 'function_index', buttons: ['add', 'edit', 'del'] }]);
});
afterAll(() => api.dispose());

/** The engine's refusal (permission.denied), in both languages. */
const DENIED = { zh: '您没有权限进行此操作', en: 'You are not authorized to operate' };

/** 401 without a token; 403 with the token of someone the engine refuses, in both languages. */
async function expectRefused(call: RouteCall, token?: string) {
  const anonymous = await callAs(api, call);
  expect(anonymous.status, `${describeCall(call)} without a token`).toBe(401);
  expect(anonymous.body.meta.message).toBe(UNAUTHENTICATED.zh);
  if (token === undefined) return;
  const zh = await callAs(api, call, token);
  expect(zh.status, `${describeCall(call)} refused`).toBe(403);
  expect(zh.body.meta.message).toBe(DENIED.zh);
  expect((await callAs(api, call, token, 'en-US')).body.meta.message).toBe(DENIED.en);
}

/** The engine's validation headline followed by one line per field. */
const failed = (zh: string, en: string) => ({ zh: `表单校验失败\n${zh}`, en: `Form validation failed\n${en}` });

const create = (person: Person, invalidmode: string, values: Record<string, unknown> = {}) =>
  caller(api, person).ok('POST', `${BASE}/saveOrUpdate`, { values: { invalidmode, ...values } });

describe('POST /api/knowledge/{entity}/saveOrUpdate', () => {
  it('creates a record in editing, numbered by the rule, in the spec’s names', async () => {
    const row = await create(author, 'Seal leaks', { enInvalidMode: 'Seal leaks', severity: 8 });
    expect(row).toMatchObject({
      entity: 'invalidMode',
      serialNum: expect.stringMatching(/^FA260301\d{4}$/),
      status: '0',
      versionNo: 1,
      isLatestVersion: true,
      quoteCount: 0,
      version: 1,
      marker: 'mycompiled',
      createRealName: author.user.realName,
      createTime: '2026-03-01T08:00:00.000Z',
      can: { edit: true, del: true, apply: true, audit: false, approve: false, reject: false, withdraw: false },
    });
    expect(row.values).toMatchObject({ invalidmode: 'Seal leaks', enInvalidMode: 'Seal leaks', severity: 8, occurrence: null });
  });

  it('changes a draft in place with id and version', async () => {
    const row = await create(author, 'Seal torn');
    const changed = await caller(api, author).ok('POST', `${BASE}/saveOrUpdate`, { id: row.id, version: row.version, values: { severity: 5 }, serialNum: 'ignored' });
    expect(changed).toMatchObject({ id: row.id, serialNum: row.serialNum, version: 2, values: { invalidmode: 'Seal torn', severity: 5 } });
  });

  it('answers 401 without a token and 403 without the add button', async () => {
    await expectRefused({ method: 'POST', path: `${BASE}/saveOrUpdate`, body: { values: { invalidmode: 'x' } } }, outsider.token);
  });

  it('answers 400 naming the field by the type’s header, and for a missing version on a change', async () => {
    const call = { method: 'POST' as const, path: `${BASE}/saveOrUpdate`, body: { values: { invalidmode: 'Gasket', severity: 11 } } };
    await expectInvalid(api, call, author.token, failed('严重度不能大于 10', 'Severity must be at most 10'));
    const row = await create(author, 'Gasket');
    const change = { method: 'POST' as const, path: `${BASE}/saveOrUpdate`, body: { id: row.id, values: {} } };
    const res = await expectInvalid(api, change, author.token, invalid('版本不能为空', 'Version cannot be empty'));
    expect(res.body.data.issues[0].field).toBe('version');
  });

  it('refuses an unknown entity with 400 naming the ones there are', async () => {
    const res = await api.call('POST', '/api/knowledge/gadget/saveOrUpdate', { token: author.token, body: { values: {} }, lang: 'en-US' });
    expect(res.status).toBe(400);
    expect(res.body.data.issues[0]).toMatchObject({ field: 'entity', messageKey: 'request.one_of' });
    expect(res.body.data.issues[0].message).toContain('occMeasure');
    // products are master data: not on the knowledge base
    expect((await api.call('POST', '/api/knowledge/product/list', { token: author.token, body: {} })).status).toBe(400);
  });
});

describe('POST /api/knowledge/{entity}/list, GET get and versions', () => {
  it('lists page 1 of 10 by default, with markers and row actions', async () => {
    await create(author, 'Listed one');
    const page = await caller(api, author).ok('POST', `${BASE}/list`, { search: 'Listed' });
    expect(page).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(page.items[0]).toMatchObject({ values: { invalidmode: 'Listed one' }, marker: 'mycompiled', can: { edit: true } });
    const seen = await caller(api, auditor).ok('POST', `${BASE}/list`, { search: 'Listed', creator: 'others' });
    expect(seen.items[0]).toMatchObject({ marker: 'myreadable', can: { edit: false, audit: false } });
  });

  it('answers 401, 403 without the type’s route, 400 for a bad filter', async () => {
    await expectRefused({ method: 'POST', path: `${BASE}/list`, body: {} }, outsider.token);
    const call = { method: 'POST' as const, path: `${BASE}/list`, body: { status: ['9'] } };
    const res = await expectInvalid(api, call, author.token, invalid('状态（第 1 项）只能是以下之一：0, 1, 2, 3, 4', 'Status (entry 1) must be one of: 0, 1, 2, 3, 4'));
    expect(res.body.data.issues[0].field).toBe('status.0');
  });

  it('reads one version and its versions; another type’s record is not found through this path', async () => {
    const row = await create(author, 'Read me');
    expect(await caller(api, auditor).ok('GET', `${BASE}/get?id=${row.id}`)).toMatchObject({ id: row.id, values: { invalidmode: 'Read me' } });
    expect((await caller(api, auditor).ok('GET', `${BASE}/versions?id=${row.id}`)).items.map((v: { versionNo: number }) => v.versionNo)).toEqual([1]);
    const other = await api.call('GET', `/api/knowledge/function/get?id=${row.id}`, { token: author.token, lang: 'en-US' });
    expect(other.status).toBe(404);
    await expectRefused({ method: 'GET', path: `${BASE}/get?id=${row.id}` }, outsider.token);
    const missing = await api.call('GET', `${BASE}/get`, { token: author.token, lang: 'en-US' });
    expect(missing.status).toBe(400);
    expect(missing.body.data.issues[0].field).toBe('id');
  });
});

describe('POST /api/knowledge/{entity}/delete', () => {
  it('deletes a draft with its version; 403 for someone without del, 400 without a version', async () => {
    const row = await create(author, 'Delete me');
    await expectRefused({ method: 'POST', path: `${BASE}/delete`, body: { id: row.id, version: row.version } }, auditor.token);
    await expectInvalid(api, { method: 'POST', path: `${BASE}/delete`, body: { id: row.id } }, author.token, invalid('版本为必填项', 'Version is required'));
    expect(await caller(api, author).ok('POST', `${BASE}/delete`, { id: row.id, version: row.version })).toEqual({ deleted: 1 });
    expect((await api.call('GET', `${BASE}/get?id=${row.id}`, { token: author.token })).status).toBe(404);
  });
});

describe('the review flow over HTTP', () => {
  it('author applies, auditor audits with an opinion, approver releases; editing the release starts a new version released in turn', async () => {
    const as = (p: Person) => caller(api, p);
    let row = await create(author, 'Flow record');
    row = await as(author).ok('POST', `${BASE}/apply`, { id: row.id, version: row.version, opinion: 'please' });
    expect(row).toMatchObject({ status: '1', applyPerson: author.user.realName, applyRemark: 'please', can: { withdraw: true } });

    // the audit needs an opinion (400), the audit button (403)
    await expectInvalid(api, { method: 'POST', path: `${BASE}/audit`, body: { id: row.id, version: row.version } }, auditor.token, failed('请填写审批意见', 'Please enter a review opinion'));
    const denied = await api.call('POST', `${BASE}/audit`, { token: approver.token, body: { id: row.id, version: row.version, opinion: 'ok' } });
    expect(denied.status).toBe(403);
    expect(denied.body.meta.message).toBe(DENIED.zh);
    row = await as(auditor).ok('POST', `${BASE}/audit`, { id: row.id, version: row.version, opinion: 'looks right' });
    expect(row).toMatchObject({ status: '3', auditPerson: auditor.user.realName, auditRemark: 'looks right' });

    row = await as(approver).ok('POST', `${BASE}/approve`, { id: row.id, version: row.version });
    expect(row).toMatchObject({ status: '2', isLatestVersion: true, approvePerson: approver.user.realName });

    const next = await as(author).ok('POST', `${BASE}/saveOrUpdate`, { id: row.id, version: row.version, values: { severity: 7 } });
    expect(next).toMatchObject({ status: '0', versionNo: 2, isLatestVersion: false, serialNum: row.serialNum });
    expect(next.id).not.toBe(row.id);
    let draft = await as(author).ok('POST', `${BASE}/apply`, { id: next.id, version: next.version });
    draft = await as(auditor).ok('POST', `${BASE}/audit`, { id: draft.id, version: draft.version, opinion: 'fine' });
    draft = await as(approver).ok('POST', `${BASE}/approve`, { id: draft.id, version: draft.version, opinion: 'released' });
    expect(draft).toMatchObject({ status: '2', versionNo: 2, isLatestVersion: true, values: { severity: 7 } });
    const versions = await as(author).ok('GET', `${BASE}/versions?id=${row.id}`);
    expect(versions.items.map((v: { versionNo: number; isLatestVersion: boolean }) => [v.versionNo, v.isLatestVersion])).toEqual([
      [1, false],
      [2, true],
    ]);

    const log = await as(author).ok('GET', `${BASE}/log?id=${row.id}&limit=20`);
    expect(log.items.map((r: { action: string }) => r.action).reverse()).toEqual(['create', 'apply', 'audit', 'approve', 'new_version', 'apply', 'audit', 'approve']);
    const en = await api.call('GET', `${BASE}/log?id=${row.id}&limit=1`, { token: author.token, lang: 'en-US' });
    expect(en.body.data.items[0]).toMatchObject({ action: 'approve', actionName: 'Approved and released', remark: 'released', userName: approver.user.userName, userRealName: '孙丽' });
  });

  it('rejects with a required opinion and lets the applicant withdraw', async () => {
    const as = (p: Person) => caller(api, p);
    let row = await create(author, 'Reject me');
    row = await as(author).ok('POST', `${BASE}/apply`, { id: row.id, version: row.version });
    await expectInvalid(api, { method: 'POST', path: `${BASE}/reject`, body: { id: row.id, version: row.version, opinion: ' ' } }, auditor.token, failed('请填写审批意见', 'Please enter a review opinion'));
    row = await as(auditor).ok('POST', `${BASE}/reject`, { id: row.id, version: row.version, opinion: 'unclear' });
    expect(row).toMatchObject({ status: '4', auditRemark: 'unclear' });
    row = await as(author).ok('POST', `${BASE}/saveOrUpdate`, { id: row.id, version: row.version, values: { invalidmode: 'Reject me, clearer' } });
    row = await as(author).ok('POST', `${BASE}/apply`, { id: row.id, version: row.version });
    expect((await api.call('POST', `${BASE}/withdraw`, { token: auditor.token, body: { id: row.id, version: row.version } })).status).toBe(403);
    expect(await as(author).ok('POST', `${BASE}/withdraw`, { id: row.id, version: row.version })).toMatchObject({ status: '0' });
    await expectRefused({ method: 'POST', path: `${BASE}/apply`, body: { id: row.id, version: row.version + 1 } }, outsider.token);
  });
});

describe('POST /api/knowledge/{entity}/search', () => {
  it('suggests released records only, from and pageSize as the spec’s autocomplete sends them', async () => {
    const as = caller(api, author);
    for (const text of ['Crack in housing A', 'Crack in housing B']) {
      let row = await create(author, text);
      row = await as.ok('POST', `${BASE}/apply`, { id: row.id, version: row.version });
      row = await caller(api, auditor).ok('POST', `${BASE}/audit`, { id: row.id, version: row.version, opinion: 'ok' });
      await caller(api, approver).ok('POST', `${BASE}/approve`, { id: row.id, version: row.version });
    }
    await create(author, 'Crack in housing draft');
    const first = await caller(api, outsider).ok('POST', `${BASE}/search`, { searchName: 'crack in housing', pageSize: 1 });
    expect(first.items.map((s: { text: string }) => s.text)).toEqual(['Crack in housing A']);
    const next = await caller(api, outsider).ok('POST', `${BASE}/search`, { searchName: 'crack in housing', from: 1 });
    expect(next.items.map((s: { text: string }) => s.text)).toEqual(['Crack in housing B']);
    await expectRefused({ method: 'POST', path: `${BASE}/search`, body: {} });
    await expectInvalid(api, { method: 'POST', path: `${BASE}/search`, body: { pageSize: 51 } }, author.token, invalid('每页条数不能大于 50', 'Rows per page can be at most 50'));
  });
});

describe('the main-data base', () => {
  it('serves products under /api/mainData/product, with the typed number required', async () => {
    const owner = await signedInWith(api, 'productOwner', [{ routeName: 'product_list_index', buttons: ['add', 'edit', 'del'] }]);
    const call = { method: 'POST' as const, path: '/api/mainData/product/saveOrUpdate', body: { values: { productName: 'Door module' } } };
    const res = await expectInvalid(api, call, owner.token, failed('产品编号不能为空', 'Product number cannot be empty'));
    expect(res.body.data.issues[0].field).toBe('productNum');
    const row = await caller(api, owner).ok('POST', '/api/mainData/product/saveOrUpdate', { serialNum: 'P-100', values: { productName: 'Door module' } });
    expect(row).toMatchObject({ entity: 'product', serialNum: 'P-100' });
    expect((await api.call('POST', '/api/mainData/invalidMode/list', { token: owner.token, body: {} })).status).toBe(400);
  });
});

describe('every operation on a record', () => {
  const OPS = [
    ['GET', 'get'],
    ['GET', 'versions'],
    ['GET', 'log'],
    ['POST', 'delete'],
    ['POST', 'apply'],
    ['POST', 'audit'],
    ['POST', 'approve'],
    ['POST', 'reject'],
    ['POST', 'withdraw'],
  ] as const;
  const callOf = (method: 'GET' | 'POST', op: string, body: Record<string, unknown>): RouteCall =>
    method === 'GET' ? { method, path: `${BASE}/${op}?${new URLSearchParams(body as Record<string, string>)}` } : { method, path: `${BASE}/${op}`, body };

  it.each(OPS)('%s %s: 401 without a token, 403 for someone without the type’s route, 400 without an id', async (method, op) => {
    const row = await create(author, `Matrix ${op}`);
    await expectRefused(callOf(method, op, { id: row.id, version: row.version, opinion: 'ok' }), outsider.token);
    const missing = await callAs(api, callOf(method, op, { version: row.version }), author.token, 'en-US');
    if (op === 'log') {
      // without an id the log is the type's
      expect(missing.status).toBe(200);
      return;
    }
    expect(missing.status).toBe(400);
    expect(missing.body.data.issues.map((i: { field: string }) => i.field)).toEqual(['id']);
  });

  it('answers 404 for an unknown id and for a record of another type reached through this path', async () => {
    const fn = await signedInWith(api, 'fnAuthor', [{ routeName: 'function_index', buttons: ['add'] }]);
    const other = await caller(api, fn).ok('POST', '/api/knowledge/function/saveOrUpdate', { values: { functionDesc: 'Seal the door' } });
    for (const id of ['no-such-id', other.id]) {
      const res = await api.call('POST', `${BASE}/apply`, { token: author.token, body: { id, version: 1 }, lang: 'en-US' });
      expect(res.status, id).toBe(404);
      expect(res.body.data.messageKey).toBe('catalog.record_not_found');
    }
  });
});
