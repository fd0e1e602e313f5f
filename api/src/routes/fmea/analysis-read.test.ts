import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChain, caller, createTeamProject, makeTeam, NOT_MEMBER, openTestApp, type Team, type TestApp, UNAUTHENTICATED } from '../../testing.ts';

let api: TestApp;
let team: Team;
let project: any;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());


describe('GET /api/fmea/analysis', () => {
  it('refuses a call without a token (401)', async () => {
    const res = await api.call('GET', `/api/fmea/analysis?projectId=${project.id}`);
    expect(res.status).toBe(401);
    expect(res.body.meta.message).toBe(UNAUTHENTICATED.zh);
  });

  it('refuses a non-member with the route (403 "not a project member")', async () => {
    const chain = await buildChain(api, team.editor, project);
    const outsider = caller(api, team.outsider, 'en-US');
    for (const path of [`/api/fmea/analysis?projectId=${project.id}`, `/api/fmea/analysis?projectId=${project.id}&nodeId=${chain.gear.id}`]) {
      const res = await outsider.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.meta).toEqual({ success: false, code: 403, message: NOT_MEMBER });
    }
  });

  it('answers the analysis with unlinked failures, the nets and the subtree filter (200)', async () => {
    const chain = await buildChain(api, team.editor, project);
    const editor = caller(api, team.editor);
    const unlinked = await editor.ok('POST', '/api/fmea/addFailure', { functionId: chain.mesh.id, kind: 'FC', description: 'Worm misaligned', occurrence: 3, det: 4 });
    const control = await editor.ok('POST', '/api/fmea/addControl', { causeId: chain.cause.id, kind: 'prevention', description: 'Design guideline DG-12' });
    await editor.ok('POST', '/api/fmea/linkFunctions', { higherFunctionId: chain.torque.id, lowerFunctionId: chain.mesh.id });
    await editor.ok('POST', '/api/fmea/addCharacteristic', { functionId: chain.mesh.id, name: 'Tooth module', characteristicClass: 'critical', special: true });

    // a read-only reviewer may read it
    const data = await caller(api, team.reader).ok('GET', `/api/fmea/analysis?projectId=${project.id}`);
    expect(data.nodes.map((n: any) => [n.name, n.parentId])).toEqual(
      expect.arrayContaining([
        ['Gearbox', project.pptSerial],
        ['Gear', chain.gearbox.id],
      ]),
    );
    expect(data.nodes).toHaveLength(3);
    expect(data.functions).toContainEqual(expect.objectContaining({ id: chain.torque.id, nodeId: chain.gearbox.id, description: 'Transmit torque', requirement: '12 Nm', version: 1 }));
    expect(data.functionLinks).toEqual([expect.objectContaining({ higherFunctionId: chain.torque.id, lowerFunctionId: chain.mesh.id })]);
    expect(data.characteristics).toEqual([expect.objectContaining({ functionId: chain.mesh.id, name: 'Tooth module', characteristicClass: 'critical', special: true })]);
    expect(data.failures).toHaveLength(4);
    expect(data.failures).toContainEqual(
      expect.objectContaining({ id: unlinked.id, functionId: chain.mesh.id, kind: 'FC', description: 'Worm misaligned', occurrence: 3, det: 4, severity: null, version: 1 }),
    );
    expect(data.failures).toContainEqual(expect.objectContaining({ id: chain.effect.id, kind: 'FE', severity: 9 }));
    const linked = new Set(data.failureLinks.flatMap((l: any) => [l.higherFailureId, l.lowerFailureId]));
    expect(data.failures.filter((f: any) => !linked.has(f.id)).map((f: any) => f.id)).toEqual([unlinked.id]);
    expect(data.failureLinks).toHaveLength(2);
    expect(data.controls).toEqual([expect.objectContaining({ id: control.id, causeId: chain.cause.id, kind: 'prevention', description: 'Design guideline DG-12', version: 1 })]);

    const gear = await caller(api, team.reader).ok('GET', `/api/fmea/analysis?projectId=${project.id}&nodeId=${chain.gear.id}`);
    expect(gear.nodes.map((n: any) => n.id)).toEqual([chain.gear.id]);
    expect(gear.functions.map((f: any) => f.id)).toEqual([chain.mesh.id]);
    expect(gear.failures.map((f: any) => f.id).sort()).toEqual([chain.cause.id, unlinked.id].sort());
    expect(gear.failureLinks).toEqual([expect.objectContaining({ higherFailureId: chain.mode.id, lowerFailureId: chain.cause.id })]);
    expect(gear.controls).toHaveLength(1);

    const elsewhere = await caller(api, team.reader, 'en-US').get(`/api/fmea/analysis?projectId=${project.id}&nodeId=no-such-node`);
    expect(elsewhere.status).toBe(404);
  });
});

describe('GET /api/fmea/riskGrid: the cause’s controls', () => {
  it('answers each row’s controls with id, version, kind, text and sort, as addControl and updateControl returned them', async () => {
    const chain = await buildChain(api, team.editor, project);
    const editor = caller(api, team.editor);
    const detection = await editor.ok('POST', '/api/fmea/addControl', { causeId: chain.cause.id, kind: 'detection', description: 'Endurance test ET-3' });
    const first = await editor.ok('POST', '/api/fmea/addControl', { causeId: chain.cause.id, kind: 'prevention', description: 'Design guideline DG-12' });
    const second = await editor.ok('POST', '/api/fmea/addControl', { causeId: chain.cause.id, kind: 'prevention', description: 'Material spec MS-4' });
    const moved = await editor.ok('POST', '/api/fmea/updateControl', { id: first.id, version: first.version, sort: 3, description: 'Design guideline DG-13' });
    expect(moved).toMatchObject({ version: 2, sort: 3 });

    const grid = await caller(api, team.reader).ok('GET', `/api/fmea/riskGrid?projectId=${project.id}`);
    // own wording: no catalog version cited (grid.test.ts covers cited ones)
    const pick = ({ id, version, kind, description, sort }: any) => ({ id, version, kind, description, sort, catalog: null });
    expect(grid.items).toHaveLength(1);
    expect(grid.items[0].controls).toEqual([pick(second), pick(moved), pick(detection)]);
    // each control once: the row carries no second list of the texts
    expect(grid.items[0]).not.toHaveProperty('preventionControls');
    expect(grid.items[0]).not.toHaveProperty('detectionControls');

    // a grid cell deletes with what the row carries
    await editor.ok('POST', '/api/fmea/deleteControl', { id: grid.items[0].controls[2].id, version: grid.items[0].controls[2].version });
    const after = await caller(api, team.reader).ok('GET', `/api/fmea/riskGrid?projectId=${project.id}`);
    expect(after.items[0].controls.map((c: any) => c.id)).toEqual([second.id, moved.id]);
    expect(after.items[0].controls.filter((c: any) => c.kind === 'detection')).toEqual([]);
  });

  it('documents the controls in the OpenAPI row schema', async () => {
    const doc = (await api.call('GET', '/api/openapi.json')).body as any;
    const row = doc.components.schemas.FmeaRiskRow;
    expect(row.required).toEqual(expect.arrayContaining(['controls']));
    expect(Object.keys(row.properties)).not.toEqual(expect.arrayContaining(['preventionControls']));
    expect(Object.keys(row.properties)).not.toEqual(expect.arrayContaining(['detectionControls']));
    expect(Object.keys(row.properties)).not.toEqual(expect.arrayContaining(['chainKey']));
    expect(doc.components.schemas.FmeaRiskRowControl.required).toEqual(['id', 'version', 'kind', 'description', 'sort', 'catalog']);
  });
});
