import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bom, bomPart, operationLog } from '../../db/schema/index.ts';
import { translateError } from '../../i18n/index.ts';
import type { DomainError } from '../../errors.ts';
import { bomWorkbook, DOOR_BOM, openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { catalogPerson } from '../../testing/catalog.ts';
import { createCatalogRecord, deleteCatalogRecord } from '../catalog/records.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import type { ServiceContext } from '../shared/context.ts';
import { deleteBom, exportBom, getBomTree, importBom, listBomProducts } from './index.ts';

let t: TestDatabase;
/** import, export, edit, del on the BOM route. */
let planner: ServiceContext;
/** The same buttons: another planner. */
let colleague: ServiceContext;
/** The BOM route without buttons: reads. */
let reader: ServiceContext;
/** No BOM route at all. */
let stranger: ServiceContext;

beforeEach(async () => {
  t = await openTestDatabase({ now: () => new Date('2026-03-01T08:00:00Z') });
  const buttons = ['add', 'edit', 'del', 'import', 'export'];
  planner = await catalogPerson(t, 'planner', { routes: ['bom_index'], buttons, productTypes: [] });
  colleague = await catalogPerson(t, 'colleague', { routes: ['bom_index'], buttons, productTypes: [] });
  reader = await catalogPerson(t, 'reader', { routes: ['bom_index'], productTypes: [] });
  stranger = await catalogPerson(t, 'stranger', { routes: ['product_list_index'], buttons, productTypes: [] });
});
afterEach(() => t.dispose());

const product = (serialNum: string, productName: string) => createCatalogRecord(t.ctx, 'product', { serialNum, values: { productName } });
const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have been refused'), (e: DomainError) => e);
const tree = async (ctx: ServiceContext, key: string) => (await getBomTree(ctx, key)).parts.map((p) => [p.level, p.partNum, p.partName, p.quantity, p.unit]);

const DOOR_TREE = [
  [1, 'D-100', 'Door', 1, 'pcs'],
  [2, 'D-110', 'Frame', 1, 'pcs'],
  [3, 'D-111', 'Hinge', 2, 'pcs'],
  [2, 'D-120', 'Glass', 1, null],
  [1, 'S-200', 'Seal', 3.5, 'm'],
];

describe('importing a BOM', () => {
  it('reads the sheet into the product’s tree under a new PB number, by product id or number', async () => {
    const door = await product('PA-DOOR', 'Door module');
    const result = await importBom(planner, door.rootId, await bomWorkbook(DOOR_BOM), { fileName: 'door.xlsx' });
    expect(result).toMatchObject({ bomNum: 'PB2603010001', layout: 'level', rows: 5, imported: 5, skipped: 0, replaced: 0, errors: [], unmapped: [] });
    expect(await tree(reader, 'PA-DOOR')).toEqual(DOOR_TREE);
    const view = await getBomTree(reader, door.rootId);
    expect(view.bom).toMatchObject({ bomNum: 'PB2603010001', fileName: 'door.xlsx', version: 1 });
    expect(view.product).toMatchObject({ id: door.rootId, productNum: 'PA-DOOR', productName: 'Door module' });
    const [frame, hinge] = [view.parts[1]!, view.parts[2]!];
    expect([frame.parentId, hinge.parentId]).toEqual([view.parts[0]!.id, frame.id]);
    expect(view.can).toEqual({ import: false, add: false, export: false, edit: false, del: false });
    expect((await getBomTree(planner, door.rootId)).can).toEqual({ import: true, add: true, export: true, edit: true, del: true });
    const log = await t.db.select().from(operationLog).where(eq(operationLog.action, 'bom.sheet.import')).orderBy(operationLog.at, sql`rowid`);
    expect(log).toHaveLength(1);
  });

  it('reads English headers and the parent-number layout alike', async () => {
    await product('PA-DOOR', 'Door module');
    const rows = DOOR_BOM.map((r, i) => ({ ...r, level: undefined, parentPartNum: ['', 'D-100', 'D-110', 'D-100', ''][i] }));
    const result = await importBom(planner, 'PA-DOOR', await bomWorkbook(rows, { locale: 'en-US', columns: ['parentPartNum', 'partNum', 'partName', 'enPartName', 'quantity', 'unit'] }));
    expect(result.layout).toBe('parent');
    expect(await tree(reader, 'PA-DOOR')).toEqual(DOOR_TREE);
  });

  it('refuses a product that does not exist or was deleted: “BOM product does not exist”', async () => {
    const error = await refusal(importBom(planner, 'PA-NONE', await bomWorkbook(DOOR_BOM)));
    expect(error).toMatchObject({ code: 'not_found', messageKey: 'bom.product_missing' });
    expect(translateError('en-US', error)).toBe('BOM product does not exist: PA-NONE');
    expect(translateError('zh-CN', error)).toBe('BOM 产品不存在：PA-NONE');
    const gone = await product('PA-GONE', 'Gone');
    await deleteCatalogRecord(t.ctx, gone.id, { version: gone.version });
    expect(await refusal(importBom(planner, gone.rootId, await bomWorkbook(DOOR_BOM)))).toMatchObject({ messageKey: 'bom.product_missing' });
    expect(await t.db.select().from(bom)).toEqual([]);
  });

  it('writes nothing while a row is wrong, naming each; the good rows alone when asked', async () => {
    await product('PA-DOOR', 'Door module');
    const rows = [...DOOR_BOM, { level: 2, partNum: 'S-201', partName: 'Clip', quantity: 'many' }, { level: 2, partNum: 'S-201', partName: 'Clip', quantity: 1 }];
    const error = await refusal(importBom(planner, 'PA-DOOR', await bomWorkbook(rows)));
    expect(error).toMatchObject({ code: 'invalid_input', messageKey: 'bom.import_invalid', params: { count: 1 } });
    expect(error.issues).toEqual([expect.objectContaining({ row: 7, field: 'quantity', messageKey: 'bom.quantity_invalid' })]);
    expect(translateError('en-US', error)).toBe(
      'The BOM has 1 problems: fix them and import again, or import the good rows only\nRow 7: Quantity “many” must be a number above 0 (at most 1000000000)',
    );
    expect(await t.db.select().from(bomPart)).toEqual([]);
    const partial = await importBom(planner, 'PA-DOOR', await bomWorkbook(rows), { goodRowsOnly: true });
    expect(partial).toMatchObject({ rows: 7, imported: 6, errors: [expect.objectContaining({ row: 7 })] });
    expect((await tree(reader, 'PA-DOOR')).at(-1)).toEqual([2, 'S-201', 'Clip', 1, null]);
  });

  it('refuses a sub-part that already exists under the same parent', async () => {
    await product('PA-DOOR', 'Door module');
    const error = await refusal(importBom(planner, 'PA-DOOR', await bomWorkbook([...DOOR_BOM.slice(0, 3), { level: 3, partNum: 'd-111', partName: 'Hinge', quantity: 1 }])));
    expect(error.issues).toEqual([expect.objectContaining({ row: 5, field: 'partNum', messageKey: 'bom.sub_part_exists' })]);
    expect(translateError('zh-CN', error).split('\n')[1]).toBe('第 5 行：子件已存在：同一父件下已有零件编号“d-111”');
  });

  it('refuses columns no field takes unless accepted, then reports them', async () => {
    await product('PA-DOOR', 'Door module');
    const file = await bomWorkbook(DOOR_BOM, { extra: { Supplier: 'ACME' } });
    expect(await refusal(importBom(planner, 'PA-DOOR', file))).toMatchObject({ messageKey: 'import.columns_unmapped', issues: [expect.objectContaining({ params: expect.objectContaining({ header: 'Supplier' }) })] });
    expect((await importBom(planner, 'PA-DOOR', file, { acceptUnmapped: true })).unmapped).toHaveLength(1);
  });

  it('refuses a file over 3 MB and a file that is no spreadsheet', async () => {
    await product('PA-DOOR', 'Door module');
    const big = new Uint8Array(3 * 1024 * 1024 + 1);
    expect(await refusal(importBom(planner, 'PA-DOOR', big, { fileName: 'big.xlsx' }))).toMatchObject({ messageKey: 'file.too_large', params: { limit: '3M' } });
    expect(await refusal(importBom(planner, 'PA-DOOR', new Uint8Array(10), { fileName: 'bom.csv' }))).toMatchObject({ messageKey: 'file.unsupported_type' });
  });

  it('adds only what the BOM lacks (dedupe), or replaces it (cover)', async () => {
    await product('PA-DOOR', 'Door module');
    await importBom(planner, 'PA-DOOR', await bomWorkbook(DOOR_BOM.slice(0, 2)));
    const added = await importBom(planner, 'PA-DOOR', await bomWorkbook(DOOR_BOM));
    expect(added).toMatchObject({ bomNum: 'PB2603010001', imported: 3, skipped: 2 });
    expect(await tree(reader, 'PA-DOOR')).toEqual(DOOR_TREE);
    const covered = await importBom(planner, 'PA-DOOR', await bomWorkbook([{ level: 1, partNum: 'X-1', partName: 'Panel', quantity: 1 }]), { mode: 'cover' });
    expect(covered).toMatchObject({ bomNum: 'PB2603010001', imported: 1, replaced: 5 });
    expect(await tree(reader, 'PA-DOOR')).toEqual([[1, 'X-1', 'Panel', 1, null]]);
    expect((await getBomTree(reader, 'PA-DOOR')).bom!.version).toBe(3);
  });

  it('exports a tree that imports back as the same tree, in either language', async () => {
    await product('PA-DOOR', 'Door module');
    await product('PA-COPY', 'Door copy');
    await importBom(planner, 'PA-DOOR', await bomWorkbook(DOOR_BOM));
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const sheet = await exportBom(planner, 'PA-DOOR', locale);
      expect(sheet).toMatchObject({ fileName: 'PB2603010001-PA-DOOR.xlsx', count: 5 });
      await importBom(planner, 'PA-COPY', sheet.data, { mode: 'cover' });
      expect(await tree(reader, 'PA-COPY')).toEqual(DOOR_TREE);
    }
  });
});

