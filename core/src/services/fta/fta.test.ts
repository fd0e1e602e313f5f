import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ftaEventLink, ftaTree, operationLog } from '../../db/schema/index.ts';
import type { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { readMefDocument, type FtaDocument } from '../../domain/fta/index.ts';
import { buildWindowLifter, createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { deleteFailure, rateCause, updateFailure } from '../fmea/failures.ts';
import { deleteProject, getProjectById } from '../fmea/projects.ts';
import type { ServiceContext } from '../shared/context.ts';
import {
  analyzeFtaTree,
  createFtaTree,
  deleteFtaTree,
  exportFtaMef,
  failureFtaLinks,
  generateFtaFromFmea,
  getFtaTree,
  importFtaMef,
  listFtaTrees,
  listProjectFtaLinks,
  listTreeLinks,
  reviewFtaLinks,
  saveFtaTree,
} from './index.ts';

const ARALIA = new URL('../../../../../shared/reference/fta-aralia/', import.meta.url);
const aralia = (name: string) => new Uint8Array(readFileSync(new URL(`${name}.xml`, ARALIA)));
const MB = 1024 * 1024;
const ALL = ['add', 'edit', 'del', 'import', 'export'];

let t: TestDatabase;
let team: Team;
/** Grants as the API's session gives them. */
const granted = (ctx: ServiceContext, fta: readonly string[] | null, dfmea: readonly string[] = ['add', 'edit', 'del']) =>
  t.as({ ...ctx.actor, grants: new Map([...(fta ? [['fta_index', new Set(fta)] as const] : []), ['dfmea_index', new Set(dfmea)] as const]) });
let engineer: ServiceContext;
let viewer: ServiceContext;
let stranger: ServiceContext;

beforeEach(async () => {
  t = await openTestDatabase({ now: () => new Date('2026-03-01T08:00:00Z') });
  team = await makeTeam(t);
  engineer = granted(team.editor, ALL);
  viewer = granted(team.reader, []);
  stranger = granted(team.outsider, ALL);
});
afterEach(() => t.dispose());

const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have been refused'), (e: DomainError) => e);

const PUMP: FtaDocument = {
  name: 'Pump',
  missionTime: 1000,
  top: 'TOP',
  gates: [{ name: 'TOP', label: 'No flow', operator: 'and', inputs: ['A', 'B'] }],
  basicEvents: [
    { name: 'A', model: { kind: 'probability', probability: 0.1 } },
    { name: 'B', label: 'Motor', model: { kind: 'exponential', rate: 1e-4 } },
  ],
  houseEvents: [],
  transfers: [],
};

describe('stored fault trees', () => {
  it('are created with an FT number, listed, read, saved against the version read and deleted, each write logged', async () => {
    const created = await createFtaTree(engineer, { name: 'Pump', document: PUMP, description: 'Feed pump' });
    expect(created).toMatchObject({ ftaNum: 'FT2603010001', name: 'Pump', missionTime: 1000, version: 1, status: 'draft', gateCount: 1, basicEventCount: 2, creatorName: expect.stringContaining('editor') });
    const starter = await createFtaTree(engineer, { name: 'Empty' });
    expect(starter.document.top).toBe('TOP');
    expect((await listFtaTrees(viewer, { search: 'feed' })).items.map((i) => i.ftaNum)).toEqual(['FT2603010001']);
    expect((await listFtaTrees(viewer, {})).total).toBe(2);
    expect((await getFtaTree(viewer, 'FT2603010001')).document).toEqual(PUMP);

    const changed = { ...PUMP, gates: [{ ...PUMP.gates[0]!, operator: 'or' as const }] };
    const saved = await saveFtaTree(engineer, created.id, { version: 1, document: changed, status: 'released' } as never);
    // a status in the changes is ignored: it moves only through the review flow (review.test.ts)
    expect(saved).toMatchObject({ version: 2, status: 'draft', document: { gates: [{ operator: 'or' }] } });
    expect(await refusal(saveFtaTree(engineer, created.id, { version: 1, document: PUMP }))).toMatchObject({ code: 'conflict', messageKey: 'fta.tree_stale' });

    await deleteFtaTree(engineer, created.ftaNum, { version: 2 });
    expect(await refusal(getFtaTree(viewer, created.ftaNum))).toMatchObject({ code: 'not_found' });
    expect((await listFtaTrees(viewer, {})).items.map((i) => i.name)).toEqual(['Empty']);
    const actions = (await t.db.select({ action: operationLog.action }).from(operationLog).orderBy(operationLog.at, sql`rowid`)).map((r) => r.action).filter((a) => a.startsWith('fta.'));
    expect(actions).toEqual(['fta.tree.create', 'fta.tree.create', 'fta.tree.save', 'fta.tree.delete']);
  });

  it('refuse a document with problems, each named in the user’s language, and change nothing', async () => {
    const created = await createFtaTree(engineer, { name: 'Pump', document: PUMP });
    const broken: FtaDocument = { ...PUMP, gates: [{ name: 'TOP', operator: 'atleast', min: 3, inputs: ['A', 'Z'] }], basicEvents: [{ name: 'A', model: { kind: 'probability', probability: 1.2 } }] };
    const error = await refusal(saveFtaTree(engineer, created.id, { version: 1, document: broken }));
    expect(error).toMatchObject({ code: 'invalid_input', messageKey: 'fta.document_invalid' });
    expect(translateError('en-US', error)).toBe(
      'The fault tree has problems; nothing was saved\nGate TOP uses Z, which is no gate or event of this tree\nVoting gate TOP: k must be a whole number from 1 to its 2 inputs\nBasic event A: the probability must be from 0 to 1 (got 1.2)',
    );
    expect(translateError('zh-CN', error).split('\n')[1]).toBe('门 TOP 引用了 Z，但它不是此树中的门或事件');
    expect(await refusal(saveFtaTree(engineer, created.id, { version: 1, name: ' ' }))).toMatchObject({ issues: [{ messageKey: 'fta.name_required', field: 'name' }] });
    expect((await getFtaTree(viewer, created.id)).version).toBe(1);
  });

  it('are the area’s: its route to read, a button for each write', async () => {
    const created = await createFtaTree(engineer, { name: 'Pump', document: PUMP });
    const noRoute = granted(team.reader, null);
    expect(await refusal(listFtaTrees(noRoute, {}))).toMatchObject({ code: 'not_allowed' });
    expect(await refusal(getFtaTree(noRoute, created.id))).toMatchObject({ code: 'not_allowed' });
    expect(await refusal(createFtaTree(viewer, { name: 'x' }))).toMatchObject({ code: 'not_allowed' });
    expect(await refusal(saveFtaTree(viewer, created.id, { version: 1, document: PUMP }))).toMatchObject({ code: 'not_allowed' });
    expect(await refusal(deleteFtaTree(viewer, created.id, { version: 1 }))).toMatchObject({ code: 'not_allowed' });
    expect(await refusal(importFtaMef(viewer, aralia('chinese'), { fileName: 'chinese.xml', limitBytes: MB }))).toMatchObject({ code: 'not_allowed' });
    expect(await refusal(exportFtaMef(viewer, created.id))).toMatchObject({ code: 'not_allowed' });
    expect((await analyzeFtaTree(viewer, created.id)).probability.exact).toBeCloseTo(0.1 * (1 - Math.exp(-0.1)), 14);
  });
});

describe('MEF import and export', () => {
  it('imports a model as a new tree that analyses to the published probability, and exports what imports back the same', async () => {
    const { trees } = await importFtaMef(engineer, aralia('chinese'), { fileName: 'chinese.xml', limitBytes: MB });
    expect(trees).toEqual([{ id: expect.any(String), ftaNum: 'FT2603010001', name: 'chinese' }]);
    const analysis = await analyzeFtaTree(viewer, 'FT2603010001', { listLimit: 5 });
    expect(Number(analysis.probability.exact.toPrecision(6))).toBe(0.00117058);
    expect(analysis).toMatchObject({ cutSetCount: 392, top: 'r1' });
    expect(analysis.minimalCutSets).toHaveLength(5);
    expect(analysis.cutSets[0]!.probability).toBeGreaterThan(0);

    const exported = await exportFtaMef(engineer, 'FT2603010001');
    expect(exported.fileName).toBe('FT2603010001.xml');
    const again = await importFtaMef(engineer, new TextEncoder().encode(exported.xml), { fileName: exported.fileName, limitBytes: MB });
    expect((await getFtaTree(viewer, again.trees[0]!.id)).document).toEqual((await getFtaTree(viewer, 'FT2603010001')).document);
  });

  it.each(['isp9605', 'das9601', 'edf9201'])('%s imports and gives the published probability', async (name) => {
    const expected = JSON.parse(readFileSync(new URL('expected.json', ARALIA), 'utf8')) as { trees: { tree: string; topProbability: number }[] };
    const { trees } = await importFtaMef(engineer, aralia(name), { fileName: `${name}.xml`, limitBytes: MB });
    const analysis = await analyzeFtaTree(viewer, trees[0]!.ftaNum, { listLimit: 0 });
    expect(Number(analysis.probability.exact.toPrecision(6))).toBe(Number(expected.trees.find((x) => x.tree === name)!.topProbability.toPrecision(6)));
  });

  it('stores each tree of a model, a transfer naming the new tree’s number; analysis and export follow it', async () => {
    const model = new TextEncoder().encode(
      '<opsa-mef><define-fault-tree name="system"><define-gate name="top"><and><gate name="sub"/><basic-event name="a"/></and></define-gate><define-gate name="sub"><gate name="valve"/></define-gate></define-fault-tree>' +
        '<define-fault-tree name="valves"><define-gate name="valve"><or><basic-event name="b"/><basic-event name="c"/></or></define-gate></define-fault-tree>' +
        '<model-data><define-basic-event name="a"><float value="0.5"/></define-basic-event><define-basic-event name="b"><float value="0.25"/></define-basic-event><define-basic-event name="c"><float value="0.5"/></define-basic-event></model-data></opsa-mef>',
    );
    const { trees } = await importFtaMef(engineer, model, { fileName: 'pair.xml', limitBytes: MB });
    expect(trees.map((x) => x.name)).toEqual(['system', 'valves']);
    expect((await getFtaTree(viewer, trees[0]!.id)).document.transfers).toEqual([{ name: 'sub', tree: trees[1]!.ftaNum }]);
    expect((await analyzeFtaTree(viewer, trees[0]!.id, { missionTime: 5 })).probability.exact).toBeCloseTo(0.5 * (1 - 0.75 * 0.5), 14);
    expect((await exportFtaMef(engineer, trees[0]!.id)).xml).toContain('<define-fault-tree name="valves">');
    // the other tree deleted: the transfer says so, in words
    await deleteFtaTree(engineer, trees[1]!.id, { version: 1 });
    const error = await refusal(analyzeFtaTree(viewer, trees[0]!.id));
    expect(translateError('en-US', error)).toBe(`In ${trees[0]!.ftaNum}, sub uses ${trees[1]!.ftaNum}, which is defined nowhere (or a transferred tree that no longer exists)`);
  });

  it('refuses a file that is too large, not XML, or not a model, naming the file, and stores nothing', async () => {
    expect(translateError('en-US', await refusal(importFtaMef(engineer, aralia('chinese'), { fileName: 'chinese.xml', limitBytes: 4096 })))).toBe('The file exceeds the size limit (4KB)');
    expect(translateError('en-US', await refusal(importFtaMef(engineer, aralia('chinese'), { fileName: 'chinese.txt', limitBytes: MB })))).toBe('chinese.txt is not an Open-PSA MEF file (.xml)');
    const bad = new TextEncoder().encode('<opsa-mef><define-fault-tree name="x"><define-gate name="g"><or><basic-event name="q"/></or></define-gate></define-fault-tree></opsa-mef>');
    expect(translateError('zh-CN', await refusal(importFtaMef(engineer, bad, { fileName: 'x.xml', limitBytes: MB })))).toBe('x.xml 中 g 引用了 q，但它没有定义（或所转移的故障树已不存在）');
    expect(await t.db.select().from(ftaTree)).toEqual([]);
  });
});

describe('trees generated from a DFMEA', () => {
  async function lifter() {
    const project = await createTeamProject(team);
    const w = await buildWindowLifter(team.owner, project);
    return { project, ...w };
  }

  it('make the effect the top event, modes OR gates, causes basic events at the occurrence table’s probability, all linked', async () => {
    const w = await lifter();
    const tree = await generateFtaFromFmea(engineer, { projectId: w.project.id, effectId: w.effect.id });
    expect(tree).toMatchObject({ name: 'Window does not close', projectId: w.project.id, projectNum: w.project.serialNum, projectType: 'dfmea', sourceFailureId: w.effect.id });
    expect(tree.document.gates).toEqual([
      { name: 'FE1', label: 'Window does not close', operator: 'or', inputs: ['FM1'] },
      { name: 'FM1', label: 'No torque transmitted', operator: 'or', inputs: ['FC1', 'FC2', 'FC3'] },
    ]);
    expect(tree.document.basicEvents.map((e) => [e.label, e.model])).toEqual([
      ['Teeth worn', { kind: 'probability', probability: 0.002 }],
      ['Teeth broken', { kind: 'probability', probability: 0.000001 }],
      ['Bearing seat loose', { kind: 'probability', probability: 0.00001 }],
    ]);
    const links = await listTreeLinks(engineer, tree.id);
    expect(links.map((l) => [l.eventName, l.eventKind, l.failureKind, l.reviewNeeded])).toEqual([
      ['FC1', 'basic', 'FC', false],
      ['FC2', 'basic', 'FC', false],
      ['FC3', 'basic', 'FC', false],
      ['FE1', 'top', 'FE', false],
      ['FM1', 'gate', 'FM', false],
    ]);
    // the FMEA side: the cause's cut sets and importance
    const worn = await failureFtaLinks(viewer, w.worn.id);
    // a member holding only the DFMEA route is not shown the FTA's content
    expect(await refusal(failureFtaLinks(team.reader, w.worn.id))).toMatchObject({ code: 'not_allowed' });
    expect(await refusal(listProjectFtaLinks(team.reader, w.project.id))).toMatchObject({ code: 'not_allowed' });
    expect(worn.links).toMatchObject([{ ftaNum: tree.ftaNum, eventName: 'FC1', cutSets: [{ events: ['FC1'], order: 1, probability: 0.002 }], complete: true, probability: 0.002 }]);
    expect(worn.links[0]!.fussellVesely).toBeGreaterThan(0.9);
  });

  it('needs membership of the project to generate, and read access to the project to read the tree', async () => {
    const w = await lifter();
    expect(await refusal(generateFtaFromFmea(stranger, { projectId: w.project.id, effectId: w.effect.id }))).toMatchObject({ code: 'not_allowed' });
    expect(await refusal(generateFtaFromFmea(engineer, { projectId: w.project.id, effectId: w.mode.id }))).toMatchObject({ messageKey: 'fta.generate_not_effect' });
    const tree = await generateFtaFromFmea(engineer, { projectId: w.project.id, effectId: w.effect.id });
    expect(await refusal(getFtaTree(stranger, tree.id))).toMatchObject({ code: 'not_allowed' });
    expect((await listFtaTrees(stranger, {})).items).toEqual([]);
    expect((await listFtaTrees(viewer, { projectId: w.project.id })).items.map((i) => i.id)).toEqual([tree.id]);
    expect(await refusal(failureFtaLinks(stranger, w.worn.id))).toMatchObject({ code: 'not_allowed' });

    // the project deleted: it restricts nothing any more, the tree stays readable under the area's route
    await deleteProject(team.owner, w.project.id, { version: (await getProjectById(team.owner, w.project.id)).version, confirm: true });
    expect((await getFtaTree(stranger, tree.id)).name).toBe('Window does not close');
    expect((await listFtaTrees(stranger, {})).items.map((i) => i.id)).toEqual([tree.id]);
  });

  it('mark a link for review when either side changes, until it is reviewed', async () => {
    const w = await lifter();
    const tree = await generateFtaFromFmea(engineer, { projectId: w.project.id, effectId: w.effect.id });
    const state = async () => Object.fromEntries((await listProjectFtaLinks(viewer, w.project.id)).map((l) => [l.eventName, l.reviewReasons]));

    // the FMEA side: a rating changed, a description changed, a cause deleted
    await rateCause(team.owner, w.worn.id, { version: w.worn.version, occurrence: 8 });
    await updateFailure(team.owner, w.broken.id, { version: w.broken.version, description: 'Teeth cracked' });
    await deleteFailure(team.owner, w.loose.id, { version: w.loose.version, confirm: true });
    expect(await state()).toEqual({ FC1: ['fmeaChanged'], FC2: ['fmeaChanged'], FC3: ['fmeaDeleted'], FE1: [], FM1: [] });

    // the tree side: the mode's gate changed
    const doc = tree.document;
    await saveFtaTree(engineer, tree.id, { version: 1, document: { ...doc, gates: [doc.gates[0]!, { ...doc.gates[1]!, operator: 'and' }] } });
    expect((await state()).FM1).toEqual(['treeChanged']);
    expect((await failureFtaLinks(viewer, w.mode.id)).links[0]).toMatchObject({ reviewNeeded: true, reviewReasons: ['treeChanged'] });

    expect(await reviewFtaLinks(engineer, tree.id)).toEqual({ reviewed: 4, removed: 1 });
    expect(await state()).toEqual({ FC1: [], FC2: [], FE1: [], FM1: [] });
    expect(await t.db.select({ n: ftaEventLink.id }).from(ftaEventLink).where(eq(ftaEventLink.treeId, tree.id))).toHaveLength(4);
  });
});
