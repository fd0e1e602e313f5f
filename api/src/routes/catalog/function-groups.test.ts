import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord, createCatalogRecord } from '@fmea/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caller, createTeamProject, expectRefused, makeTeam, openTestApp, plainEngineer, signedInWith, type Person, type Team, type TestApp } from '../../testing.ts';

const PATH = '/api/knowledge/invalidMode/getFunctionGroupList';
let api: TestApp;
let team: Team;
/** Reads failure modes in the knowledge base, and edits the team's DFMEAs. */
let author: Person;
beforeEach(async () => {
  api = await openTestApp();
  author = await signedInWith(api, 'author', [
    { routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] },
    { routeName: 'knowledge_index', buttons: [] },
    { routeName: 'invalid_index', buttons: [] },
  ]);
  team = { ...(await makeTeam(api)), editor: author };
});
afterEach(() => api.dispose());

async function released(values: Record<string, unknown>) {
  const draft = await createCatalogRecord(api.t.ctx, 'invalidMode', { values });
  const applied = await applyCatalogRecord(api.t.ctx, draft.id, { version: draft.version });
  const audited = await auditCatalogRecord(api.t.ctx, draft.id, { version: applied.version, opinion: 'ok' });
  return approveCatalogRecord(api.t.ctx, draft.id, { version: audited.version });
}

/** A DFMEA of the team with one function per text, each with the failure mode picked from the record. */
async function analyse(functions: string[], record: { id: string }, mode = 'Water leaks') {
  const project = await createTeamProject(api, team);
  const as = caller(api, author);
  for (const text of functions) {
    const fn = await as.ok('POST', '/api/fmea/addFunction', { nodeId: project.pptSerial, description: text });
    await as.ok('POST', '/api/fmea/addFailure', { functionId: fn.id, kind: 'FM', description: mode, catalogRecordId: record.id });
  }
  return project;
}

describe('POST /api/knowledge/invalidMode/getFunctionGroupList', () => {
  it('refuses without a token (401) and without the failure-mode page (403)', async () => {
    const record = await released({ invalidmode: 'Water leaks' });
    const { token } = await plainEngineer(api);
    await expectRefused(api, { method: 'POST', path: PATH, body: { id: record.id } });
    const refused = await api.call('POST', PATH, { token, body: { id: record.id }, lang: 'en-US' });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toBe('You are not authorized to operate');
  });

  it('groups the functions the failure mode is used under, across projects, most used first', async () => {
    const record = await released({ invalidmode: 'Water leaks' });
    await analyse(['Seal the cabin', 'Drain the roof'], record);
    await analyse(['Seal the cabin'], record);
    // the same text written by hand is not the record
    const other = await analyse([], record);
    const fn = await caller(api, author).ok('POST', '/api/fmea/addFunction', { nodeId: other.pptSerial, description: 'Vent the cabin' });
    await caller(api, author).ok('POST', '/api/fmea/addFailure', { functionId: fn.id, kind: 'FM', description: 'Water leaks' });
    const res = await caller(api, author).post(PATH, { serialNum: record.serialNum });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      serialNum: record.serialNum,
      items: [
        { function: 'Seal the cabin', uses: 2, projects: 2 },
        { function: 'Drain the roof', uses: 1, projects: 1 },
      ],
    });
    expect((await caller(api, author).post(PATH, { id: record.id })).body.data.items).toHaveLength(2);
  });

  it('counts only projects the caller may open, and answers 400 and 404 for a missing or unknown record', async () => {
    const record = await released({ invalidmode: 'Water leaks' });
    await analyse(['Seal the cabin'], record);
    // a knowledge reader outside the team sees the record but not the team's analysis
    const outsider = await signedInWith(api, 'outsider', [
      { routeName: 'dfmea_index', buttons: [] },
      { routeName: 'knowledge_index', buttons: [] },
      { routeName: 'invalid_index', buttons: [] },
    ]);
    expect((await caller(api, outsider).post(PATH, { id: record.id })).body.data.items).toEqual([]);
    const missing = await caller(api, author, 'en-US').post(PATH, {});
    expect(missing.status).toBe(400);
    expect((await caller(api, author).post(PATH, { serialNum: 'FA-NOPE' })).status).toBe(404);
  });
});
