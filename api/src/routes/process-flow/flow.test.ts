import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, caller, expectRefused, signedInWith, NOT_MEMBER, READ_ONLY, type Person } from '../../testing.ts';

/**
 * The flow chart over HTTP: the PFMEA's own steps, so an edit made here is
 * one the PFMEA's structure read shows, and the other way round.
 */
const api = await openTestApp();
afterAll(() => api.dispose());

const processEngineer = (label: string, buttons = ['add', 'edit', 'del']) => signedInWith(api, label, [{ routeName: 'pfmea_index', buttons }]);

let owner: Person;
let editor: Person;
let reader: Person;
let outsider: Person;
let project: { id: string; serialNum: string; pptSerial: string };
let steps: { id: string; version: number }[];
let lathe: { id: string };

beforeAll(async () => {
  [owner, editor, reader, outsider] = [await processEngineer('owner'), await processEngineer('editor'), await processEngineer('reader'), await processEngineer('outsider')];
  project = await caller(api, owner).ok('POST', '/api/project/save', {
    projectType: 'pfmea',
    name: 'Gearbox housing',
    projectMembers: [
      { userId: owner.user.id, roles: [0] },
      { userId: editor.user.id, roles: [1] },
      { userId: reader.user.id, roles: [4] },
    ],
  });
  const as = caller(api, editor);
  steps = [];
  for (const [processNo, name] of [
    ['10', 'Turn bore'],
    ['20', 'Wash'],
    ['30', 'Inspect'],
  ]) {
    steps.push(await as.ok('POST', '/api/fmea/addNode', { parentId: project.pptSerial, name, processNo }));
  }
  lathe = await as.ok('POST', '/api/fmea/addNode', { parentId: steps[0]!.id, name: 'Lathe', workElementType: 'machine' });
  const fn = await as.ok('POST', '/api/fmea/addFunction', { nodeId: steps[0]!.id, description: 'Turn the bore to size' });
  await as.ok('POST', '/api/fmea/addCharacteristic', { functionId: fn.id, name: 'Bore Ø12 H7', characteristicClass: 'critical', special: true });
});

const GET = () => ({ method: 'GET' as const, path: `/api/processFlow/get?projectId=${project.id}` });

describe('GET /api/processFlow/get', () => {
  it('answers the PFMEA’s steps with their characteristics to every member', async () => {
    const flow = await caller(api, reader).ok('GET', GET().path);
    expect(flow).toMatchObject({ projectId: project.id, serialNum: project.serialNum, name: 'Gearbox housing', pfdNumber: project.serialNum.replace(/^PF/, 'PFD'), branches: [] });
    expect(flow.steps.map((s: { processNo: string; name: string; symbol: string }) => [s.processNo, s.name, s.symbol])).toEqual([
      ['10', 'Turn bore', 'operation'],
      ['20', 'Wash', 'operation'],
      ['30', 'Inspect', 'operation'],
    ]);
    expect(flow.steps[0].productCharacteristics).toEqual([expect.objectContaining({ name: 'Bore Ø12 H7', kind: 'product', mark: 'CC' })]);
  });

  it('is 401 without a session, 403 without the PFMEA route or as an outsider, 400 for a DFMEA or without projectId', async () => {
    const { token: designOnly } = await signedInWith(api, 'design', [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]);
    await expectRefused(api, GET(), designOnly);
    const notMember = await caller(api, outsider, 'en-US').get(GET().path);
    expect([notMember.status, notMember.body.meta.message]).toEqual([403, NOT_MEMBER]);
    const missing = await api.call('GET', '/api/processFlow/get', { token: reader.token, lang: 'en-US' });
    expect(missing.status).toBe(400);
    const { user, token } = await signedInWith(api, 'both', [
      { routeName: 'dfmea_index', buttons: ['add'] },
      { routeName: 'pfmea_index', buttons: [] },
    ]);
    const dfmea = await api.call('POST', '/api/project/save', { token, body: { projectType: 'dfmea', name: 'Seat', projectMembers: [{ userId: user.id, userRole: 0 }] } });
    const res = await api.call('GET', `/api/processFlow/get?projectId=${dfmea.body.data.id}`, { token, lang: 'en-US' });
    expect([res.status, res.body.meta.message]).toEqual([400, `${dfmea.body.data.serialNum} is not a PFMEA: only a PFMEA has a process flow chart`]);
  });
});

