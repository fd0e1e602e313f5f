import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCatalogRecord, setRuleFlag } from '@fmea/core';
import { bomWorkbook, DOOR_BOM } from '@fmea/core/testing';
import {
  caller,
  createTeamProject,
  expectInvalid,
  expectRefused,
  invalid,
  makeTeam,
  openTestApp,
  signedInWith,
  upload,
  type Person,
  type TestApp,
} from '../../testing.ts';

let api: TestApp;
let planner: Person;
let reader: Person;
let stranger: Person;
let door: { rootId: string };

beforeEach(async () => {
  api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  planner = await signedInWith(api, 'planner', [{ routeName: 'bom_index', buttons: ['add', 'edit', 'del', 'import', 'export'] }]);
  reader = await signedInWith(api, 'bomreader', [{ routeName: 'bom_index', buttons: [] }]);
  stranger = await signedInWith(api, 'stranger', [{ routeName: 'product_list_index', buttons: ['add', 'edit', 'del', 'import', 'export'] }]);
  door = await createCatalogRecord(api.t.ctx, 'product', { serialNum: 'PA-DOOR', values: { productName: 'Door module' } });
});
afterEach(() => api.dispose());

const importFile = async (person: Person | undefined, form: FormData, lang?: string) => api.call('POST', '/api/mainData/bom/importData', { token: person?.token, raw: form, lang });
const doorForm = async (extra: Record<string, string> = {}) => upload('excelFile', 'door.xlsx', await bomWorkbook(DOOR_BOM), { productId: door.rootId, ...extra });

describe('POST /api/mainData/bom/importData', () => {
  it('imports the sheet into the product’s BOM and answers what it did', async () => {
    const res = await importFile(planner, await doorForm());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ bomId: expect.any(String), bomNum: 'PB2603010001', layout: 'level', rows: 5, imported: 5, skipped: 0, replaced: 0, errors: [], unmapped: [] });
  });

  it('refuses without a token (401) and without the import button (403), in both languages', async () => {
    expect((await importFile(undefined, await doorForm())).status).toBe(401);
    for (const person of [reader, stranger]) {
      const zh = await importFile(person, await doorForm());
      expect(zh.status).toBe(403);
      expect(zh.body.meta.message).toBe('无权限执行此操作');
      expect((await importFile(person, await doorForm(), 'en-US')).body.meta.message).toBe('You do not have permission to do this');
    }
  });

  it('refuses a product that does not exist, two files, and a wrong row, naming it', async () => {
    const missing = await importFile(planner, upload('excelFile', 'door.xlsx', await bomWorkbook(DOOR_BOM), { productId: 'PA-NONE' }), 'en-US');
    expect(missing.status).toBe(404);
    expect(missing.body.meta.message).toBe('BOM product does not exist: PA-NONE');
    const two = await doorForm();
    two.append('excelFile', new File([await bomWorkbook(DOOR_BOM) as Uint8Array<ArrayBuffer>], 'more.xlsx'));
    const twice = await importFile(planner, two);
    expect(twice.status).toBe(400);
    expect(twice.body.meta.message).toBe('只能选择一个 BOM 文件（收到 2 个）');
    const none = new FormData();
    none.append('productId', door.rootId);
    const noFile = await importFile(planner, none, 'en-US');
    expect([noFile.status, noFile.body.meta.message]).toEqual([400, 'Form validation failed\nExcel file cannot be empty']);
    const form = upload('excelFile', 'door.xlsx', await bomWorkbook([...DOOR_BOM, { level: 2, partNum: 'S-201', partName: 'Clip', quantity: 0 }]), { productId: door.rootId });
    const wrong = await importFile(planner, form, 'en-US');
    expect(wrong.status).toBe(400);
    expect(wrong.body.meta.message).toBe('The BOM has 1 problems: fix them and import again, or import the good rows only\nRow 7: Quantity “0” must be a number above 0 (at most 1000000000)');
    expect(wrong.body.data.issues).toEqual([expect.objectContaining({ row: 7, field: 'quantity', messageKey: 'bom.quantity_invalid' })]);
  });
});

