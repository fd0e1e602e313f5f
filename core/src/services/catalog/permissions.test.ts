import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { catalogRecord, role, rolePermission, userRole } from '../../db/schema/index.ts';
import { insertUser } from '../../testing/index.ts';
import { applyCatalogRecord } from './flow.ts';
import { listCatalogLog } from './log.ts';
import { probeCatalogValue } from './probes.ts';
import { createCatalogRecord, deleteCatalogRecord, getCatalogRecord, listCatalogRecords, updateCatalogRecord } from './records.ts';
import { exportCatalogRecords } from './sheet.ts';
import { DOOR, SEAT, catalogPerson, openCatalogWorld, setFlag, type CatalogWorld } from '../../testing/catalog.ts';

let w: CatalogWorld;
beforeEach(async () => {
  w = await openCatalogWorld();
});
afterEach(() => w.t.dispose());

const failureMode = (text = 'Seal leaks', extra: Record<string, unknown> = {}) => ({ values: { invalidmode: text, ...extra } });
const denied = { code: 'not_allowed', messageKey: 'permission.denied' };

describe('the route and its buttons', () => {
  it('lets nobody read a type whose route they do not hold, but administrators and the system', async () => {
    const record = await createCatalogRecord(w.author, 'invalidMode', failureMode());
    const stranger = await catalogPerson(w.t, 'stranger', { buttons: ['add', 'edit'], routes: ['function_index'] });
    await expect(listCatalogRecords(stranger, 'invalidMode')).rejects.toMatchObject(denied);
    await expect(getCatalogRecord(stranger, record.id)).rejects.toMatchObject(denied);
    await expect(createCatalogRecord(stranger, 'invalidMode', failureMode('Other'))).rejects.toMatchObject(denied);
    await expect(listCatalogLog(stranger, { type: 'invalidMode' })).rejects.toMatchObject(denied);
    expect((await listCatalogLog(stranger)).total).toBe(0);
    expect((await listCatalogRecords(w.reader, 'invalidMode')).total).toBe(1);
    expect((await listCatalogRecords(w.admin, 'invalidMode')).total).toBe(1);
    expect((await listCatalogRecords(w.t.ctx, 'invalidMode')).total).toBe(1);
  });

  it('needs the button of each operation', async () => {
    await expect(createCatalogRecord(w.reader, 'invalidMode', failureMode())).rejects.toMatchObject({ ...denied, params: { action: 'add' } });
    await expect(exportCatalogRecords(w.colleague, 'invalidMode')).rejects.toMatchObject({ ...denied, params: { action: 'export' } });
    const record = await createCatalogRecord(w.author, 'invalidMode', failureMode());
    const noEdit = await catalogPerson(w.t, 'no-edit', { buttons: ['add', 'del', 'audit'] });
    await expect(updateCatalogRecord(noEdit, record.id, { version: 1, values: { severity: 2 } })).rejects.toMatchObject({ ...denied, params: { action: 'edit' } });
    await expect(applyCatalogRecord(noEdit, record.id, { version: 1 })).rejects.toMatchObject({ ...denied, params: { action: 'edit' } });
  });

  it('reads the route’s buttons from the caller’s roles when the session brought no grants', async () => {
    const [reviewers] = await w.t.db.insert(role).values({ name: 'catalog-reviewers', productTypes: [DOOR] }).returning();
    await w.t.db.insert(rolePermission).values({ roleId: reviewers!.id, routeName: 'invalid_index', buttons: ['add', 'edit'] });
    const { id, userName } = await insertUser(w.t.db, { label: 'no-session', roleIds: [reviewers!.id] });
    const person = w.t.as({ userId: id, userName });
    const record = await createCatalogRecord(person, 'invalidMode', failureMode('From roles', { productType: DOOR }));
    expect(record.creatorId).toBe(id);
    await expect(deleteCatalogRecord(person, record.id, { version: 1 })).rejects.toMatchObject({ ...denied, params: { action: 'del' } });
    await expect(createCatalogRecord(person, 'function', { values: { functionDesc: 'x' } })).rejects.toMatchObject(denied);
    await w.t.db.insert(userRole).values({ userId: id, roleId: (await w.t.db.insert(role).values({ name: 'catalog-hinge', productTypes: ['hinge'] }).returning())[0]!.id });
    await expect(createCatalogRecord(person, 'invalidMode', failureMode('Seat', { productType: SEAT }))).rejects.toMatchObject({ messageKey: 'catalog.product_type_denied' });
  });
});

