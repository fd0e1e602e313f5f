import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord, createCatalogRecord, getCatalogRecord } from '@fmea/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caller, createTeamProject, engineer, makeTeam, openTestApp, signedInWith, type Person, type Team, type TestApp, UNAUTHENTICATED } from '../../testing.ts';

let api: TestApp;
let team: Team;
let project: any;
/** A team editor who may also add and apply catalog functions and failure modes. */
let author: Person;
beforeEach(async () => {
  api = await openTestApp();
  author = await signedInWith(api, 'author', [
    { routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] },
    { routeName: 'function_index', buttons: ['add', 'edit'] },
    { routeName: 'invalid_index', buttons: ['add', 'edit'] },
  ]);
  team = { ...(await makeTeam(api)), editor: author };
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());

/** A released record, written and reviewed by the system operator. */
async function released(typeId: string, values: Record<string, unknown>) {
  const draft = await createCatalogRecord(api.t.ctx, typeId, { values });
  const applied = await applyCatalogRecord(api.t.ctx, draft.id, { version: draft.version });
  const audited = await auditCatalogRecord(api.t.ctx, draft.id, { version: applied.version, opinion: 'ok' });
  return approveCatalogRecord(api.t.ctx, draft.id, { version: audited.version });
}
const quotes = async (id: string) => (await getCatalogRecord(api.t.ctx, id)).quoteCount;

describe('POST /api/fmea/pushToKnowledge', () => {
  const push = '/api/fmea/pushToKnowledge';

  it('refuses a call without a session (401)', async () => {
    const res = await api.call('POST', push, { body: { itemId: 'x', kind: 'function' } });
    expect(res.status).toBe(401);
    expect(res.body.meta.message).toBe(UNAUTHENTICATED.zh);
  });

  it('answers 400 naming the field for a missing item or an unknown kind', async () => {
    const as = caller(api, author, 'en-US');
    for (const [body, field] of [
      [{ kind: 'function' }, 'itemId'],
      [{ itemId: 'x', kind: 'action' }, 'kind'],
    ] as const) {
      const res = await as.post(push, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.issues.map((i: { field: string }) => i.field)).toEqual([field]);
    }
  });

  it('refuses a user without the DFMEA area, and a member without the catalog route’s buttons (403), writing nothing', async () => {
    const fn = await caller(api, author).ok('POST', '/api/fmea/addFunction', { nodeId: project.pptSerial, description: 'Seal the cabin' });
    const clerk = await signedInWith(api, 'clerk', [{ routeName: 'function_index', buttons: ['add', 'edit'] }]);
    expect((await caller(api, clerk).post(push, { itemId: fn.id, kind: 'function' })).status).toBe(403);
    // the owner may edit the project but holds no button on the function catalog
    const res = await caller(api, team.owner, 'en-US').post(push, { itemId: fn.id, kind: 'function' });
    expect(res.status).toBe(403);
    const analysis = await caller(api, author).ok('GET', `/api/fmea/analysis?projectId=${project.id}`);
    expect(analysis.functions[0].catalog).toBeNull();
  });

  it('creates a record under review from a failure and the item cites it (200); a second push is a conflict (409)', async () => {
    const as = caller(api, author);
    const fn = await as.ok('POST', '/api/fmea/addFunction', { nodeId: project.pptSerial, description: 'Seal the cabin' });
    const effect = await as.ok('POST', '/api/fmea/addFailure', { functionId: fn.id, kind: 'FE', description: 'Water enters cabin', severity: 7 });
    const pushed = await as.ok('POST', push, { itemId: effect.id, kind: 'failure', version: effect.version, remark: 'door DFMEA' });
    expect(pushed).toEqual({
      itemId: effect.id,
      itemVersion: effect.version + 1,
      record: { id: expect.any(String), type: 'invalidMode', serialNum: expect.stringMatching(/^FA/), versionNo: 1, status: '1', quoteCount: 1 },
    });
    const analysis = await as.ok('GET', `/api/fmea/analysis?projectId=${project.id}`);
    expect(analysis.failures[0]).toMatchObject({
      catalogRecordId: pushed.record.id,
      catalog: { recordId: pushed.record.id, serialNum: pushed.record.serialNum, versionNo: 1, status: '1', newerVersion: false },
    });
    const again = await caller(api, author, 'en-US').post(push, { itemId: effect.id, kind: 'failure' });
    expect(again.status).toBe(409);
    expect(again.body.meta.message).toBe(`This item already comes from catalog record ${pushed.record.serialNum}; there is nothing to push`);
  });
});