describe('GET /api/mainData/bom/tree, exportData and products; POST delete', () => {
  beforeEach(async () => {
    expect((await importFile(planner, await doorForm())).status).toBe(200);
  });

  it('reads the tree with the page’s buttons, by product id or number', async () => {
    const tree = await caller(api, reader).ok('GET', '/api/mainData/bom/tree?productId=PA-DOOR');
    expect(tree.product).toEqual({ productId: door.rootId, productNum: 'PA-DOOR', productName: 'Door module', enProductName: null });
    expect(tree.bom).toMatchObject({ bomNum: 'PB2603010001', fileName: 'door.xlsx', version: 1 });
    expect(tree.parts.map((p: any) => [p.level, p.partNum])).toEqual([[1, 'D-100'], [2, 'D-110'], [3, 'D-111'], [2, 'D-120'], [1, 'S-200']]);
    expect(tree.can).toEqual({ import: false, add: false, export: false, edit: false, del: false });
    expect((await caller(api, planner).ok('GET', `/api/mainData/bom/tree?productId=${door.rootId}`)).can).toEqual({ import: true, add: true, export: true, edit: true, del: true });
  });

  it('refuses the tree without the route and without a product', async () => {
    await expectRefused(api, { method: 'GET', path: '/api/mainData/bom/tree?productId=PA-DOOR' }, stranger.token);
    await expectInvalid(api, { method: 'GET', path: '/api/mainData/bom/tree' }, planner.token, invalid('产品为必填项', 'Product is required'));
  });

  it('exports the BOM as a spreadsheet that imports back into the same tree', async () => {
    await expectRefused(api, { method: 'GET', path: '/api/mainData/bom/exportData?productId=PA-DOOR' }, reader.token);
    const res = await api.app.request('/api/mainData/bom/exportData?productId=PA-DOOR', { headers: { token: planner.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('PB2603010001-PA-DOOR.xlsx');
    const bytes = new Uint8Array(await res.arrayBuffer());
    await createCatalogRecord(api.t.ctx, 'product', { serialNum: 'PA-COPY', values: { productName: 'Copy' } });
    expect((await importFile(planner, upload('excelFile', 'copy.xlsx', bytes, { productId: 'PA-COPY' }))).status).toBe(200);
    const copy = await caller(api, reader).ok('GET', '/api/mainData/bom/tree?productId=PA-COPY');
    expect(copy.parts.map((p: any) => [p.level, p.partNum, p.partName, p.quantity, p.unit])).toEqual([
      [1, 'D-100', 'Door', 1, 'pcs'],
      [2, 'D-110', 'Frame', 1, 'pcs'],
      [3, 'D-111', 'Hinge', 2, 'pcs'],
      [2, 'D-120', 'Glass', 1, null],
      [1, 'S-200', 'Seal', 3.5, 'm'],
    ]);
  });

  it('lists products with a BOM to anyone with the BOM or a project route', async () => {
    const team = await makeTeam(api);
    expect(await caller(api, team.editor).ok('GET', '/api/mainData/bom/products?search=door')).toEqual([
      { productId: door.rootId, productNum: 'PA-DOOR', productName: 'Door module', enProductName: null, bomId: expect.any(String), bomNum: 'PB2603010001', partCount: 5 },
    ]);
    await expectRefused(api, { method: 'GET', path: '/api/mainData/bom/products' }, stranger.token);
  });

  it('deletes the BOM with the del button and the version read; a stale version is 409', async () => {
    const call = { method: 'POST' as const, path: '/api/mainData/bom/delete', body: { productId: 'PA-DOOR', version: 1 } };
    await expectRefused(api, call, reader.token);
    await expectInvalid(api, { ...call, body: { productId: 'PA-DOOR' } }, planner.token, invalid('版本为必填项', 'Version is required'));
    const stale = await caller(api, planner).post(call.path, { productId: 'PA-DOOR', version: 9 });
    expect(stale.status).toBe(409);
    expect(await caller(api, planner).ok('POST', call.path, call.body)).toMatchObject({ bomNum: 'PB2603010001', version: 2 });
    expect((await caller(api, reader).ok('GET', '/api/mainData/bom/tree?productId=PA-DOOR')).bom).toBeNull();
  });
});

describe('POST /api/project/generateFromBom', () => {
  it('builds the project’s structure from the BOM for an editing member, the head alone while bomImportHeadOnly is on', async () => {
    expect((await importFile(planner, await doorForm())).status).toBe(200);
    const team = await makeTeam(api);
    const project = await createTeamProject(api, team, 'Door DFMEA');
    const call = { method: 'POST' as const, path: '/api/project/generateFromBom', body: { projectId: project.id, productId: door.rootId } };
    await expectRefused(api, call, stranger.token);
    await expectInvalid(api, { ...call, body: { projectId: project.id } }, team.editor.token, invalid('产品为必填项', 'Product is required'));
    const readOnly = await caller(api, team.reader, 'en-US').post(call.path, call.body);
    expect([readOnly.status, readOnly.body.meta.message]).toEqual([403, 'You have read-only access to this project']);
    await setRuleFlag(api.t.ctx, 'bomImportHeadOnly', '1');
    const notHead = await caller(api, team.editor, 'en-US').post(call.path, call.body);
    expect([notHead.status, notHead.body.meta.message]).toEqual([403, 'Only the head of the FMEA team may generate the structure from a BOM']);
    expect(await caller(api, team.owner).ok('POST', call.path, call.body)).toEqual({ projectId: project.id, bomId: expect.any(String), bomNum: 'PB2603010001', created: 5, reused: 0 });
    const tree = await caller(api, team.reader).ok('GET', `/api/fmea/structureTree?projectId=${project.id}`);
    expect(tree.children.map((n: any) => [n.nodeType, n.name])).toEqual([[12, 'Door'], [9, 'Seal']]);
  });

  it('says “original BOM deleted” when the BOM picked is gone', async () => {
    const imported = await importFile(planner, await doorForm());
    const team = await makeTeam(api);
    const project = await createTeamProject(api, team);
    await caller(api, planner).ok('POST', '/api/mainData/bom/delete', { productId: 'PA-DOOR', version: 1 });
    const res = await caller(api, team.editor).post('/api/project/generateFromBom', { projectId: project.id, productId: 'PA-DOOR', bomId: imported.body.data.bomId });
    expect([res.status, res.body.meta.message]).toEqual([404, '原 BOM 已删除']);
  });
});