describe('creator rules (spec 000/001 §6)', () => {
  it('rule off: the creator edits and deletes; others only with the audit button', async () => {
    const record = await createCatalogRecord(w.author, 'invalidMode', failureMode());
    await expect(updateCatalogRecord(w.colleague, record.id, { version: 1, values: { severity: 3 } })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.edit_not_creator' });
    await expect(deleteCatalogRecord(w.colleague, record.id, { version: 1 })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.del_not_creator' });
    const chief = await catalogPerson(w.t, 'chief', { buttons: ['edit', 'del', 'audit'] });
    const changed = await updateCatalogRecord(chief, record.id, { version: 1, values: { severity: 3 } });
    expect(changed.can).toMatchObject({ edit: true, del: true });
    expect((await getCatalogRecord(w.colleague, record.id)).can).toMatchObject({ edit: false, del: false });
    await expect(deleteCatalogRecord(chief, record.id, { version: changed.version })).resolves.toEqual({ deleted: 1 });
  });

  it('knowledge rule on: only the creator edits and deletes, the audit button does not help; administrators still may', async () => {
    await setFlag(w, 'zskcjzRule', '1');
    const record = await createCatalogRecord(w.author, 'invalidMode', failureMode());
    const chief = await catalogPerson(w.t, 'chief', { buttons: ['edit', 'del', 'audit'] });
    await expect(updateCatalogRecord(chief, record.id, { version: 1, values: { severity: 3 } })).rejects.toMatchObject({ messageKey: 'permission.edit_not_creator' });
    await expect(deleteCatalogRecord(chief, record.id, { version: 1 })).rejects.toMatchObject({ messageKey: 'permission.del_not_creator' });
    await expect(applyCatalogRecord(chief, record.id, { version: 1 })).rejects.toMatchObject({ messageKey: 'permission.edit_not_creator' });
    const mine = await updateCatalogRecord(w.author, record.id, { version: 1, values: { severity: 3 } });
    const theirs = await updateCatalogRecord(w.admin, record.id, { version: mine.version, values: { severity: 4 } });
    expect(theirs.values.severity).toBe(4);
  });

  it('matches the creator by user name too (legacy rows without an id)', async () => {
    await setFlag(w, 'zskcjzRule', '1');
    const record = await createCatalogRecord(w.author, 'invalidMode', failureMode());
    await w.t.db.update(catalogRecord).set({ creatorId: null }).where(eq(catalogRecord.id, record.id));
    const view = await getCatalogRecord(w.author, record.id);
    expect(view).toMatchObject({ marker: 'mycompiled', can: { edit: true } });
    await expect(updateCatalogRecord(w.author, record.id, { version: 1, values: { severity: 5 } })).resolves.toBeTruthy();
  });

  it('products follow the master-data rule, not the knowledge rule', async () => {
    const product = await createCatalogRecord(w.author, 'product', { values: { productName: 'Door' }, serialNum: 'P-1' });
    const chief = await catalogPerson(w.t, 'chief', { buttons: ['edit', 'del', 'audit'] });
    await setFlag(w, 'zskcjzRule', '1');
    const changed = await updateCatalogRecord(chief, product.id, { version: 1, values: { productName: 'Front door' } });
    await setFlag(w, 'zsjcjzRule', '1');
    await expect(updateCatalogRecord(chief, product.id, { version: changed.version, values: { productName: 'Rear door' } })).rejects.toMatchObject({ messageKey: 'permission.edit_not_creator' });
    await setFlag(w, 'zskcjzRule', '0');
    await expect(updateCatalogRecord(chief, product.id, { version: changed.version, values: { productName: 'Rear door' } })).rejects.toMatchObject({ messageKey: 'permission.edit_not_creator' });
  });
});

describe('product types (spec 001 §6)', () => {
  it('refuses a product type outside the caller’s list, on creating and changing', async () => {
    await expect(createCatalogRecord(w.author, 'invalidMode', failureMode('Seat squeak', { productType: SEAT }))).rejects.toMatchObject({
      code: 'not_allowed',
      messageKey: 'catalog.product_type_denied',
      // named, never by its code
      params: { productType: '座椅', productTypeEn: 'Seat' },
    });
    const record = await createCatalogRecord(w.author, 'invalidMode', failureMode('Door leak', { productType: DOOR }));
    await expect(updateCatalogRecord(w.author, record.id, { version: 1, values: { productType: SEAT } })).rejects.toMatchObject({ messageKey: 'catalog.product_type_denied' });
    await expect(createCatalogRecord(w.admin, 'invalidMode', failureMode('Seat squeak', { productType: SEAT }))).resolves.toBeTruthy();
  });

  it('keeps records of other product types from those who may not use them', async () => {
    const seat = await createCatalogRecord(w.admin, 'invalidMode', failureMode('Seat squeak', { productType: SEAT }));
    await expect(getCatalogRecord(w.author, seat.id)).rejects.toMatchObject({ messageKey: 'catalog.product_type_denied' });
    const chief = await catalogPerson(w.t, 'chief', { buttons: ['edit', 'del', 'audit'] });
    await expect(updateCatalogRecord(chief, seat.id, { version: 1, values: { severity: 2 } })).rejects.toMatchObject({ messageKey: 'catalog.product_type_denied' });
    await expect(deleteCatalogRecord(chief, seat.id, { version: 1 })).rejects.toMatchObject({ messageKey: 'catalog.product_type_denied' });
  });

  it('keeps their knowledge log from those who may not use them, like the list', async () => {
    const seat = await createCatalogRecord(w.admin, 'invalidMode', failureMode('Seat squeak', { productType: SEAT }));
    const door = await createCatalogRecord(w.author, 'invalidMode', failureMode('Door leak', { productType: DOOR }));
    const untyped = await createCatalogRecord(w.author, 'invalidMode', failureMode('Rattle'));
    const seen = async (who: typeof w.author, query = {}) => (await listCatalogLog(who, { type: 'invalidMode', ...query })).items.map((entry) => entry.recordId).sort();
    expect(await seen(w.admin)).toEqual([seat.id, door.id, untyped.id].sort());
    expect(await seen(w.reader)).toEqual([door.id, untyped.id].sort());
    expect((await listCatalogLog(w.reader, { type: 'invalidMode' })).total).toBe(2);
    // the log of every type the caller reads, too
    expect((await listCatalogLog(w.reader)).items.map((entry) => entry.recordId)).not.toContain(seat.id);
    // one record's log: refused as reading the record is
    await expect(listCatalogLog(w.reader, { type: 'invalidMode', recordId: seat.id })).rejects.toMatchObject({ messageKey: 'catalog.product_type_denied' });
    expect(await seen(w.reader, { recordId: door.id })).toEqual([door.id]);
    // a caller whose roles name no product type sees them all
    const everyType = await catalogPerson(w.t, 'everyType', { productTypes: [] });
    expect(await seen(everyType)).toHaveLength(3);
  });

  it('answers the uniqueness probe without revealing a record the caller may not see, and the save still refuses the text', async () => {
    await createCatalogRecord(w.admin, 'invalidMode', failureMode('Seat squeak', { productType: SEAT }));
    const probe = (who: typeof w.author, value: string) => probeCatalogValue(who, 'invalidMode', { field: 'invalidmode', value });
    expect(await probe(w.admin, 'seat squeak ')).toMatchObject({ valid: false, issue: { messageKey: 'catalog.duplicate' } });
    expect(await probe(w.author, 'seat squeak ')).toEqual({ valid: true });
    await expect(createCatalogRecord(w.author, 'invalidMode', failureMode('Seat squeak', { productType: DOOR }))).rejects.toMatchObject({ code: 'invalid_input' });
    // a record the caller sees still counts
    await createCatalogRecord(w.author, 'invalidMode', failureMode('Door leak', { productType: DOOR }));
    expect(await probe(w.reader, 'DOOR LEAK')).toMatchObject({ valid: false, issue: { messageKey: 'catalog.duplicate' } });
  });
});