describe('catalog suggestions and citations through the FMEA routes', () => {
  it('suggests the released catalog record first with its source, and a pick cites it (count up, down on rewording)', async () => {
    const record = await released('function', { functionDesc: 'Seal the cabin', enFunctionDesc: 'Seal cabin' });
    const as = caller(api, author);
    await as.ok('POST', '/api/fmea/addFunction', { nodeId: project.pptSerial, description: 'Seal against rain' });
    const found = await as.ok('GET', '/api/fmea/suggest?kind=function&q=seal');
    expect(found).toEqual([
      {
        source: 'catalog',
        text: 'Seal the cabin',
        uses: 0,
        catalog: { recordId: record.id, serialNum: record.serialNum, versionNo: 1, enText: 'Seal cabin', severity: null, occurrence: null, detection: null },
      },
      { source: 'fmea', text: 'Seal against rain', uses: 1, catalog: null },
    ]);

    const fn = await as.ok('POST', '/api/fmea/addFunction', { nodeId: project.pptSerial, description: 'Seal the cabin', catalogRecordId: record.id });
    expect(fn.catalogRecordId).toBe(record.id);
    expect(await quotes(record.id)).toBe(1);
    const reworded = await as.ok('POST', '/api/fmea/updateFunction', { id: fn.id, version: fn.version, description: 'Seal the cabin well' });
    expect(reworded.catalogRecordId).toBeNull();
    expect(await quotes(record.id)).toBe(0);
  });

  it('answers 400 under the description when the text is not the picked record’s wording, in the user’s language', async () => {
    const record = await released('invalidMode', { invalidmode: 'Water leaks', severity: 8 });
    const fn = await caller(api, author).ok('POST', '/api/fmea/addFunction', { nodeId: project.pptSerial, description: 'Seal the cabin' });
    const res = await caller(api, author, 'en-US').post('/api/fmea/addFailure', { functionId: fn.id, kind: 'FE', description: 'Water drips', catalogRecordId: record.id });
    expect(res.status).toBe(400);
    expect(res.body.data.issues).toEqual([
      expect.objectContaining({ field: 'description', message: `Description: the text differs from catalog record ${record.serialNum}; pick the suggestion again or keep your own wording without the link` }),
    ]);
    // picked as it is: S comes from the record
    const effect = await caller(api, author).ok('POST', '/api/fmea/addFailure', { functionId: fn.id, kind: 'FE', description: 'Water leaks', catalogRecordId: record.id });
    expect([effect.severity, effect.catalogRecordId]).toEqual([8, record.id]);
  });

  it('lets a plain engineer with the DFMEA area pick records without any catalog button', async () => {
    const plain = await engineer(api, 'plain');
    const own = await caller(api, plain).ok('POST', '/api/project/save', {
      projectType: 'dfmea',
      name: 'Door',
      customer: 'ACME Cars',
      projectMembers: [{ userId: plain.user.id, userRole: 0 }],
    });
    const measure = await released('preventionMeasure', { measureDesc: 'Design rule DR-1' });
    const as = caller(api, plain);
    const fn = await as.ok('POST', '/api/fmea/addFunction', { nodeId: own.pptSerial, description: 'Seal the cabin' });
    const cause = await as.ok('POST', '/api/fmea/addFailure', { functionId: fn.id, kind: 'FC', description: 'Lip worn' });
    const control = await as.ok('POST', '/api/fmea/addControl', { causeId: cause.id, kind: 'prevention', description: 'Design rule DR-1', catalogRecordId: measure.id });
    expect(control.catalogRecordId).toBe(measure.id);
    await as.ok('POST', '/api/fmea/deleteControl', { id: control.id, version: control.version });
    expect(await quotes(measure.id)).toBe(0);
  });
});
