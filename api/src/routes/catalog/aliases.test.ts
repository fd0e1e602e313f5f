import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDictionaryItems, buildRole, buildUser } from '@fmea/core/testing';
import { caller, callAs, expectInvalid, invalid, openTestApp, signedInWith, type Person, type TestApp } from '../../testing.ts';

/**
 * Spec 001 §7's own names for catalog calls (issue #20): the same answers as
 * the generic routes, with the same refusals.
 */
let api: TestApp;
let author: Person;
let outsider: Person;
const MODES = '/api/knowledge/invalidMode';
const FEATURES = '/api/knowledge/productFeatureCategory';
const CLASSES = '/api/knowledge/featureClassify';

beforeAll(async () => {
  api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  const buttons = ['add', 'edit', 'del'];
  author = await signedInWith(api, 'author', [
    { routeName: 'invalid_index', buttons },
    { routeName: 'product_feature_index', buttons },
    { routeName: 'feature_classify_index', buttons },
  ]);
  outsider = await signedInWith(api, 'outsider', [{ routeName: 'function_index', buttons }]);
  await addDictionaryItems(api.t.ctx, 'productType', [
    ['81', '车门', 'Door'],
    ['82', '座椅', 'Seat'],
  ]);
});
afterAll(() => api.dispose());

const as = (person: Person, lang?: string) => caller(api, person, lang);

describe('POST /api/knowledge/invalidMode/getInvalidMode and productFeatureCategory/getProductFeatureCategory', () => {
  it('answer one record by a version’s id or by its number, as the generic routes do', async () => {
    const mode = await as(author).ok('POST', `${MODES}/saveOrUpdate`, { values: { invalidmode: 'Alias seal torn', severity: 7 } });
    const generic = await as(author).ok('GET', `${MODES}/get?id=${mode.id}`);
    expect(await as(author).ok('POST', `${MODES}/getInvalidMode`, { id: mode.id })).toEqual(generic);
    expect(await as(author).ok('POST', `${MODES}/getInvalidMode`, { serialNum: mode.serialNum })).toEqual(generic);
    const feature = await as(author).ok('POST', `${FEATURES}/saveOrUpdate`, { values: { featureExplain: 'Alias bore depth' } });
    expect(await as(author).ok('POST', `${FEATURES}/getProductFeatureCategory`, { serialNum: feature.serialNum })).toEqual(await as(author).ok('GET', `${FEATURES}/get?id=${feature.id}`));
    // a record of another type is not found under this name
    const other = await api.call('POST', `${MODES}/getInvalidMode`, { token: author.token, body: { id: feature.id }, lang: 'en-US' });
    expect(other.status).toBe(404);
    expect(other.body.meta.message).toBe('The record does not exist or has been deleted');
    expect((await api.call('POST', `${FEATURES}/getProductFeatureCategory`, { token: author.token, body: { serialNum: mode.serialNum } })).status).toBe(404);
  });

  it('refuse without a session, without the type’s route, without an id or number, and a record of a product type the caller may not use', async () => {
    const mode = await as(author).ok('POST', `${MODES}/saveOrUpdate`, { values: { invalidmode: 'Alias hidden', productType: '82' } });
    expect((await callAs(api, { method: 'POST', path: `${MODES}/getInvalidMode`, body: { id: mode.id } })).status).toBe(401);
    const refused = await api.call('POST', `${MODES}/getInvalidMode`, { token: outsider.token, body: { id: mode.id }, lang: 'en-US' });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toBe('You are not authorized to operate');
    expect((await api.call('POST', `${FEATURES}/getProductFeatureCategory`, { token: outsider.token, body: { serialNum: 'PF1' } })).status).toBe(403);
    await expectInvalid(api, { method: 'POST', path: `${MODES}/getInvalidMode`, body: {} }, author.token, invalid('请提供记录的 ID 或编号', 'Give the record’s ID or its number'));
    const role = await buildRole(api.t.ctx, { label: 'doors', productTypes: ['81'], grants: [{ routeName: 'invalid_index', buttons: [] }] });
    const user = await buildUser(api.t.ctx, { label: 'doors', roles: [role.id], mustChangePassword: false });
    const doors = await api.call('POST', `${MODES}/getInvalidMode`, { token: await api.login(user.userName), body: { serialNum: mode.serialNum } });
    expect(doors.status).toBe(403);
    expect(doors.body.data.messageKey).toBe('catalog.product_type_denied');
  });
});

describe('GET /api/knowledge/featureClassify/list and selectBySerial', () => {
  it('list the classes with the filter as query parameters, as POST …/list does with a body', async () => {
    await as(author).ok('POST', `${CLASSES}/saveOrUpdate`, { values: { category: 'CC', priority: 1, customer: 'Alias cars' } });
    await as(author).ok('POST', `${CLASSES}/saveOrUpdate`, { values: { category: 'SC', priority: 2, customer: 'Alias cars' } });
    const posted = await as(author).ok('POST', `${CLASSES}/list`, { page: 1, limit: 10, search: 'SC', status: ['0'] });
    const got = await as(author).ok('GET', `${CLASSES}/list?page=1&limit=10&search=SC&status=0`);
    expect(got).toEqual(posted);
    expect(got.items.map((item: { values: { category: string } }) => item.values.category)).toEqual(['SC']);
    expect((await as(author).ok('GET', `${CLASSES}/list`)).total).toBe(2);
  });

  it('read a class by its number, as getBySerial does', async () => {
    const made = await as(author).ok('POST', `${CLASSES}/saveOrUpdate`, { values: { category: 'HI', priority: 3, customer: 'Alias trucks' } });
    const generic = await as(author).ok('GET', `${CLASSES}/getBySerial?serialNum=${made.serialNum}`);
    expect(await as(author).ok('GET', `${CLASSES}/selectBySerial?serialNum=${made.serialNum}`)).toEqual(generic);
    expect((await api.call('GET', `${CLASSES}/selectBySerial?serialNum=FC000`, { token: author.token })).status).toBe(404);
  });

  it('refuse without a session and without the type’s route', async () => {
    for (const path of [`${CLASSES}/list`, `${CLASSES}/selectBySerial?serialNum=FC1`]) {
      expect((await api.call('GET', path)).status, path).toBe(401);
      const refused = await api.call('GET', path, { token: outsider.token, lang: 'en-US' });
      expect(refused.status, path).toBe(403);
      expect(refused.body.meta.message).toBe('You are not authorized to operate');
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists the four spec names', async () => {
    const doc = (await (await api.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths[`${MODES}/getInvalidMode`]!)).toEqual(['post']);
    expect(Object.keys(doc.paths[`${FEATURES}/getProductFeatureCategory`]!)).toEqual(['post']);
    expect(Object.keys(doc.paths[`${CLASSES}/list`]!)).toEqual(['get']);
    expect(Object.keys(doc.paths[`${CLASSES}/selectBySerial`]!)).toEqual(['get']);
  });
});
