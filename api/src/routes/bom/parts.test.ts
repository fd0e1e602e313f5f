import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCatalogRecord, importBom, setRuleFlag } from '@fmea/core';
import { bomWorkbook, DOOR_BOM } from '@fmea/core/testing';
import { caller, expectInvalid, expectRefused, invalid, openTestApp, signedInWith, type Person, type TestApp } from '../../testing.ts';

let api: TestApp;
let planner: Person;
let colleague: Person;
let reader: Person;
/** Parts of the door's BOM by number, as the tree answers them. */
let part: Record<string, { id: string; version: number; parentId: string | null }>;

beforeEach(async () => {
  api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  const buttons = ['add', 'edit', 'del', 'import', 'export'];
  planner = await signedInWith(api, 'planner', [{ routeName: 'bom_index', buttons }]);
  colleague = await signedInWith(api, 'colleague', [{ routeName: 'bom_index', buttons }]);
  reader = await signedInWith(api, 'bomreader', [{ routeName: 'bom_index', buttons: [] }]);
  await createCatalogRecord(api.t.ctx, 'product', { serialNum: 'PA-DOOR', values: { productName: 'Door module' } });
  const t = api.t.as({ userId: planner.user.id, userName: planner.user.userName });
  await importBom(t, 'PA-DOOR', await bomWorkbook(DOOR_BOM));
  part = await parts();
});
afterEach(() => api.dispose());

async function parts() {
  const tree = await caller(api, reader).ok('GET', '/api/mainData/bom/tree?productId=PA-DOOR');
  return Object.fromEntries(tree.parts.map((p: any) => [p.partNum, p]));
}

const PIN = { partNum: 'D-112', partName: '铰链销', enPartName: 'Hinge pin', quantity: 4, unit: 'pcs' };

describe('POST /api/mainData/bom/addPart', () => {
  it('adds a part under its parent and answers it', async () => {
    const added = await caller(api, planner).ok('POST', '/api/mainData/bom/addPart', { productId: 'PA-DOOR', parentId: part['D-110']!.id, ...PIN });
    expect(added).toEqual({ id: expect.any(String), parentId: part['D-110']!.id, ...PIN, level: 3, sort: 2, version: 1 });
    expect(Object.keys(await parts())).toContain('D-112');
  });

  it('refuses without a token (401), without the add button (403), and an empty part number or quantity (400)', async () => {
    const call = { method: 'POST' as const, path: '/api/mainData/bom/addPart', body: { productId: 'PA-DOOR', parentId: null, ...PIN } };
    await expectRefused(api, call, reader.token);
    await expectInvalid(api, { ...call, body: { productId: 'PA-DOOR', parentId: null, partName: 'Pin', quantity: 1 } }, planner.token, invalid('零件编号为必填项', 'Part number is required'));
    const blank = await caller(api, planner, 'en-US').post(call.path, { ...call.body, partNum: ' ', quantity: -1 });
    expect(blank.status).toBe(400);
    expect(blank.body.meta.message).toBe('Form validation failed\nPart number cannot be empty\nQuantity “-1” must be a number above 0 (at most 1000000000)');
    expect(blank.body.data.issues.map((i: any) => i.field)).toEqual(['partNum', 'quantity']);
  });

  it('refuses a sub-part that already exists under the same parent, in both languages', async () => {
    const call = { productId: 'PA-DOOR', parentId: part['D-110']!.id, ...PIN, partNum: 'D-111' };
    const zh = await caller(api, planner).post('/api/mainData/bom/addPart', call);
    expect([zh.status, zh.body.meta.message]).toEqual([400, '表单校验失败\n子件已存在：同一父件下已有零件编号“D-111”']);
    const en = await caller(api, planner, 'en-US').post('/api/mainData/bom/addPart', call);
    expect(en.body.meta.message).toBe('Form validation failed\nSub-part already exists: part number “D-111” is already under the same parent');
  });
});

describe('POST /api/mainData/bom/updatePart', () => {
  it('changes the part with the version read; a stale version is 409', async () => {
    const glass = part['D-120']!;
    const call = { method: 'POST' as const, path: '/api/mainData/bom/updatePart', body: { id: glass.id, version: 1, partNum: 'D-121', partName: 'Pane', enPartName: null, quantity: 2, unit: null } };
    await expectRefused(api, call, reader.token);
    await expectInvalid(api, { ...call, body: { ...call.body, version: undefined } }, planner.token, invalid('版本为必填项', 'Version is required'));
    expect(await caller(api, planner).ok('POST', call.path, call.body)).toMatchObject({ partNum: 'D-121', partName: 'Pane', quantity: 2, version: 2 });
    const stale = await caller(api, planner, 'en-US').post(call.path, call.body);
    expect([stale.status, stale.body.meta.message]).toEqual([409, 'Part “D-121” was changed by someone else: refresh and try again']);
  });

  it('keeps another’s BOM to its creator while the master-data creator rule is on', async () => {
    await setRuleFlag(api.t.ctx, 'zsjcjzRule', '1');
    const res = await caller(api, colleague).post('/api/mainData/bom/updatePart', { id: part['D-120']!.id, version: 1, partNum: 'D-120', partName: 'Pane', quantity: 1 });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/mainData/bom/movePart', () => {
  it('moves a part with its sub-parts; never under its own sub-part', async () => {
    const call = { method: 'POST' as const, path: '/api/mainData/bom/movePart', body: { id: part['D-110']!.id, parentId: part['S-200']!.id, version: 1 } };
    await expectRefused(api, call, reader.token);
    const into = await caller(api, planner, 'en-US').post(call.path, { ...call.body, parentId: part['D-111']!.id });
    expect([into.status, into.body.meta.message]).toEqual([400, 'Form validation failed\nPart “D-110” cannot go under itself or one of its own sub-parts']);
    expect(await caller(api, planner).ok('POST', call.path, call.body)).toMatchObject({ parentId: part['S-200']!.id, level: 2 });
    const tree = await caller(api, reader).ok('GET', '/api/mainData/bom/tree?productId=PA-DOOR');
    expect(tree.parts.map((p: any) => [p.level, p.partNum])).toEqual([[1, 'D-100'], [2, 'D-120'], [1, 'S-200'], [2, 'D-110'], [3, 'D-111']]);
  });
});

describe('POST /api/mainData/bom/deletePart', () => {
  it('deletes a part with the parts below it and says how many went', async () => {
    const call = { method: 'POST' as const, path: '/api/mainData/bom/deletePart', body: { id: part['D-110']!.id, version: 1 } };
    await expectRefused(api, call, reader.token);
    await expectInvalid(api, { ...call, body: { version: 1 } }, planner.token, invalid('ID为必填项', 'ID is required'));
    expect(await caller(api, planner).ok('POST', call.path, call.body)).toEqual({ removed: 2 });
    const gone = await caller(api, planner, 'en-US').post(call.path, call.body);
    expect([gone.status, gone.body.meta.message]).toEqual([404, 'The part is no longer in this BOM: refresh and try again']);
    expect(Object.keys(await parts())).toEqual(['D-100', 'D-120', 'S-200']);
  });
});
