import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDictionaryItems, buildRole, buildUser } from '@fmea/core/testing';
import { caller, callAs, expectInvalid, invalid, openTestApp, signedInWith, UNAUTHENTICATED, type Person, type RouteCall, type TestApp } from '../../testing.ts';

/**
 * The probes a catalog form asks before saving (spec 001 §7
 * validateInvalidDescription, validateProductFeature, selectBySerial): the
 * generic routes on both bases and the spec's named aliases.
 */
let api: TestApp;
let author: Person;
let auditor: Person;
let outsider: Person;
const MODES = '/api/knowledge/invalidMode';

beforeAll(async () => {
  api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  const buttons = ['add', 'edit', 'del'];
  author = await signedInWith(api, 'author', [
    { routeName: 'invalid_index', buttons },
    { routeName: 'product_feature_index', buttons },
    { routeName: 'clients_list', buttons },
  ]);
  auditor = await signedInWith(api, 'auditor', [{ routeName: 'invalid_index', buttons: ['audit'] }]);
  outsider = await signedInWith(api, 'outsider', [{ routeName: 'function_index', buttons }]);
});
afterAll(() => api.dispose());

const DENIED = { zh: '您没有权限进行此操作', en: 'You are not authorized to operate' };

/** 401 without a token, 403 (the engine's refusal) for someone without the type's route. */
async function expectRefused(call: RouteCall) {
  const anonymous = await callAs(api, call);
  expect(anonymous.status).toBe(401);
  expect(anonymous.body.meta.message).toBe(UNAUTHENTICATED.zh);
  const zh = await callAs(api, call, outsider.token);
  expect(zh.status).toBe(403);
  expect(zh.body.meta.message).toBe(DENIED.zh);
  expect((await callAs(api, call, outsider.token, 'en-US')).body.meta.message).toBe(DENIED.en);
}

const save = (entity: string, values: Record<string, unknown>, base = 'knowledge') => caller(api, author).ok('POST', `/api/${base}/${entity}/saveOrUpdate`, { values });

