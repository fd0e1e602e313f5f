import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callAs, caller, expectInvalid, expectRefused, ftaApp, invalid, upload, type TestApp } from '../../testing.ts';

const ARALIA = new URL('../../../../../shared/reference/fta-aralia/', import.meta.url);

let api: TestApp;
let s: Awaited<ReturnType<typeof ftaApp>>['s'];

beforeEach(async () => {
  ({ api, s } = await ftaApp());
});
afterEach(() => api.dispose());

describe('POST /api/fta/analyze', () => {
  it('answers the exact probability, the cut sets counted and listed, and the importance', async () => {
    await callAs(api, { method: 'POST', path: '/api/fta/import', raw: upload('file', 'chinese.xml', readFileSync(new URL('chinese.xml', ARALIA))) }, s.team.editor.token);
    const call = { method: 'POST' as const, path: '/api/fta/analyze', body: { id: 'FT2603010001', listLimit: 3, cutoff: 0 } };
    const result = await caller(api, s.team.reader).ok('POST', call.path, call.body);
    expect(Number(result.probability.exact.toPrecision(6))).toBe(0.00117058);
    expect(result).toMatchObject({ top: 'r1', coherent: true, cutSetCount: 392, belowCutoff: 0, tree: { ftaNum: 'FT2603010001', name: 'chinese' } });
    expect(result.minimalCutSets).toHaveLength(3);
    expect(result.cutSets[0]).toEqual({ events: result.minimalCutSets[0], order: result.minimalCutSets[0].length, probability: expect.any(Number) });
    expect(result.importance.length).toBe(25);
    // a cut-off above every cut set's probability lists none, and says how many it left out
    expect(await caller(api, s.team.reader).ok('POST', call.path, { ...call.body, cutoff: 1 })).toMatchObject({ minimalCutSets: [], belowCutoff: 3, cutSetCount: 392 });

    await expectRefused(api, call, s.dfmeaOnly.token);
    await expectInvalid(api, { ...call, body: { id: 'FT2603010001', missionTime: -1 } }, s.team.reader.token, invalid('任务时间必须大于 0', 'Mission time must be greater than 0'));
  });
});

describe('POST /api/fta/generate', () => {
  it('generates the tree of a failure effect, linked to the DFMEA, for a member of the project', async () => {
    const call = { method: 'POST' as const, path: '/api/fta/generate', body: { projectId: s.project.projectId, effectId: s.chain.effect.id } };
    await expectRefused(api, call, s.team.reader.token);
    const outsider = await caller(api, s.team.outsider, 'en-US').post(call.path, call.body);
    expect(outsider.status).toBe(403);
    await expectInvalid(api, { ...call, body: { projectId: s.project.projectId } }, s.team.editor.token, invalid('失效影响为必填项', 'Failure effect is required'));
    const tree = await caller(api, s.team.editor).ok('POST', call.path, call.body);
    expect(tree).toMatchObject({ name: 'Window does not close', projectId: s.project.projectId, sourceFailureId: s.chain.effect.id });
    expect(tree.document.basicEvents).toEqual([{ name: 'FC1', label: 'Teeth worn', model: { kind: 'probability', probability: 0.002 } }]);
    const mode = await caller(api, s.team.editor, 'en-US').post(call.path, { ...call.body, effectId: s.chain.mode.id });
    expect([mode.status, mode.body.meta.message]).toEqual([400, '“No torque transmitted” is not a failure effect: a fault tree is generated from a failure effect (FE)']);
  });
});
