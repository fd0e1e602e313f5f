import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pdf } from '@fmea/core/testing';
import { caller, expectRefused, upload, type TestApp, ewoApp, openEwo, type EwoWorld } from '../../testing.ts';

let api: TestApp;
let s: EwoWorld;

beforeEach(async () => ({ api, s } = await ewoApp()));
afterEach(() => api.dispose());

describe('POST /api/ewo/items/add, /api/ewo/items/remove and GET /api/ewo/candidates, /api/ewo/touches', () => {
  it('adds a product, a BOM part and DFMEA items the author may read, and says what the EWO touches', async () => {
    const author = caller(api, s.author, 'en-US');
    const ewo = await openEwo(api, s);
    const candidates = { method: 'GET' as const, path: `/api/ewo/candidates?kind=bomPart&product=PA-WL&search=Hinge` };
    await expectRefused(api, candidates, s.dfmeaOnly.token);
    expect((await author.get('/api/ewo/candidates?kind=everything')).status).toBe(400);
    const [hinge] = await author.ok('GET', candidates.path);
    expect(hinge).toMatchObject({ kind: 'bomPart', code: 'D-111', label: 'Hinge', context: 'PA-WL Window lifter' });
    // the tracker holds no BOM route: the part picker is refused, as adding would be
    expect((await caller(api, s.tracker).get(candidates.path)).status).toBe(403);
    const items = await author.ok('GET', `/api/ewo/candidates?kind=fmeaItem&projectId=${s.project.id}&search=Teeth`);
    expect(items).toEqual([expect.objectContaining({ fmeaRef: 'FC', refId: s.chain.cause.id, label: 'Teeth worn', context: 'Gear' })]);

    const add = {
      method: 'POST' as const,
      path: '/api/ewo/items/add',
      body: {
        id: ewo.id,
        version: 1,
        items: [
          { kind: 'product', refId: 'PA-WL' },
          { kind: 'bomPart', refId: hinge.refId, changeNote: 'New hinge pin' },
          { kind: 'fmeaItem', projectId: s.project.id, fmeaRef: 'FC', refId: s.chain.cause.id },
        ],
      },
    };
    await expectRefused(api, add, s.dfmeaOnly.token);
    expect((await author.post(add.path, { ...add.body, items: [{ kind: 'drawing', refId: 'x' }] })).status).toBe(400);
    const unknown = await author.post(add.path, { ...add.body, items: [...add.body.items, { kind: 'product', refId: 'PA-NONE' }] });
    expect([unknown.status, unknown.body.meta.message]).toEqual([400, 'Some affected items are wrong; none was added\nRow 4: Product PA-NONE does not exist or you may not read it']);
    expect((await caller(api, s.colleague).post(add.path, add.body)).status).toBe(403);
    const touched = await author.ok('POST', add.path, add.body);
    expect(touched.items.map((i: { kind: string; code: string }) => `${i.kind} ${i.code}`)).toEqual(['bomPart D-111', `fmeaItem ${s.project.serialNum}`, 'product PA-WL']);

    const touches = { method: 'GET' as const, path: `/api/ewo/touches?id=${ewo.ewoNum}` };
    await expectRefused(api, touches, s.dfmeaOnly.token);
    expect((await author.get('/api/ewo/touches')).status).toBe(400);
    expect(await author.ok('GET', touches.path)).toMatchObject({
      products: [{ code: 'PA-WL', state: 'current' }],
      bomParts: [{ code: 'D-111', changeNote: 'New hinge pin' }],
      fmeaItems: [{ fmeaRef: 'FC', label: 'Teeth worn', state: 'current', link: expect.stringContaining(s.project.id) }],
      projects: [{ projectId: s.project.id, items: 1, readable: true }],
    });

    const remove = { method: 'POST' as const, path: '/api/ewo/items/remove', body: { id: ewo.id, version: 2, itemId: touched.items[0].id } };
    await expectRefused(api, remove, s.dfmeaOnly.token);
    expect((await author.post(remove.path, { id: ewo.id, version: 2 })).status).toBe(400);
    expect((await author.ok('POST', remove.path, remove.body)).items).toHaveLength(2);
  });
});

describe('POST /api/ewo/documents/add, /api/ewo/documents/remove', () => {
  it('adds a document the author uploaded, served to the EWO’s readers only', async () => {
    const author = caller(api, s.author, 'en-US');
    const ewo = await openEwo(api, s);
    const uploaded = await api.call('POST', '/api/fileOperate/uploadSingleFile', { token: s.author.token, raw: upload('file', 'drawing-B.pdf', pdf()) });
    const fileId = uploaded.body.data.fileName ?? uploaded.body.data.id;
    const add = { method: 'POST' as const, path: '/api/ewo/documents/add', body: { id: ewo.id, version: 1, docSide: 'after', docName: 'Gear drawing', docVersion: 'B', fileId } };
    await expectRefused(api, add, s.dfmeaOnly.token);
    const blank = await author.post(add.path, { ...add.body, docName: '', docVersion: '' });
    expect(blank.body.meta.message.split('\n')).toEqual(['Form validation failed', 'Document name cannot be empty', 'Document version cannot be empty']);
    const done = await author.ok('POST', add.path, add.body);
    expect(done.documents).toEqual([expect.objectContaining({ side: 'after', docName: 'Gear drawing', docVersion: 'B', fileName: 'drawing-B.pdf' })]);
    const download = (token: string) => api.call('GET', `/api/fileOperate/downloadFile?fileName=${fileId}`, { token });
    expect((await download(s.tracker.token)).status).toBe(200);
    expect((await download(s.dfmeaOnly.token)).status).toBe(403);

    const remove = { method: 'POST' as const, path: '/api/ewo/documents/remove', body: { id: ewo.id, version: 2, documentId: done.documents[0].id } };
    await expectRefused(api, remove, s.dfmeaOnly.token);
    expect((await author.post(remove.path, { id: ewo.id, version: 2 })).status).toBe(400);
    expect((await author.ok('POST', remove.path, remove.body)).documents).toEqual([]);
  });
});
