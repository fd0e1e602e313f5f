import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caller, expectRefused, spcApp, spcSubgroups, type SpcWorld, type TestApp } from '../../testing.ts';

let api: TestApp;
let s: SpcWorld;

beforeEach(async () => ({ api, s } = await spcApp()));
afterEach(() => api.dispose());

describe('GET /api/spc/causes and POST /api/spc/proposeOccurrence, /api/spc/openProblem', () => {
  it('shows the capability beside the causes, proposes their O to the FMEA owner and opens an 8D from a signal', async () => {
    const editor = caller(api, s.editor, 'en-US');
    await editor.ok('POST', '/api/spc/measurements/add', { id: s.study.id, measurements: [...spcSubgroups(1, 24, 20, 0.008, 11), ...spcSubgroups(25, 1, 20.04, 0.008, 12)] });

    const causes = { method: 'GET' as const, path: `/api/spc/causes?projectId=${s.projectId}` };
    await expectRefused(api, causes, s.pfmeaOnly.token);
    expect((await editor.get('/api/spc/causes')).status).toBe(400);
    const badges = await caller(api, s.reader).ok('GET', causes.path);
    expect(badges.map((b: { causeId: string }) => b.causeId).sort()).toEqual([s.pfmea.ids.worn, s.pfmea.ids.skewed].sort());
    expect(badges[0]).toMatchObject({ studyNum: s.study.studyNum, cpk: expect.any(Number), proposedOccurrence: expect.any(Number) });

    const propose = { method: 'POST' as const, path: '/api/spc/proposeOccurrence', body: { id: s.study.id, causeId: s.pfmea.ids.worn } };
    await expectRefused(api, propose, s.pfmeaOnly.token);
    expect((await editor.post(propose.path, { id: s.study.id })).status).toBe(400);
    expect((await caller(api, s.outsider).post(propose.path, propose.body)).status).toBe(403);
    const notOn = await editor.post(propose.path, { id: s.study.id, causeId: s.pfmea.ids.weak });
    expect([notOn.status, notOn.body.meta.message]).toEqual([400, 'No PFMEA failure cause is on this characteristic']);
    const proposal = await editor.ok('POST', propose.path, propose.body);
    expect(proposal).toMatchObject({ status: 'open', previousOccurrence: 4, occurrence: badges[0].proposedOccurrence, sourceNumber: s.study.studyNum });
    // the FMEA side reads it in its inbox, from source spc
    const inbox = await caller(api, s.owner).ok('GET', `/api/fmea/proposals?projectId=${s.projectId}`);
    expect(inbox).toEqual([expect.objectContaining({ id: proposal.id, sourceKind: 'spc', kind: 'rateOccurrence', sourceLink: `/main/spc/spcStudy?id=${s.study.id}` })]);

    const open = { method: 'POST' as const, path: '/api/spc/openProblem', body: { id: s.study.id, brief: 'Bore diameter out of control' } };
    await expectRefused(api, open, s.pfmeaOnly.token);
    expect((await editor.post(open.path, { id: s.study.id })).status).toBe(400);
    // the editor holds no problem route
    expect((await editor.post(open.path, open.body)).status).toBe(403);
    const opened = await caller(api, s.owner).ok('POST', open.path, open.body);
    expect(opened).toMatchObject({ problemNum: expect.stringMatching(/^RS/) });
    expect(await editor.ok('GET', `/api/spc/get?id=${s.study.id}`)).toMatchObject({ problemId: opened.problemId, problemNum: opened.problemNum, version: opened.studyVersion });
  });
});