describe('who may do what with a BOM', () => {
  it('needs the BOM route to read and its buttons to import, export and delete', async () => {
    await product('PA-DOOR', 'Door module');
    await importBom(planner, 'PA-DOOR', await bomWorkbook(DOOR_BOM));
    expect(await refusal(getBomTree(stranger, 'PA-DOOR'))).toMatchObject({ code: 'not_allowed', messageKey: 'permission.denied' });
    expect(await refusal(importBom(reader, 'PA-DOOR', await bomWorkbook(DOOR_BOM)))).toMatchObject({ code: 'not_allowed' });
    expect(await refusal(exportBom(reader, 'PA-DOOR'))).toMatchObject({ code: 'not_allowed' });
    expect(await refusal(deleteBom(reader, 'PA-DOOR', { version: 1 }))).toMatchObject({ code: 'not_allowed' });
  });

  it('keeps another planner’s BOM to its creator while the master-data creator rule is on', async () => {
    await product('PA-DOOR', 'Door module');
    await importBom(planner, 'PA-DOOR', await bomWorkbook(DOOR_BOM));
    await setRuleFlag(t.ctx, 'zsjcjzRule', '1');
    expect(await refusal(importBom(colleague, 'PA-DOOR', await bomWorkbook(DOOR_BOM), { mode: 'cover' }))).toMatchObject({ messageKey: 'permission.edit_not_creator' });
    expect(await refusal(deleteBom(colleague, 'PA-DOOR', { version: 1 }))).toMatchObject({ messageKey: 'permission.del_not_creator' });
    expect((await getBomTree(colleague, 'PA-DOOR')).can).toMatchObject({ edit: false, del: false, import: false, add: false, export: true });
    await setRuleFlag(t.ctx, 'zsjcjzRule', '0');
    // rule off: only audit holders or the creator edit another's record (no audit here)
    expect(await refusal(deleteBom(colleague, 'PA-DOOR', { version: 1 }))).toMatchObject({ code: 'not_allowed' });
    expect(await deleteBom(planner, 'PA-DOOR', { version: 1 })).toMatchObject({ version: 2 });
  });
});