describe('POST /api/processFlow/saveStep', () => {
  it('changes the symbol of the PFMEA’s step: the structure tree read shows the same node changed', async () => {
    const inspect = steps[2]!;
    const before = await caller(api, reader).ok('GET', `/api/fmea/structureTree?projectId=${project.id}`);
    const saved = await caller(api, editor).ok('POST', '/api/processFlow/saveStep', { id: inspect.id, version: inspect.version, flowSymbol: 'inspection', flowInputs: 'Washed housing' });
    expect(saved).toEqual({ id: inspect.id, version: inspect.version + 1, flowSymbol: 'inspection', flowInputs: 'Washed housing', flowOutputs: null });
    const tree = await caller(api, reader).ok('GET', `/api/fmea/structureTree?projectId=${project.id}`);
    const node = tree.children.find((c: { id: string }) => c.id === inspect.id);
    expect(node).toMatchObject({ name: 'Inspect', processNo: '30', version: saved.version, flowSymbol: 'inspection' });
    expect(before.children.find((c: { id: string }) => c.id === inspect.id).flowSymbol).toBeNull();
    expect(before.children.find((c: { id: string }) => c.id === inspect.id).version).toBe(inspect.version);
    // renaming it in the PFMEA needs the version the flow edit left, and the chart shows the new name
    const stale = await caller(api, owner, 'en-US').post('/api/fmea/renameNode', { id: inspect.id, version: inspect.version, name: 'Final inspection' });
    expect(stale.status).toBe(409);
    const renamed = await caller(api, owner).ok('POST', '/api/fmea/renameNode', { id: inspect.id, version: saved.version, name: 'Final inspection' });
    const flow = await caller(api, reader).ok('GET', GET().path);
    expect(flow.steps[2]).toMatchObject({ name: 'Final inspection', symbol: 'inspection', symbolChosen: true, inputs: 'Washed housing', version: renamed.version });
    steps[2] = { id: inspect.id, version: renamed.version };
  });

  it('is 401 / 403 without the edit button, 403 for a read-only member, 400 for a work element or an unknown symbol, 409 when stale', async () => {
    const body = { id: steps[1]!.id, version: steps[1]!.version, flowSymbol: 'transport' };
    const { token: noEdit } = await processEngineer('no-edit', ['add']);
    await expectRefused(api, { method: 'POST', path: '/api/processFlow/saveStep', body }, noEdit);
    const readOnly = await caller(api, reader, 'en-US').post('/api/processFlow/saveStep', body);
    expect([readOnly.status, readOnly.body.meta.message]).toEqual([403, READ_ONLY]);
    const element = await caller(api, editor, 'en-US').post('/api/processFlow/saveStep', { id: lathe.id, version: 1, flowSymbol: 'transport' });
    expect([element.status, element.body.meta.message]).toEqual([400, 'Only a process step stands on the flow chart; this node is not a process step']);
    const unknown = await caller(api, editor, 'en-US').post('/api/processFlow/saveStep', { ...body, flowSymbol: 'decision' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.issues[0]).toMatchObject({ field: 'flowSymbol' });
    const stale = await caller(api, editor).post('/api/processFlow/saveStep', { ...body, version: body.version + 5 });
    expect(stale.status).toBe(409);
  });
});

describe('POST /api/processFlow/reorder', () => {
  it('puts the steps in a new order that the PFMEA’s tree follows, refusing a stale version or a partial list', async () => {
    const flow = await caller(api, reader).ok('GET', GET().path);
    const current = flow.steps.map((s: { id: string; version: number }) => ({ id: s.id, version: s.version }));
    const [turn, wash, inspect] = current;
    const partial = await caller(api, editor, 'en-US').post('/api/processFlow/reorder', { projectId: project.id, steps: [inspect, turn] });
    expect(partial.status).toBe(400);
    expect(partial.body.data.issues[0].message).toBe('The new order must name each of the 3 process steps exactly once');
    const stale = await caller(api, editor).post('/api/processFlow/reorder', { projectId: project.id, steps: [inspect, turn, { ...wash, version: wash.version + 3 }] });
    expect(stale.status).toBe(409);
    const moved = await caller(api, editor).ok('POST', '/api/processFlow/reorder', { projectId: project.id, steps: [inspect, turn, wash] });
    expect(moved.steps.map((s: { name: string }) => s.name)).toEqual(['Final inspection', 'Turn bore', 'Wash']);
    const tree = await caller(api, reader).ok('GET', `/api/fmea/structureTree?projectId=${project.id}`);
    expect(tree.children.map((c: { name: string }) => c.name)).toEqual(['Final inspection', 'Turn bore', 'Wash']);
    const back = moved.steps.map((s: { id: string; version: number }) => ({ id: s.id, version: s.version }));
    await caller(api, editor).ok('POST', '/api/processFlow/reorder', { projectId: project.id, steps: [back[1], back[2], back[0]] });
    await expectRefused(api, { method: 'POST', path: '/api/processFlow/reorder', body: { projectId: project.id, steps: back } }, (await processEngineer('viewer', [])).token);
  });
});

describe('POST /api/processFlow/renumber', () => {
  it('numbers the steps in steps of 10 along the new order, refusing a stale version and a reader', async () => {
    const steps = (await caller(api, reader).ok('GET', GET().path)).steps;
    const current = steps.map((s: { id: string; version: number }) => ({ id: s.id, version: s.version }));
    const moved = await caller(api, editor).ok('POST', '/api/processFlow/reorder', { projectId: project.id, steps: [current[2], current[0], current[1]] });
    const before = moved.steps.map((s: { processNo: string }) => s.processNo);
    const read = moved.steps.map((s: { id: string; version: number }) => ({ id: s.id, version: s.version }));
    const stale = await caller(api, editor).post('/api/processFlow/renumber', { projectId: project.id, steps: [{ ...read[0], version: read[0].version + 3 }] });
    expect(stale.status).toBe(409);
    await expectRefused(api, { method: 'POST', path: '/api/processFlow/renumber', body: { projectId: project.id } }, (await processEngineer('viewer', [])).token);
    expect((await caller(api, reader).ok('GET', GET().path)).steps.map((s: { processNo: string }) => s.processNo)).toEqual(before);
    const renumbered = await caller(api, editor).ok('POST', '/api/processFlow/renumber', { projectId: project.id, steps: read });
    expect(renumbered.steps.map((s: { name: string; processNo: string }) => [s.name, s.processNo])).toEqual([
      ['Final inspection', '10'],
      ['Turn bore', '20'],
      ['Wash', '30'],
    ]);
  });
});

describe('POST /api/processFlow/saveBranch and deleteBranch', () => {
  it('adds a rework back to a step and a scrap, changes and deletes them', async () => {
    const [turn, , inspect] = (await caller(api, reader).ok('GET', GET().path)).steps;
    const as = caller(api, editor);
    const rework = await as.ok('POST', '/api/processFlow/saveBranch', { fromNodeId: inspect.id, kind: 'rework', toNodeId: turn.id, label: 'Oversize bore' });
    expect(rework).toMatchObject({ kind: 'rework', fromNodeId: inspect.id, toNodeId: turn.id, label: 'Oversize bore', version: 1 });
    const scrap = await as.ok('POST', '/api/processFlow/saveBranch', { fromNodeId: inspect.id, kind: 'scrap', label: 'Cracked' });
    const changed = await as.ok('POST', '/api/processFlow/saveBranch', { id: scrap.id, version: 1, label: 'Cracked wall' });
    expect(changed).toMatchObject({ id: scrap.id, kind: 'scrap', toNodeId: null, label: 'Cracked wall', version: 2 });
    const flow = await caller(api, reader).ok('GET', GET().path);
    expect(flow.branches.map((b: { kind: string; toStepId: string | null; label: string }) => [b.kind, b.toStepId, b.label])).toEqual([
      ['rework', turn.id, 'Oversize bore'],
      ['scrap', null, 'Cracked wall'],
    ]);
    expect(await as.ok('POST', '/api/processFlow/deleteBranch', { id: scrap.id, version: 2 })).toMatchObject({ id: scrap.id });
    expect((await caller(api, reader).ok('GET', GET().path)).branches.map((b: { id: string }) => b.id)).toEqual([rework.id]);
  });

  it('is 400 for a rework without target, scrap with one, a create without kind; 403 for a reader; 409 when stale', async () => {
    const [turn, , inspect] = (await caller(api, reader).ok('GET', GET().path)).steps;
    const as = caller(api, editor, 'en-US');
    const noTarget = await as.post('/api/processFlow/saveBranch', { fromNodeId: inspect.id, kind: 'rework' });
    expect([noTarget.status, noTarget.body.data.issues[0].message]).toEqual([400, 'A rework branch needs the process step it returns to']);
    const scrapTarget = await as.post('/api/processFlow/saveBranch', { fromNodeId: inspect.id, kind: 'scrap', toNodeId: turn.id });
    expect([scrapTarget.status, scrapTarget.body.data.issues[0].message]).toEqual([400, 'Scrap leaves the flow: it has no process step to return to']);
    const noKind = await as.post('/api/processFlow/saveBranch', { fromNodeId: inspect.id });
    expect([noKind.status, noKind.body.data.issues[0].field]).toEqual([400, 'kind']);
    const readOnly = await caller(api, reader, 'en-US').post('/api/processFlow/saveBranch', { fromNodeId: inspect.id, kind: 'scrap' });
    expect(readOnly.status).toBe(403);
    const branch = await caller(api, editor).ok('POST', '/api/processFlow/saveBranch', { fromNodeId: turn.id, kind: 'scrap' });
    expect((await as.post('/api/processFlow/deleteBranch', { id: branch.id, version: 9 })).status).toBe(409);
    await expectRefused(api, { method: 'POST', path: '/api/processFlow/deleteBranch', body: { id: branch.id, version: 1 } }, (await processEngineer('no-del', ['add', 'edit'])).token);
    await caller(api, editor).ok('POST', '/api/processFlow/deleteBranch', { id: branch.id, version: 1 });
  });
});