describe('POST /api/knowledge/{entity}/validate', () => {
  it('answers valid for a free value, and the save’s refusal in the reader’s language for a held one', async () => {
    const held = await save('invalidMode', { invalidmode: 'Probe seal leaks' });
    expect(await caller(api, auditor).ok('POST', `${MODES}/validate`, { field: 'invalidmode', value: 'Probe seal torn' })).toEqual({ valid: true });
    const zh = await caller(api, auditor).ok('POST', `${MODES}/validate`, { field: 'invalidmode', value: ' probe SEAL leaks ' });
    expect(zh).toEqual({ valid: false, field: 'invalidmode', messageKey: 'catalog.duplicate', message: '失效描述“probe SEAL leaks”已存在' });
    const en = await caller(api, auditor, 'en-US').ok('POST', `${MODES}/validate`, { field: 'invalidmode', value: 'Probe seal leaks' });
    expect(en.message).toBe('Failure description “Probe seal leaks” already exists');
    // the record being edited is no clash with itself
    expect(await caller(api, auditor).ok('POST', `${MODES}/validate`, { field: 'invalidmode', value: 'Probe seal leaks', id: held.id })).toEqual({ valid: true });
  });

  it('says so while the same content is under review', async () => {
    const draft = await save('invalidMode', { invalidmode: 'Probe under review' });
    await caller(api, author).ok('POST', `${MODES}/apply`, { id: draft.id, version: draft.version });
    const answer = await caller(api, auditor, 'en-US').ok('POST', `${MODES}/validate`, { field: 'invalidmode', value: 'Probe under review' });
    expect(answer).toEqual({
      valid: false,
      field: 'invalidmode',
      messageKey: 'catalog.content_under_review',
      message: `The same content is under review as ${draft.serialNum}; a new item cannot be added until the review ends`,
    });
  });

  it('checks a combined rule with the form’s other values (customer + priority)', async () => {
    const ops = [{ routeName: 'feature_classify_index', buttons: ['add', 'edit'] }];
    const classifier = await signedInWith(api, 'classifier', ops);
    await caller(api, classifier).ok('POST', '/api/knowledge/featureClassify/saveOrUpdate', { values: { category: 'CC', priority: 1, customer: 'Probe cars' } });
    const probe = (values: Record<string, unknown>) => caller(api, classifier, 'en-US').ok('POST', '/api/knowledge/featureClassify/validate', { field: 'priority', value: 1, values });
    expect(await probe({ customer: 'probe CARS' })).toMatchObject({ valid: false, field: 'customer', message: 'The combination “probe CARS + 1” already exists' });
    expect(await probe({ customer: 'Other cars' })).toEqual({ valid: true });
  });

  it('works on the main-data base too', async () => {
    await save('customer', { customerName: 'Probe Motors' }, 'mainData');
    const answer = await caller(api, author, 'en-US').ok('POST', '/api/mainData/customer/validate', { field: 'customerName', value: 'probe motors' });
    expect(answer).toMatchObject({ valid: false, message: 'Customer name “probe motors” already exists' });
  });

  it('answers 401 without a token and 403 without the type’s route', async () => {
    await expectRefused({ method: 'POST', path: `${MODES}/validate`, body: { field: 'invalidmode', value: 'x' } });
  });

  it('answers 400 for a missing field name, an undeclared field, a wrong value and an unknown entity', async () => {
    await expectInvalid(api, { method: 'POST', path: `${MODES}/validate`, body: { value: 'x' } }, auditor.token, invalid('字段为必填项', 'Field is required'));
    const undeclared = { method: 'POST' as const, path: `${MODES}/validate`, body: { field: 'colour', value: 'red' } };
    const res = await expectInvalid(api, undeclared, auditor.token, { zh: '表单校验失败\ncolour不是此类记录的字段', en: 'Form validation failed\ncolour is not a field of this record type' });
    expect(res.body.data.issues[0]).toMatchObject({ field: 'colour', messageKey: 'catalog.field_unknown' });
    const wrong = await api.call('POST', `${MODES}/validate`, { token: auditor.token, body: { field: 'invalidmode', value: { a: 1 } }, lang: 'en-US' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.issues[0].field).toBe('value');
    const gadget = await api.call('POST', '/api/knowledge/gadget/validate', { token: auditor.token, body: { field: 'x', value: 'x' } });
    expect(gadget.status).toBe(400);
    expect(gadget.body.data.issues[0]).toMatchObject({ field: 'entity', messageKey: 'request.one_of' });
  });
});

describe('the spec’s named probes', () => {
  it('POST /api/knowledge/invalidMode/validateInvalidDescription takes {invalidmode, id?}', async () => {
    const held = await save('invalidMode', { invalidmode: 'Alias gasket cracked' });
    const path = `${MODES}/validateInvalidDescription`;
    expect(await caller(api, auditor).ok('POST', path, { invalidmode: 'Alias gasket bent' })).toEqual({ valid: true });
    expect(await caller(api, auditor, 'en-US').ok('POST', path, { invalidmode: 'alias gasket CRACKED' })).toMatchObject({ valid: false, message: 'Failure description “alias gasket CRACKED” already exists' });
    expect(await caller(api, auditor).ok('POST', path, { invalidmode: 'Alias gasket cracked', id: held.id })).toEqual({ valid: true });
    await expectRefused({ method: 'POST', path, body: { invalidmode: 'x' } });
  });

  it('POST /api/knowledge/productFeatureCategory/validateProductFeature takes {featureExplain, id?}', async () => {
    await save('productFeatureCategory', { featureExplain: 'Alias bore diameter' });
    const path = '/api/knowledge/productFeatureCategory/validateProductFeature';
    const answer = await caller(api, author).ok('POST', path, { featureExplain: 'alias bore diameter' });
    expect(answer).toEqual({ valid: false, field: 'featureExplain', messageKey: 'catalog.duplicate', message: '特性描述“alias bore diameter”已存在' });
    expect(await caller(api, author).ok('POST', path, { featureExplain: '' })).toMatchObject({ valid: false, messageKey: 'validation.required', message: '特性描述不能为空' });
    const anonymous = await callAs(api, { method: 'POST', path, body: { featureExplain: 'x' } });
    expect(anonymous.status).toBe(401);
    // the auditor holds the failure-mode page only
    expect((await callAs(api, { method: 'POST', path, body: { featureExplain: 'x' } }, auditor.token)).status).toBe(403);
  });
});

describe('GET /api/knowledge/{entity}/getBySerial', () => {
  it('reads a record by its number: the latest version', async () => {
    const row = await save('invalidMode', { invalidmode: 'By number', severity: 6 });
    const read = await caller(api, auditor).ok('GET', `${MODES}/getBySerial?serialNum=${row.serialNum}`);
    expect(read).toMatchObject({ id: row.id, entity: 'invalidMode', serialNum: row.serialNum, isLatestVersion: true, values: { invalidmode: 'By number', severity: 6 } });
  });

  it('answers 404 for an unknown number or one of another type', async () => {
    const res = await api.call('GET', `${MODES}/getBySerial?serialNum=FA9999999999`, { token: auditor.token, lang: 'en-US' });
    expect(res.status).toBe(404);
    expect(res.body.meta.message).toBe('The record does not exist or has been deleted');
    const feature = await save('productFeatureCategory', { featureExplain: 'Serial elsewhere' });
    expect((await api.call('GET', `${MODES}/getBySerial?serialNum=${feature.serialNum}`, { token: author.token })).status).toBe(404);
  });

  it('answers 401, 403 without the type’s route, 400 without a number', async () => {
    await expectRefused({ method: 'GET', path: `${MODES}/getBySerial?serialNum=FA1` });
    await expectInvalid(api, { method: 'GET', path: `${MODES}/getBySerial` }, auditor.token, invalid('编号为必填项', 'Number is required'));
  });
});

describe('records outside the caller’s product types (issue #20)', () => {
  let doorEngineer: Person;
  let seat: { id: string; serialNum: string };
  beforeAll(async () => {
    await addDictionaryItems(api.t.ctx, 'productType', [
      ['71', '车门', 'Door'],
      ['72', '座椅', 'Seat'],
    ]);
    // a role limited to doors (signedInWith's roles name no product type, which limits nothing)
    const role = await buildRole(api.t.ctx, { label: 'doors', productTypes: ['71'], grants: [{ routeName: 'invalid_index', buttons: ['add', 'edit'] }] });
    const user = await buildUser(api.t.ctx, { label: 'doors', roles: [role.id], mustChangePassword: false });
    doorEngineer = { user, role, token: await api.login(user.userName) };
    seat = await caller(api, author).ok('POST', `${MODES}/saveOrUpdate`, { values: { invalidmode: 'Hidden seat squeak', productType: '72' } });
  });

  it('leaves their entries out of the knowledge log and refuses one record’s log', async () => {
    const door = await caller(api, doorEngineer).ok('POST', `${MODES}/saveOrUpdate`, { values: { invalidmode: 'Visible door leak', productType: '71' } });
    const typeLog = await caller(api, doorEngineer).ok('GET', `${MODES}/log?limit=500`);
    expect(typeLog.items.map((entry: { recordId: string }) => entry.recordId)).toContain(door.id);
    expect(typeLog.items.map((entry: { recordId: string }) => entry.recordId)).not.toContain(seat.id);
    expect(typeLog.total).toBe(typeLog.items.length);
    const hidden = await api.call('GET', `${MODES}/log?id=${seat.id}`, { token: doorEngineer.token, lang: 'en-US' });
    expect(hidden.status).toBe(403);
    // the type by its name, never its code
    expect(hidden.body.meta.message).toBe('You are not permitted to use product type Seat');
    const inChinese = await api.call('GET', `${MODES}/log?id=${seat.id}`, { token: doorEngineer.token, lang: 'zh-CN' });
    expect(inChinese.body.meta.message).toBe('您没有使用产品类型“座椅”的权限');
    // the author, whose roles name no product type, still reads it
    expect((await caller(api, author).ok('GET', `${MODES}/log?id=${seat.id}`)).total).toBe(1);
  });

  it('answers the uniqueness probe as if the hidden record were not there; saving the text is still refused', async () => {
    const probe = (who: Person) => caller(api, who, 'en-US').ok('POST', `${MODES}/validate`, { field: 'invalidmode', value: 'hidden SEAT squeak' });
    expect(await probe(author)).toMatchObject({ valid: false, messageKey: 'catalog.duplicate' });
    expect(await probe(doorEngineer)).toEqual({ valid: true });
    expect(await caller(api, doorEngineer).ok('POST', `${MODES}/validateInvalidDescription`, { invalidmode: 'Hidden seat squeak' })).toEqual({ valid: true });
    const saved = await api.call('POST', `${MODES}/saveOrUpdate`, { token: doorEngineer.token, body: { values: { invalidmode: 'Hidden seat squeak', productType: '71' } } });
    expect(saved.status).toBe(400);
  });
});