describe('deleting a BOM', () => {
  it('deletes the parts and keeps the BOM as deleted; a stale version is refused', async () => {
    await product('PA-DOOR', 'Door module');
    await importBom(planner, 'PA-DOOR', await bomWorkbook(DOOR_BOM));
    expect(await refusal(deleteBom(planner, 'PA-DOOR', { version: 7 }))).toMatchObject({ code: 'conflict', messageKey: 'bom.stale_version' });
    await deleteBom(planner, 'PA-DOOR', { version: 1 });
    expect(await getBomTree(reader, 'PA-DOOR')).toMatchObject({ bom: null, parts: [] });
    expect(await t.db.select().from(bomPart)).toEqual([]);
    expect(await t.db.select({ delFlg: bom.delFlg }).from(bom)).toEqual([{ delFlg: 1 }]);
    expect(translateError('en-US', await refusal(exportBom(planner, 'PA-DOOR')))).toBe('The original BOM has been deleted');
    // a new import starts a new BOM with the next number
    expect((await importBom(planner, 'PA-DOOR', await bomWorkbook(DOOR_BOM))).bomNum).toBe('PB2603010002');
  });

  it('lists the products that have a BOM, by number or name', async () => {
    await product('PA-DOOR', 'Door module');
    await product('PA-SEAT', 'Seat');
    await importBom(planner, 'PA-DOOR', await bomWorkbook(DOOR_BOM));
    expect(await listBomProducts(stranger)).toEqual([expect.objectContaining({ productNum: 'PA-DOOR', productName: 'Door module', bomNum: 'PB2603010001', partCount: 5 })]);
    expect(await listBomProducts(stranger, { search: 'module' })).toHaveLength(1);
    expect(await listBomProducts(stranger, { search: 'seat' })).toEqual([]);
  });
});

describe('choosing the file', () => {
  it('takes exactly one BOM file', async () => {
    const { assertOneBomFile } = await import('./sheet.ts');
    expect(() => assertOneBomFile(1)).not.toThrow();
    const error = (() => {
      try {
        assertOneBomFile(2);
      } catch (e) {
        return e as DomainError;
      }
    })()!;
    expect(error).toMatchObject({ messageKey: 'bom.one_file_only' });
    expect(translateError('en-US', error)).toBe('Only one BOM file can be selected (got 2)');
  });
});
