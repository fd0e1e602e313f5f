import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bomPart, operationLog } from '../../db/schema/index.ts';
import { translateError } from '../../i18n/index.ts';
import type { DomainError } from '../../errors.ts';
import { bomWorkbook, DOOR_BOM, openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { catalogPerson } from '../../testing/catalog.ts';
import { createCatalogRecord } from '../catalog/records.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import type { ServiceContext } from '../shared/context.ts';
import { addBomPart, deleteBom, deleteBomPart, getBomTree, importBom, moveBomPart, updateBomPart, type BomPartRow } from './index.ts';

let t: TestDatabase;
/** add, edit, del, import on the BOM route. */
let planner: ServiceContext;
/** The same buttons: another planner. */
let colleague: ServiceContext;
/** add alone. */
let adder: ServiceContext;
/** The BOM route without buttons. */
let reader: ServiceContext;

beforeEach(async () => {
  t = await openTestDatabase({ now: () => new Date('2026-03-01T08:00:00Z') });
  const buttons = ['add', 'edit', 'del', 'import', 'export'];
  planner = await catalogPerson(t, 'planner', { routes: ['bom_index'], buttons, productTypes: [] });
  colleague = await catalogPerson(t, 'colleague', { routes: ['bom_index'], buttons, productTypes: [] });
  adder = await catalogPerson(t, 'adder', { routes: ['bom_index'], buttons: ['add'], productTypes: [] });
  reader = await catalogPerson(t, 'reader', { routes: ['bom_index'], productTypes: [] });
  await createCatalogRecord(t.ctx, 'product', { serialNum: 'PA-DOOR', values: { productName: 'Door module' } });
});
afterEach(() => t.dispose());

const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have been refused'), (e: DomainError) => e);
const importDoor = async () => importBom(planner, 'PA-DOOR', await bomWorkbook(DOOR_BOM));
const parts = async () => (await getBomTree(reader, 'PA-DOOR')).parts;
const byNum = async (partNum: string) => (await parts()).find((p) => p.partNum === partNum) as BomPartRow;
const tree = async () => (await parts()).map((p) => [p.level, p.partNum, p.partName, p.quantity, p.unit]);
const bomVersion = async () => (await getBomTree(reader, 'PA-DOOR')).bom!.version;
const HINGE = { partNum: 'D-112', partName: 'Hinge pin', enPartName: 'Hinge pin', quantity: 4, unit: 'pcs' };

describe('adding a part', () => {
  it('puts it under its parent after the siblings, one level down, and moves the BOM’s version on', async () => {
    await importDoor();
    const frame = await byNum('D-110');
    const added = await addBomPart(planner, 'PA-DOOR', { ...HINGE, partNum: ' D-112 ', unit: '', parentId: frame.id });
    expect(added).toMatchObject({ parentId: frame.id, partNum: 'D-112', unit: null, level: 3, sort: 2, version: 1 });
    expect(await tree()).toEqual([
      [1, 'D-100', 'Door', 1, 'pcs'],
      [2, 'D-110', 'Frame', 1, 'pcs'],
      [3, 'D-111', 'Hinge', 2, 'pcs'],
      [3, 'D-112', 'Hinge pin', 4, null],
      [2, 'D-120', 'Glass', 1, null],
      [1, 'S-200', 'Seal', 3.5, 'm'],
    ]);
    expect(await bomVersion()).toBe(2);
    expect(await t.db.select({ entityId: operationLog.entityId }).from(operationLog).where(eq(operationLog.action, 'bom.part.create')).orderBy(operationLog.at, sql`rowid`)).toEqual([{ entityId: added.id }]);
  });

  it('starts the product’s BOM with its first part, the adder its creator', async () => {
    await addBomPart(adder, 'PA-DOOR', { ...HINGE, parentId: null });
    const view = await getBomTree(adder, 'PA-DOOR');
    expect(view.bom).toMatchObject({ bomNum: 'PB2603010001', fileName: null, version: 1, creatorName: expect.stringContaining('adder') });
    expect(view.parts.map((p) => [p.level, p.partNum])).toEqual([[1, 'D-112']]);
    // a BOM in place: adding to it changes it, which the edit button governs
    expect(view.can).toMatchObject({ add: false, edit: false });
    expect(await refusal(addBomPart(adder, 'PA-DOOR', { ...HINGE, partNum: 'D-113', parentId: null }))).toMatchObject({ code: 'not_allowed' });
  });

  it('refuses a sub-part that already exists under the same parent, in either case, naming the field', async () => {
    await importDoor();
    const frame = await byNum('D-110');
    const error = await refusal(addBomPart(planner, 'PA-DOOR', { ...HINGE, partNum: 'd-111', parentId: frame.id }));
    expect(error).toMatchObject({ code: 'invalid_input', issues: [expect.objectContaining({ field: 'partNum', messageKey: 'bom.sub_part_exists' })] });
    expect(translateError('en-US', error)).toBe('Form validation failed\nSub-part already exists: part number “d-111” is already under the same parent');
    expect(translateError('zh-CN', error).split('\n')[1]).toContain('子件已存在：同一父件下已有零件编号“d-111”');
    // the same number under another parent is another part
    expect(await addBomPart(planner, 'PA-DOOR', { ...HINGE, partNum: 'D-111', parentId: null })).toMatchObject({ level: 1, sort: 3 });
  });

  it('refuses values the sheet would refuse, each under its field', async () => {
    await importDoor();
    const error = await refusal(addBomPart(planner, 'PA-DOOR', { partNum: 'A\nB', partName: ' ', quantity: 0, unit: 'u'.repeat(21), parentId: null }));
    expect(error.issues!.map((i) => [i.field, i.messageKey])).toEqual([
      ['partName', 'validation.required'],
      ['unit', 'validation.too_long'],
      ['partNum', 'bom.one_line'],
      ['quantity', 'bom.quantity_invalid'],
    ]);
    expect(translateError('en-US', error).split('\n').at(-1)).toBe('Quantity “0” must be a number above 0 (at most 1000000000)');
  });

  it('refuses a parent that is not a part of this BOM', async () => {
    await importDoor();
    const error = await refusal(addBomPart(planner, 'PA-DOOR', { ...HINGE, parentId: 'no-such-part' }));
    expect(error).toMatchObject({ code: 'not_found', messageKey: 'bom.part_not_found' });
    expect(translateError('en-US', error)).toBe('The part is no longer in this BOM: refresh and try again');
  });
});

describe('editing a part', () => {
  it('changes its values with the version read; a stale version names the part', async () => {
    await importDoor();
    const glass = await byNum('D-120');
    const saved = await updateBomPart(planner, glass.id, { partNum: 'D-121', partName: 'Glass pane', enPartName: 'Glass pane', quantity: 2, unit: 'pcs', version: 1 });
    expect(saved).toMatchObject({ partNum: 'D-121', partName: 'Glass pane', enPartName: 'Glass pane', quantity: 2, unit: 'pcs', version: 2, level: 2, parentId: glass.parentId });
    const stale = await refusal(updateBomPart(planner, glass.id, { partNum: 'D-120', partName: 'Glass', quantity: 1, version: 1 }));
    expect(stale).toMatchObject({ code: 'conflict', messageKey: 'bom.part_stale' });
    expect(translateError('en-US', stale)).toBe('Part “D-121” was changed by someone else: refresh and try again');
    expect(await bomVersion()).toBe(2);
  });

  it('lets a part keep its number but not take a sibling’s', async () => {
    await importDoor();
    const glass = await byNum('D-120');
    expect(await updateBomPart(planner, glass.id, { partNum: 'd-120', partName: 'Glass', quantity: 1, version: 1 })).toMatchObject({ partNum: 'd-120' });
    const error = await refusal(updateBomPart(planner, glass.id, { partNum: 'D-110', partName: 'Glass', quantity: 1, version: 2 }));
    expect(error.issues).toEqual([expect.objectContaining({ field: 'partNum', messageKey: 'bom.sub_part_exists' })]);
  });

  it('needs the edit button, and another’s BOM follows the master-data creator rule', async () => {
    await importDoor();
    const glass = await byNum('D-120');
    const change = { partNum: 'D-120', partName: 'Pane', quantity: 1, version: 1 };
    expect(await refusal(updateBomPart(reader, glass.id, change))).toMatchObject({ code: 'not_allowed', messageKey: 'permission.denied' });
    await setRuleFlag(t.ctx, 'zsjcjzRule', '1');
    expect(await refusal(updateBomPart(colleague, glass.id, change))).toMatchObject({ messageKey: 'permission.edit_not_creator' });
    expect(await refusal(addBomPart(colleague, 'PA-DOOR', { ...HINGE, parentId: null }))).toMatchObject({ messageKey: 'permission.edit_not_creator' });
    expect(await refusal(deleteBomPart(colleague, glass.id, { version: 1 }))).toMatchObject({ messageKey: 'permission.del_not_creator' });
    expect(await updateBomPart(planner, glass.id, change)).toMatchObject({ partName: 'Pane' });
  });

  it('says the part is gone once its BOM was deleted', async () => {
    await importDoor();
    const glass = await byNum('D-120');
    await deleteBom(planner, 'PA-DOOR', { version: 1 });
    expect(await refusal(updateBomPart(planner, glass.id, { partNum: 'D-120', partName: 'Glass', quantity: 1, version: 1 }))).toMatchObject({ code: 'not_found', messageKey: 'bom.part_not_found' });
  });
});

describe('moving a part', () => {
  it('takes its sub-parts along, their levels following, to the end of the new parent’s parts', async () => {
    await importDoor();
    const [frame, seal] = [await byNum('D-110'), await byNum('S-200')];
    expect(await moveBomPart(planner, frame.id, { parentId: seal.id, version: 1 })).toMatchObject({ parentId: seal.id, level: 2, sort: 1, version: 2 });
    expect((await tree()).map(([level, num]) => [level, num])).toEqual([
      [1, 'D-100'],
      [2, 'D-120'],
      [1, 'S-200'],
      [2, 'D-110'],
      [3, 'D-111'],
    ]);
    const hinge = await byNum('D-111');
    await moveBomPart(planner, hinge.id, { parentId: null, version: 1 });
    expect((await tree()).at(-1)).toEqual([1, 'D-111', 'Hinge', 2, 'pcs']);
  });

  it('refuses a move under itself or its own sub-part, and onto a sibling of the same number', async () => {
    await importDoor();
    const [door, frame, hinge] = [await byNum('D-100'), await byNum('D-110'), await byNum('D-111')];
    for (const parentId of [door.id, hinge.id]) {
      const error = await refusal(moveBomPart(planner, door.id, { parentId, version: 1 }));
      expect(error.issues).toEqual([expect.objectContaining({ field: 'parentId', messageKey: 'bom.move_into_own' })]);
    }
    expect(translateError('en-US', await refusal(moveBomPart(planner, frame.id, { parentId: hinge.id, version: 1 })))).toBe(
      'Form validation failed\nPart “D-110” cannot go under itself or one of its own sub-parts',
    );
    await addBomPart(planner, 'PA-DOOR', { ...HINGE, partNum: 'D-111', parentId: null });
    const twin = await refusal(moveBomPart(planner, hinge.id, { parentId: null, version: 1 }));
    expect(twin.issues).toEqual([expect.objectContaining({ field: 'partNum', messageKey: 'bom.sub_part_exists' })]);
  });
});

describe('deleting a part', () => {
  it('takes the parts below it and answers how many went', async () => {
    await importDoor();
    const door = await byNum('D-100');
    expect(await refusal(deleteBomPart(planner, door.id, { version: 3 }))).toMatchObject({ code: 'conflict', messageKey: 'bom.part_stale' });
    expect(await refusal(deleteBomPart(reader, door.id, { version: 1 }))).toMatchObject({ code: 'not_allowed' });
    expect(await deleteBomPart(planner, door.id, { version: 1 })).toEqual({ removed: 4 });
    expect(await tree()).toEqual([[1, 'S-200', 'Seal', 3.5, 'm']]);
    expect(await t.db.select({ id: bomPart.id }).from(bomPart)).toHaveLength(1);
    const log = await t.db.select().from(operationLog).where(eq(operationLog.action, 'bom.part.delete')).orderBy(operationLog.at, sql`rowid`);
    expect(log.map((l) => l.entityId)).toEqual([door.id]);
    // the BOM read before is stale now
    expect(await refusal(deleteBom(planner, 'PA-DOOR', { version: 1 }))).toMatchObject({ messageKey: 'bom.stale_version' });
  });
});
