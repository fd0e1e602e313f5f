import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uniqueName } from '@fmea/core/testing';
import { buildChain, caller, createTeamProject, makeTeam, openTestApp, type Team, type TestApp } from '../../testing.ts';

let api: TestApp;
let team: Team;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
});
afterEach(() => api.dispose());

describe('a design engineer builds a small DFMEA through the API', () => {
  it('creates a project, three structure levels, functions, a FE–FM–FC chain, rates it, plans and completes an action, and reads the grid', async () => {
    const owner = caller(api, team.owner, 'en-US');
    const editor = caller(api, team.editor, 'en-US');

    // step 1: the project, numbered by the DF rule, with its team and product root
    const name = uniqueName('Window lifter');
    const project = await createTeamProject(api, team, name);
    expect(project).toMatchObject({ projectType: 'dfmea', name, delFlg: 0, version: 1, canEdit: true, myRoles: [0] });
    expect(project.serialNum).toMatch(/^DF/);
    expect(project.projectMembers).toEqual(
      expect.arrayContaining([
        { userId: team.owner.user.id, userRole: 0, roles: [0], roleNames: ['负责人'] },
        { userId: team.reader.user.id, userRole: 4, roles: [4], roleNames: ['评审人'] },
      ]),
    );
    const renamed = await owner.ok('POST', '/api/project/save', { id: project.id, version: 1, name: 'Window lifter front', stage: 'B sample' });
    expect(renamed).toMatchObject({ name: 'Window lifter front', stage: '3', labels: { stage: 'B sample' }, version: 2 });

    // steps 2–4: structure, functions, the failure chain (the editor builds it)
    const chain = await buildChain(api, team.editor, project);
    const housing = await editor.ok('POST', '/api/fmea/addNode', { parentId: chain.gearbox.id, name: 'Housing' });
    const hold = await editor.ok('POST', '/api/fmea/addFunction', { nodeId: housing.id, description: 'Hold bearings' });
    const loose = await editor.ok('POST', '/api/fmea/addFailure', { functionId: hold.id, kind: 'FC', description: 'Bearing seat loose', occurrence: 2, det: 2 });
    await editor.ok('POST', '/api/fmea/linkFailures', { higherFailureId: chain.mode.id, lowerFailureId: loose.id });
    await editor.ok('POST', '/api/fmea/linkFunctions', { higherFunctionId: chain.torque.id, lowerFunctionId: chain.mesh.id });
    await editor.ok('POST', '/api/fmea/addCharacteristic', { functionId: chain.mesh.id, name: 'Tooth hardness', characteristicClass: 'safety', special: true });
    await editor.ok('POST', '/api/fmea/addControl', { causeId: chain.cause.id, kind: 'prevention', description: 'Design guideline DG-12' });
    await editor.ok('POST', '/api/fmea/addControl', { causeId: chain.cause.id, kind: 'detection', description: 'Endurance test ET-3' });
    await editor.ok('POST', '/api/fmea/addInterface', { firstNodeId: chain.gear.id, secondNodeId: housing.id, interfaceType: 1, description: 'Bearing fit' });

    expect((await owner.ok('GET', `/api/fmea/characteristics?projectId=${project.id}&special=1`)).map((c: any) => c.name)).toEqual(['Tooth hardness']);
    expect(await owner.ok('GET', `/api/fmea/interfaces?projectId=${project.id}`)).toEqual([expect.objectContaining({ interfaceType: 1, description: 'Bearing fit' })]);

    const tree = await owner.ok('GET', `/api/dfmeaTree/getDfmeaTreeBySerialNum?serialNum=${project.serialNum}`);
    expect(tree.data).toMatchObject({ id: project.pptSerial, pptSerial: project.pptSerial, nodeType: 1, name });
    expect(tree.children.map((n: any) => [n.data.nodeType, n.data.name])).toEqual([
      [2, 'Close window'],
      [9, 'Gearbox'],
    ]);
    const gearbox = tree.children[1];
    expect(gearbox.children.map((n: any) => n.data.name)).toEqual(['Transmit torque', 'Gear', 'Housing']);

    // step 5: rate (S on the effect, O and D on the cause) and read AP per the handbook
    const cause = await editor.ok('POST', '/api/fmea/rateCause', { id: chain.cause.id, version: chain.cause.version, occurrence: 6, det: 5 });
    expect(cause).toMatchObject({ occurrence: 6, det: 5, version: 2 });
    const grid = await owner.ok('GET', `/api/fmea/riskGrid?projectId=${project.id}`);
    expect(grid).toMatchObject({ total: 2, page: 1 });
    expect(grid.items[0]).toMatchObject({ severity: 9, occurrence: 6, det: 5, ap: 'H', rpn: 270, characteristicClass: 'safety' });
    expect(grid.items[0].controls.map((c: any) => [c.kind, c.description])).toEqual([
      ['prevention', 'Design guideline DG-12'],
      ['detection', 'Endurance test ET-3'],
    ]);
    expect(grid.items[1]).toMatchObject({ severity: 9, occurrence: 2, det: 2, rpn: 36 });
    expect(grid.items[1].ap).not.toBe('H');

    const filtered = (query: string) => owner.ok('GET', `/api/fmea/riskGrid?projectId=${project.id}&${query}`);
    expect((await filtered('ap=H')).items.map((r: any) => r.cause.id)).toEqual([chain.cause.id]);
    expect((await filtered('special=1')).items.map((r: any) => r.cause.id)).toEqual([chain.cause.id]);
    expect((await filtered('openActions=1')).total).toBe(0);
    expect((await filtered('page=2&limit=1')).items.map((r: any) => r.cause.id)).toEqual([loose.id]);

    // step 6: an action with a re-rating, then completed
    const action = await editor.ok('POST', '/api/fmea/addAction', { causeId: chain.cause.id, kind: 'detection', description: 'Add end-of-line torque test', responsibleUserId: team.editor.user.id, targetDate: '2026-12-31', radet: 2 });
    expect(action).toMatchObject({ status: 'open', radet: 2, version: 1 });
    expect((await filtered('openActions=1')).items.map((r: any) => r.cause.id)).toEqual([chain.cause.id]);
    const incomplete = await editor.post('/api/fmea/changeActionStatus', { id: action.id, version: 1, event: 'complete' });
    expect(incomplete.status).toBe(400);
    const done = await editor.ok('POST', '/api/fmea/changeActionStatus', { id: action.id, version: 1, event: 'complete', actionTaken: 'EOL test added', evidence: 'Report 42', completionDate: '2026-11-20' });
    expect(done).toMatchObject({ status: 'completed', actionTaken: 'EOL test added', completionDate: '2026-11-20' });
    expect((await filtered('openActions=1')).total).toBe(0);
    const after = (await filtered('ap=H')).items[0];
    expect(after).toMatchObject({ raseverity: 9, raoccurrence: 6, radet: 2, rarpn: 108 });
    expect(after.raAp).not.toBeNull();
    expect(await owner.ok('GET', `/api/fmea/actions?projectId=${project.id}&status=completed`)).toEqual([expect.objectContaining({ id: action.id })]);

    const summary = await owner.ok('POST', '/api/fmea/recomputeAp', { projectId: project.id });
    expect(summary).toMatchObject({ chains: 2, H: 1 });

    // the lists: responsible for the owner, participating for the editor, recent after opening
    expect((await owner.ok('POST', '/api/project/list', { tab: 'responsible' })).items.map((p: any) => p.projectId)).toEqual([project.id]);
    expect((await editor.ok('POST', '/api/project/list', { tab: 'participating', search: 'front' })).total).toBe(1);
    expect((await editor.ok('POST', '/api/project/list', { tab: 'participating', search: 'nothing like it' })).total).toBe(0);
    await editor.ok('GET', `/api/project/selectProjectBySerialNum?serialNum=${project.serialNum}`);
    expect((await editor.ok('GET', '/api/project/selectRecentProject')).map((p: any) => p.projectId)).toEqual([project.id]);
  });

  it('moves, copies and deletes structure with the same rules as the engine', async () => {
    const project = await createTeamProject(api, team);
    const owner = caller(api, team.owner, 'en-US');
    const chain = await buildChain(api, team.owner, project);
    // moving the gear under the root breaks FM → FC (not adjacent levels any more): asked first
    const asked = await owner.post('/api/fmea/moveNode', { id: chain.gear.id, version: chain.gear.version, parentId: project.pptSerial });
    expect(asked.status).toBe(409);
    expect(asked.body.data.count).toBe(1);
    const copy = await owner.ok('POST', '/api/fmea/copyNode', { id: chain.gearbox.id, targetParentId: project.pptSerial });
    expect(copy).toMatchObject({ name: 'Gearbox' });
    const tree = await owner.ok('GET', `/api/fmea/structureTree?projectId=${project.id}`);
    expect(tree.children.filter((n: any) => n.nodeType === 9).map((n: any) => n.name)).toEqual(['Gearbox', 'Gearbox']);
    // the copy holds nothing used from outside: deleted without asking
    await owner.ok('POST', '/api/fmea/deleteNode', { id: copy.id, version: copy.version });
    // the root cannot be deleted
    const root = await owner.post('/api/fmea/deleteNode', { id: project.pptSerial, version: 1, confirm: true });
    expect(root.status).toBeGreaterThanOrEqual(400);
    // confirmed, the move removes the link and answers the node as the analysis reads it (no project id or stamps)
    const moved = await owner.ok('POST', '/api/fmea/moveNode', { id: chain.gear.id, version: chain.gear.version, parentId: project.pptSerial, confirm: true });
    expect(moved).toEqual({ id: chain.gear.id, version: chain.gear.version + 1, sort: expect.any(Number), parentId: project.pptSerial, nodeType: 9, name: 'Gear', imageName: null, processNo: null, workElementType: null, taskStatus: null });
  });

  it('changes and removes every kind of item with its version', async () => {
    const project = await createTeamProject(api, team);
    const owner = caller(api, team.owner, 'en-US');
    const chain = await buildChain(api, team.owner, project);
    const fn = await owner.ok('POST', '/api/fmea/updateFunction', { id: chain.mesh.id, version: 1, description: 'Mesh with the worm', requirement: 'backlash < 0.1 mm' });
    expect(fn).toMatchObject({ description: 'Mesh with the worm', requirement: 'backlash < 0.1 mm', version: 2 });
    const ch = await owner.ok('POST', '/api/fmea/addCharacteristic', { functionId: chain.mesh.id, name: 'Hardness', characteristicClass: 'general' });
    const ch2 = await owner.ok('POST', '/api/fmea/updateCharacteristic', { id: ch.id, version: 1, characteristicClass: 'critical', special: true });
    expect(ch2).toMatchObject({ characteristicClass: 'critical', special: true, version: 2 });
    await owner.ok('POST', '/api/fmea/deleteCharacteristic', { id: ch.id, version: 2 });
    const itf = await owner.ok('POST', '/api/fmea/addInterface', { firstNodeId: chain.gearbox.id, secondNodeId: chain.gear.id, interfaceType: 3 });
    expect(await owner.ok('POST', '/api/fmea/updateInterface', { id: itf.id, version: 1, interfaceType: 2, description: 'Sensor line' })).toMatchObject({ interfaceType: 2, version: 2 });
    expect((await owner.post('/api/fmea/addInterface', { firstNodeId: chain.gearbox.id, secondNodeId: chain.gear.id, interfaceType: 9 })).status).toBe(400);
    await owner.ok('POST', '/api/fmea/deleteInterface', { id: itf.id, version: 2 });
    const control = await owner.ok('POST', '/api/fmea/addControl', { causeId: chain.cause.id, kind: 'detection', description: 'Visual check' });
    expect(await owner.ok('POST', '/api/fmea/updateControl', { id: control.id, version: 1, description: 'Gauge check' })).toMatchObject({ description: 'Gauge check', version: 2 });
    await owner.ok('POST', '/api/fmea/deleteControl', { id: control.id, version: 2 });
    const action = await owner.ok('POST', '/api/fmea/addAction', { causeId: chain.cause.id, kind: 'prevention', description: 'Harden teeth', raoccurrence: 3 });
    const updated = await owner.ok('POST', '/api/fmea/updateAction', { id: action.id, version: 1, raoccurrence: 2, targetDate: '2027-01-31' });
    expect(updated).toMatchObject({ raoccurrence: 2, targetDate: '2027-01-31', version: 2 });
    const refused = await owner.post('/api/fmea/changeActionStatus', { id: action.id, version: 2, event: 'reopen' });
    expect(refused.status).toBe(409);
    await owner.ok('POST', '/api/fmea/deleteAction', { id: action.id, version: 2 });
    const failure = await owner.ok('POST', '/api/fmea/updateFailure', { id: chain.mode.id, version: 1, description: 'Torque too low', frequencyRatio: 0.5 });
    expect(failure).toMatchObject({ description: 'Torque too low', frequencyRatio: 0.5, version: 2 });
    expect((await owner.post('/api/fmea/rateEffect', { id: chain.mode.id, version: 2, severity: 5 })).status).toBe(400);
    await owner.ok('POST', '/api/fmea/unlinkFailures', { higherFailureId: chain.mode.id, lowerFailureId: chain.cause.id });
    const link = await owner.ok('POST', '/api/fmea/linkFunctions', { higherFunctionId: chain.torque.id, lowerFunctionId: chain.mesh.id });
    await owner.ok('POST', '/api/fmea/unlinkFunctions', { id: link.id });
    // the effect is used by the mode on the gearbox: asked first, then removed with confirm
    const asked = await owner.post('/api/fmea/deleteFailure', { id: chain.effect.id, version: 1 });
    expect(asked.status).toBe(409);
    expect(asked.body.data.count).toBe(1);
    // a failure answers D as det only, its ratings under the spec's names
    const rated = await owner.ok('POST', '/api/fmea/rateEffect', { id: chain.effect.id, version: 1, severity: 8 });
    expect(rated).toEqual({ id: chain.effect.id, version: 2, sort: 1, functionId: chain.close.id, kind: 'FE', description: 'Window does not close', severity: 8, occurrence: null, det: null, frequencyRatio: null, catalogRecordId: null });
    await owner.ok('POST', '/api/fmea/deleteFailure', { id: chain.effect.id, version: 2, confirm: true });
    await owner.ok('POST', '/api/fmea/deleteFunction', { id: chain.close.id, version: 1 });
    const grid = await owner.ok('GET', `/api/fmea/riskGrid?projectId=${project.id}`);
    expect(grid.items).toEqual([expect.objectContaining({ effect: null, cause: null, mode: expect.objectContaining({ description: 'Torque too low' }) })]);
  });
});
