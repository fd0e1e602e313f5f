import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChain, caller, createTeamProject, engineer, expectRefused, makeTeam, openTestApp, reader, type Person, type Team, type TestApp } from '../../testing.ts';

let api: TestApp;
let team: Team;
let project: any;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());

const as = (person: Person) => caller(api, person, 'en-US');

describe('FMEA reuse routes', () => {
  it('refuse without a token (401) and without the area’s add button (403)', async () => {
    const noButton = await reader(api, 'dfmea_index');
    for (const call of [
      { method: 'POST' as const, path: '/api/project/copy', body: { id: project.id } },
      { method: 'POST' as const, path: '/api/fmea/borrowNode', body: { id: project.pptSerial, targetParentId: project.pptSerial } },
      { method: 'POST' as const, path: '/api/fmeaTemplate/save', body: { nodeId: project.pptSerial } },
      { method: 'POST' as const, path: '/api/fmeaTemplate/createProject', body: { template: 'TD1' } },
      { method: 'POST' as const, path: '/api/fmeaTemplate/apply', body: { template: 'TD1', targetNodeId: project.pptSerial } },
    ]) {
      await expectRefused(api, call, noButton.token);
    }
    expect((await api.call('GET', '/api/fmeaTemplate/list')).status).toBe(401);
  });

  it('copy a project for its owner; others get 403 with why', async () => {
    await buildChain(api, team.owner, project);
    const refused = await as(team.editor).post('/api/project/copy', { id: project.id });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toBe('Only the responsible person of the project may copy, borrow or delete it');
    const copy = await as(team.owner).ok('POST', '/api/project/copy', { id: project.id, name: 'Copied lifter' });
    expect(copy).toMatchObject({ name: 'Copied lifter', sourceKind: 'copy', sourceProjectId: project.id, isTemplate: false, canEdit: true });
    expect(copy.projectMembers).toEqual([expect.objectContaining({ userId: team.owner.user.id, roles: [0] })]);
    const grid = await as(team.owner).ok('GET', `/api/fmea/riskGrid?projectId=${copy.id}`);
    expect(grid.items.map((r: any) => r.cause?.description)).toEqual(['Teeth worn']);
  });

  it('save a node as a template (400 without subnodes), list it, make a project from it, insert it, delete with the used-by confirmation', async () => {
    const chain = await buildChain(api, team.owner, project);
    const leaf = await as(team.editor).post('/api/fmeaTemplate/save', { nodeId: chain.gear.id });
    expect(leaf.status).toBe(400);
    expect(leaf.body.meta.message).toBe('A node without subnodes cannot be saved as a template');
    // the whole project is its responsible person's to save, as to copy
    const byCollaborator = await as(team.editor).post('/api/fmeaTemplate/save', { nodeId: project.pptSerial, name: 'Lifter basics' });
    expect(byCollaborator.status).toBe(403);
    expect(byCollaborator.body.meta.message).toBe('Only the responsible person of the project or an administrator may save the whole project as a template');
    const basic = await as(team.owner).ok('POST', '/api/fmeaTemplate/save', { nodeId: project.pptSerial, name: 'Lifter basics' });
    expect(basic).toMatchObject({ name: 'Lifter basics', kind: 'basic', side: 'dfmea', sourceProjectNum: project.serialNum, createdBy: team.owner.user.id, nodeCount: 2, usedBy: 0, scope: 'private', canPublish: true });
    expect(basic.serialNum).toMatch(/^TD/);
    const sub = await as(team.editor).ok('POST', '/api/fmeaTemplate/save', { nodeId: chain.gearbox.id });
    expect(sub).toMatchObject({ scope: 'private', canPublish: false });
    // private templates reach nobody outside the project: not listed, not usable, not said to exist
    expect(await as(team.outsider).ok('GET', '/api/fmeaTemplate/list?side=dfmea')).toEqual([]);
    const hidden = await as(team.outsider).post('/api/fmeaTemplate/createProject', { template: basic.serialNum, name: 'Sliding door' });
    expect(hidden.status).toBe(404);
    expect(hidden.body.meta.message).not.toContain(basic.id);
    const notHers = await as(team.editor).post('/api/fmeaTemplate/publish', { template: sub.id, scope: 'all' });
    expect(notHers.status).toBe(403);
    expect(notHers.body.meta.message).toBe('Only the responsible person of the project the template was saved from, or an administrator, may publish it');
    for (const template of [basic, sub]) expect(await as(team.owner).ok('POST', '/api/fmeaTemplate/publish', { template: template.id, scope: 'all' })).toMatchObject({ scope: 'all' });
    const listed = await as(team.outsider).ok('GET', '/api/fmeaTemplate/list?side=dfmea');
    expect(listed.map((t: any) => t.id)).toEqual(expect.arrayContaining([basic.id, sub.id]));
    expect(await as(team.outsider).ok('GET', '/api/fmeaTemplate/list?side=pfmea')).toEqual([]);
    expect((await as(team.outsider).get('/api/fmeaTemplate/list?side=qfd')).status).toBe(400);

    const made = await as(team.outsider).ok('POST', '/api/fmeaTemplate/createProject', { template: basic.serialNum, name: 'Sliding door' });
    expect(made).toMatchObject({ name: 'Sliding door', sourceKind: 'fromTemplate', sourceProjectId: basic.id });
    const tree = await as(team.outsider).ok('GET', `/api/fmea/structureTree?projectId=${made.id}`);
    expect(tree.children.filter((c: any) => c.nodeType === 9).map((c: any) => c.name)).toEqual(['Gearbox']);

    const inserted = await as(team.outsider).ok('POST', '/api/fmeaTemplate/apply', { template: sub.id, targetNodeId: made.pptSerial });
    expect(inserted.counts).toMatchObject({ nodes: 2, functions: 2, failures: 2 });
    const gearbox = (await as(team.outsider).ok('GET', `/api/fmea/structureTree?projectId=${made.id}`)).children.find((c: any) => c.nodeType === 9);
    const onGear = await as(team.outsider).post('/api/fmeaTemplate/apply', { template: basic.id, targetNodeId: gearbox.id });
    expect(onGear.status).toBe(400);
    expect(onGear.body.meta.message).toBe('Only product nodes can generate or use a basic FMEA');
    expect((await as(team.outsider).post('/api/fmeaTemplate/apply', { template: 'TD-none', targetNodeId: made.pptSerial })).status).toBe(404);

    // the basic template is used by the project made from it: deleting it asks first
    const owned = await as(team.owner).ok('GET', `/api/project/selectProjectById?projectId=${basic.id}`);
    expect(owned.isTemplate).toBe(true);
    const first = await as(team.owner).post('/api/project/delete', { id: basic.id, version: owned.version });
    expect(first.status).toBe(409);
    expect(first.body.meta.message).toBe('Current FMEA used by 1 nodes or projects: confirm the deletion');
    expect((await as(team.owner).post('/api/project/delete', { id: basic.id, version: owned.version, confirm: true })).status).toBe(200);
    expect((await as(team.outsider).ok('GET', '/api/fmeaTemplate/list')).map((t: any) => t.id)).toEqual([sub.id]);
  });

  it('borrow a subtree from a readable project: the original then asks before deletion', async () => {
    const chain = await buildChain(api, team.owner, project);
    const other = await as(team.editor).ok('POST', '/api/project/save', { projectType: 'dfmea', name: 'Rear door', projectMembers: [{ userId: team.editor.user.id, userRole: 0 }] });
    const borrowed = await as(team.editor).ok('POST', '/api/fmea/borrowNode', { id: chain.gearbox.id, targetParentId: other.pptSerial });
    expect(borrowed).toMatchObject({ name: 'Gearbox' });
    const stranger = await engineer(api, 'stranger');
    expect((await as(stranger).post('/api/fmea/borrowNode', { id: chain.gearbox.id, targetParentId: other.pptSerial })).status).toBe(403);
    const impact = await as(team.owner).ok('GET', `/api/fmea/nodeDeletionImpact?id=${chain.gearbox.id}`);
    expect(impact.usedByNodes).toContain(borrowed.id);
    const gearbox = (await as(team.owner).ok('GET', `/api/fmea/structureTree?projectId=${project.id}`)).children.find((c: any) => c.name === 'Gearbox');
    const refused = await as(team.owner).post('/api/fmea/deleteNode', { id: chain.gearbox.id, version: gearbox.version });
    expect(refused.status).toBe(409);
    expect(refused.body.data.count).toBe(impact.count);
  });

  it('asks a creator who names another owner to confirm (409), then keeps them as counsellor', async () => {
    const body = { projectType: 'dfmea', name: 'Seat rail', projectMembers: [{ userId: team.owner.user.id, userRole: 0 }] };
    const asked = await as(team.editor).post('/api/project/save', body);
    expect(asked.status).toBe(409);
    expect(asked.body.meta.message).toBe('You are not the owner you chose: after creation you lose maintenance rights to this project. Confirm to create it');
    const made = await as(team.editor).ok('POST', '/api/project/save', { ...body, confirmHandOver: true });
    expect(made).toMatchObject({ canEdit: false, myRoles: [2] });
  });

  it('family FMEA variants: create, list on the family, deviations, take over; refusals', async () => {
    const familyBody = { projectType: 'family', name: 'Lifter family', projectMembers: [{ userId: team.owner.user.id, userRole: 0 }, { userId: team.editor.user.id, userRole: 1 }] };
    const fam = await as(team.owner).ok('POST', '/api/project/save', familyBody);
    const chain = await buildChain(api, team.owner, fam);
    const second = await as(team.owner).post('/api/fmea/addNode', { parentId: fam.pptSerial, name: 'Second item' });
    expect(second.status).toBe(400);
    const notFamily = await as(team.owner).post('/api/familyFmea/createVariant', { projectId: project.id });
    expect(notFamily.status).toBe(400);
    expect((await api.call('GET', `/api/familyFmea/variants?projectId=${fam.id}`)).status).toBe(401);

    const variant = await as(team.editor).ok('POST', '/api/familyFmea/createVariant', { projectId: fam.id, name: 'Coupé lifter' });
    expect(variant).toMatchObject({ projectType: 'dfmea', sourceKind: 'variant', sourceProjectId: fam.id });
    const listed = await as(team.owner).ok('GET', `/api/familyFmea/variants?projectId=${fam.id}`);
    expect(listed.map((v: any) => v.id)).toEqual([variant.id]);
    expect((await as(team.outsider).get(`/api/familyFmea/variants?projectId=${fam.id}`)).status).toBe(403);

    // a local rating and a cause the family gained
    const grid = await as(team.editor).ok('GET', `/api/fmea/riskGrid?projectId=${variant.id}`);
    const cause = grid.items[0].cause;
    await as(team.editor).ok('POST', '/api/fmea/updateFailure', { id: cause.id, version: cause.version, occurrence: 2 });
    const gained = await as(team.owner).ok('POST', '/api/fmea/addFailure', { functionId: chain.mesh.id, kind: 'FC', description: 'Teeth cracked', occurrence: 4, det: 6 });
    const deviations = await as(team.editor).ok('GET', `/api/familyFmea/deviations?projectId=${variant.id}`);
    expect(deviations).toMatchObject({ familyProjectId: fam.id, familySerialNum: fam.serialNum });
    expect(deviations.ratings).toEqual([expect.objectContaining({ failureId: cause.id, field: 'occurrence', family: 6, variant: 2 })]);
    expect(deviations.gained).toEqual([expect.objectContaining({ kind: 'failure', familyId: gained.id, name: 'Teeth cracked', failureKind: 'FC' })]);
    const taken = await as(team.editor).ok('POST', '/api/familyFmea/takeOver', { projectId: variant.id, familyItemId: gained.id });
    expect(taken).toMatchObject({ kind: 'failure', counts: null });
    expect((await as(team.editor).ok('GET', `/api/familyFmea/deviations?projectId=${variant.id}`)).gained).toEqual([]);
    const notVariant = await as(team.owner).get(`/api/familyFmea/deviations?projectId=${project.id}`);
    expect(notVariant.status).toBe(400);
  });
});
