import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walkReviewOverApi } from '@fmea/core/testing';
import { caller, createTeamProject, makeTeam, NOT_MEMBER, openTestApp, type Person, type Team, type TestApp, UNAUTHENTICATED } from '../../testing.ts';

let api: TestApp;
let team: Team;
let project: any;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());

// the reader is professional reviewer and technical director, the editor quality reviewer and countersigner
const named = () => ({ professional: team.reader.user.id, quality: team.editor.user.id, technical: team.reader.user.id, countersign: team.editor.user.id });
const step = (path: string, body: Record<string, unknown>, as = team.owner) => caller(api, as, 'en-US').ok('POST', `/api/project/review/${path}`, { projectId: project.id, ...body });

/** Draft → released through the review path (an empty analysis has no check errors). */
async function release() {
  await step('submit', { assignees: named(), acknowledgeWarnings: true });
  // each opinion reviewer walks the steps first (rule fmeaReviewInOrder)
  for (const person of [team.reader, team.editor]) await walkReviewOverApi((path, body) => caller(api, person, 'en-US').ok('POST', path, body), project.id);
  await step('opinion', { conclusion: 'conform', opinion: 'ok', role: 'professional' }, team.reader);
  await step('opinion', { conclusion: 'conform', opinion: 'ok' }, team.editor);
  await step('approve', {}, team.reader);
  await step('release', { acknowledgeWarnings: true }, team.editor);
}

const download = async (person: Person | null, path: string) => {
  const res = await api.app.request(path, { headers: person ? { token: person.token, lang: 'en-US' } : {} });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
};
function form(bytes: Uint8Array | string, name: string, projectId?: string) {
  const data = new FormData();
  data.append('excelFile', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), name);
  if (projectId) data.append('projectId', projectId);
  return data;
}
const verify = (person: Person | null, bytes: Uint8Array | string, name = 'f.xlsx', projectId?: string) =>
  api.call('POST', '/api/project/baseline/verify', { token: person?.token, lang: 'en-US', raw: form(bytes, name, projectId) });

describe('/api/project/baseline*', () => {
  it('401 without a token, 400 for a bad query, 403 for an outsider, 404 for an unknown baseline', async () => {
    const q = `projectId=${project.id}`;
    for (const path of [`/api/project/baselines?${q}`, `/api/project/baseline?${q}&baseline=BL1`, `/api/project/baseline/diff?${q}&from=BL1`]) {
      const res = await api.call('GET', path);
      expect(res.status, path).toBe(401);
      expect(res.body.meta.message).toBe(UNAUTHENTICATED.zh);
    }
    expect((await download(null, `/api/project/baseline/export?${q}&baseline=BL1`)).res.status).toBe(401);
    expect((await verify(null, 'x')).status).toBe(401);
    expect((await caller(api, team.reader).get(`/api/project/baseline/diff?${q}`)).status).toBe(400);
    const outsider = await caller(api, team.outsider, 'en-US').get(`/api/project/baselines?${q}`);
    expect(outsider.status).toBe(403);
    expect(outsider.body.meta.message).toBe(NOT_MEMBER);
    const missing = await caller(api, team.reader, 'en-US').get(`/api/project/baseline?${q}&baseline=BL1`);
    expect(missing.status).toBe(404);
    expect(missing.body.meta.message).toBe('Baseline BL1 was not found in this project');
  });

  it('release freezes BL1; an edit shows in the diff; export, diff workbook and verify', async () => {
    await release();
    const [bl] = await caller(api, team.reader).ok('GET', `/api/project/baselines?projectId=${project.id}`);
    expect(bl).toMatchObject({ label: 'BL1', round: 1, projectType: 'dfmea', createdByName: team.editor.user.userName });
    const one = await caller(api, team.reader).ok('GET', `/api/project/baseline?projectId=${project.id}&baseline=${bl.id}`);
    expect(one.items.map((i: any) => i.kind)).toContain('node');

    await step('revoke', {});
    await caller(api, team.editor).ok('POST', '/api/fmea/addNode', { parentId: project.pptSerial, name: 'Gearbox' });
    const diff = await caller(api, team.reader, 'en-US').ok('GET', `/api/project/baseline/diff?projectId=${project.id}&from=BL1&to=working`);
    expect(diff).toMatchObject({ added: 1, removed: 0, changed: 0, from: { label: 'BL1' }, to: { ref: 'working', baseline: null } });
    expect(diff.items[0]).toMatchObject({ change: 'added', kind: 'node', path: expect.stringMatching(/ \/ Gearbox$/) });

    const sheet = await download(team.reader, `/api/project/baseline/diffExport?projectId=${project.id}&from=BL1`);
    expect(sheet.res.status).toBe(200);
    expect(sheet.res.headers.get('content-disposition')).toContain(`DFMEA-${project.serialNum}-BL1-working.xlsx`);

    const exported = await download(team.reader, `/api/project/baseline/export?projectId=${project.id}&baseline=BL1`);
    expect(exported.res.status).toBe(200);
    expect(exported.res.headers.get('content-disposition')).toContain(`DFMEA-${project.serialNum}-BL1.xlsx`);
    const verdict = await verify(team.reader, exported.bytes);
    expect(verdict.status).toBe(200);
    expect(verdict.body.data).toMatchObject({ outcome: 'baseline', baselineLabel: 'BL1', baselineId: bl.id, contentHash: bl.contentHash });

    const live = await download(team.reader, `/api/project/exportData?projectId=${project.id}`);
    expect((await verify(team.reader, live.bytes)).body.data.outcome).toBe('working');
    // checked in a project (the baselines panel): its own file is its own, another project's says whose it is
    expect((await verify(team.reader, live.bytes, 'f.xlsx', project.id)).body.data.outcome).toBe('working');
    const other = await createTeamProject(api, team, 'Other lifter');
    const elsewhere = await verify(team.reader, live.bytes, 'f.xlsx', other.id);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data).toMatchObject({ outcome: 'otherProject', serialNum: project.serialNum });
    expect(elsewhere.body.data.message).toBe(`Intact, but it belongs to project ${project.serialNum}, not to ${other.serialNum} (Other lifter) which it was checked in`);
    expect((await verify(team.reader, live.bytes, 'f.xlsx', 'no-such-project')).status).toBe(404);
    const foreign = await verify(team.reader, 'not a workbook');
    expect(foreign.status).toBe(400);
    expect(foreign.body.meta.message).toBe('This file is not an Excel workbook (.xlsx)');
    expect((await verify(team.reader, exported.bytes, 'f.csv')).status).toBe(400);
  });
});
