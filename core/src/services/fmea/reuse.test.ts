import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { fmeaFailure, fmeaNode, fmeaProject, operationLog } from '../../db/schema/index.ts';
import { adminContext, buildSite, buildWindowLifter, createTeamProject, idOf, insertUser, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import { readRiskGrid } from './grid.ts';
import { copyProject } from './project-copy.ts';
import { listProjects } from './project-list.ts';
import { createProject, deleteProject, getProjectById } from './projects.ts';
import { addNode, deleteNode, nodeDeletionImpact } from './structure.ts';
import { borrowSubtree, copySubtree } from './structure-copy.ts';
import { getStructureTree } from './structure-tree.ts';
import { applyTemplate, createProjectFromTemplate, listTemplates, publishTemplate, saveTemplate } from './templates.ts';
import { buildHousingPfmea } from '../../testing/control-plan.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

const names = (node: { name: string; children: { nodeType: number; name: string; children: unknown[] }[] } | null): unknown =>
  node && { name: node.name, children: node.children.filter((c) => c.nodeType !== 2).map((c) => names(c as never)) };

describe('copying a project', () => {
  it('gives the owner a new number, the header, the whole analysis and a team of one', async () => {
    const source = await createTeamProject(team, { customer: null, subject: 'Front door', versionLabel: 'A1' });
    await buildWindowLifter(team.owner, source);
    const copy = await copyProject(team.owner, source.id, { name: 'Window lifter, copy' });
    expect(copy).toMatchObject({ name: 'Window lifter, copy', subject: 'Front door', versionLabel: 'A1', reviewStatus: 'draft', sourceKind: 'copy', sourceProjectId: source.id, isTemplate: 0 });
    expect(copy.serialNum).toMatch(/^DF/);
    expect(copy.serialNum).not.toBe(source.serialNum);
    expect(copy.members).toEqual([{ userId: idOf(team.owner), roles: [0] }]);
    expect(names(await getStructureTree(team.owner, copy.id))).toEqual(names(await getStructureTree(team.owner, source.id)));
    const grid = await readRiskGrid(team.owner, copy.id);
    expect(grid.items.map((r) => [r.effect?.description, r.cause?.description, r.severity, r.occurrence, r.detection])).toEqual([
      ['Window does not close', 'Teeth worn', 9, 6, 5],
      ['Window does not close', 'Teeth broken', 9, 2, 7],
      ['Window does not close', 'Bearing seat loose', 9, 3, 6],
    ]);
    // a plain copy is independent: no origin, and the source deletes without asking
    expect((await t.db.select().from(fmeaNode).where(eq(fmeaNode.projectId, copy.id))).every((n) => n.originId === null)).toBe(true);
    const log = await t.db.select().from(operationLog).where(eq(operationLog.entityId, copy.id)).orderBy(operationLog.at, sql`rowid`);
    expect(log.map((l) => l.action)).toEqual(['fmea.project.copy']);
  });

  it('is the owner’s or an administrator’s only', async () => {
    const source = await createTeamProject(team);
    await expect(copyProject(team.editor, source.id)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.owner_only' });
    await expect(copyProject(team.outsider, source.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    expect((await copyProject(await adminContext(t), source.id)).name).toBe(source.name);
  });
});

describe('borrowing', () => {
  it('copies a subtree into another project and remembers where it came from; deleting the original asks first', async () => {
    const source = await createTeamProject(team);
    const w = await buildWindowLifter(team.owner, source);
    const mine = await createProject(team.editor, { projectType: 'dfmea', name: 'Rear door', members: [{ userId: idOf(team.editor), roles: [0] }, { userId: idOf(team.owner), roles: [1] }] });
    const borrowed = await borrowSubtree(team.editor, w.gearbox.id, { targetParentId: mine.rootNodeId! });
    expect(borrowed).toMatchObject({ projectId: mine.id, name: 'Gearbox', originId: w.gearbox.id });
    const failures = await t.db.select().from(fmeaFailure).where(eq(fmeaFailure.projectId, mine.id));
    expect(failures.map((f) => f.originId).sort()).toEqual([w.mode.id, w.worn.id, w.broken.id, w.loose.id].sort());
    // the gearbox is used by the root (its effect's link) and now by three borrowed nodes
    const impact = await nodeDeletionImpact(team.owner, w.gearbox.id);
    expect(impact.count).toBe(4);
    expect(impact.usedByNodes).toContain(borrowed.id);
    const version = (await t.db.select().from(fmeaNode).where(eq(fmeaNode.id, w.gearbox.id)).get())!.version;
    await expect(deleteNode(team.owner, w.gearbox.id, { version })).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.node_in_use', params: { count: 4 } });
    await deleteNode(team.owner, w.gearbox.id, { version, confirm: true });
    // the borrowed copy stays
    expect((await getStructureTree(team.editor, mine.id))!.children.map((c) => c.name)).toContain('Gearbox');
  });

  it('borrows a whole project (its root merges into the node) only for the target’s owner', async () => {
    const source = await createTeamProject(team);
    await buildWindowLifter(team.owner, source);
    const mine = await createProject(team.editor, { projectType: 'dfmea', name: 'Rear door', members: [{ userId: idOf(team.editor), roles: [0] }, { userId: idOf(team.reader), roles: [1] }] });
    await expect(borrowSubtree(team.outsider, source.rootNodeId!, { targetParentId: mine.rootNodeId! })).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    const shared = await createProject(team.owner, { projectType: 'dfmea', name: 'Shared', members: [{ userId: idOf(team.owner), roles: [0] }, { userId: idOf(team.editor), roles: [1] }] });
    await expect(borrowSubtree(team.editor, source.rootNodeId!, { targetParentId: shared.rootNodeId! })).rejects.toMatchObject({ messageKey: 'permission.owner_only' });
    const root = await borrowSubtree(team.editor, source.rootNodeId!, { targetParentId: mine.rootNodeId! });
    expect(root.id).toBe(mine.rootNodeId);
    const tree = await getStructureTree(team.editor, mine.id);
    expect(tree!.children.map((c) => [c.nodeType, c.name])).toEqual([
      [2, 'Close window'],
      [9, 'Gearbox'],
    ]);
    // the source now asks before it is deleted: its nodes are used elsewhere
    const fresh = await getProjectById(team.owner, source.id);
    await expect(deleteProject(team.owner, source.id, { version: fresh.version })).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.project_in_use', params: { count: 3 } });
    await deleteProject(team.owner, source.id, { version: fresh.version, confirm: true });
  });
});

describe('basic rules treeCopyHeadOnly and treeDeleteHeadOnly', () => {
  it('leave copying and deleting nodes to the head of the team while on', async () => {
    const project = await createTeamProject(team);
    const w = await buildWindowLifter(team.editor, project);
    await setRuleFlag(t.ctx, 'treeCopyHeadOnly', '1');
    await expect(copySubtree(team.editor, w.gear.id, { targetParentId: w.rootId })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'fmea.tree_copy_head_only' });
    await expect(saveTemplate(team.editor, w.gearbox.id)).rejects.toMatchObject({ messageKey: 'fmea.tree_copy_head_only' });
    const copy = await copySubtree(team.owner, w.gear.id, { targetParentId: w.rootId });
    await setRuleFlag(t.ctx, 'treeCopyHeadOnly', '0');
    await copySubtree(team.editor, w.gear.id, { targetParentId: w.rootId });

    await setRuleFlag(t.ctx, 'treeDeleteHeadOnly', '1');
    await expect(deleteNode(team.editor, copy.id, { version: copy.version, confirm: true })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'fmea.tree_delete_head_only' });
    await deleteNode(team.owner, copy.id, { version: copy.version, confirm: true });
    await deleteNode(await adminContext(t), w.housing.id, { version: w.housing.version, confirm: true });
    await setRuleFlag(t.ctx, 'treeDeleteHeadOnly', '0');
    await deleteNode(team.editor, w.gear.id, { version: w.gear.version, confirm: true });
  });
});

describe('FMEA templates', () => {
  it('saves a node with its subnodes as a TD template, listed with who, when and from where, and out of the project lists', async () => {
    const project = await createTeamProject(team);
    const w = await buildWindowLifter(team.editor, project);
    const template = await saveTemplate(team.editor, w.gearbox.id, { name: 'Worm gearbox' });
    expect(template).toMatchObject({
      name: 'Worm gearbox',
      side: 'dfmea',
      kind: 'subtree',
      sourceProjectId: project.id,
      sourceProjectNum: project.serialNum,
      sourceNodeId: w.gearbox.id,
      createdBy: idOf(team.editor),
      nodeCount: 3,
      usedBy: 0,
      canDelete: true,
    });
    expect(template.serialNum).toMatch(/^TD/);
    expect(template).toMatchObject({ scope: 'private', canPublish: false });
    // private until the source project's responsible person publishes it
    expect((await listTemplates(team.reader)).map((x) => x.id)).toEqual([]);
    await expect(createProjectFromTemplate(team.reader, template.id, { name: 'Gear unit' })).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmea.template_not_found' });
    await expect(publishTemplate(team.editor, template.id, { scope: 'all' })).rejects.toMatchObject({ messageKey: 'permission.template_publish_owner_only' });
    expect((await listTemplates(team.owner)).map((x) => [x.id, x.canPublish])).toEqual([[template.id, true]]);
    expect(await publishTemplate(team.owner, template.id, { scope: 'all' })).toMatchObject({ scope: 'all' });
    expect((await listTemplates(team.reader)).map((x) => x.id)).toEqual([template.id]);
    // a project from it: the node under a product node named after the project
    const made = await createProjectFromTemplate(team.reader, template.id, { name: 'Gear unit' });
    expect(names(await getStructureTree(team.reader, made.id))).toEqual({ name: 'Gear unit', children: [{ name: 'Gearbox', children: [{ name: 'Gear', children: [] }, { name: 'Housing', children: [] }] }] });
    expect((await listTemplates(team.reader, { side: 'pfmea' })).map((x) => x.id)).toEqual([]);
    expect((await listTemplates(team.reader))[0]!.canDelete).toBe(false);
    const listed = await listProjects(team.editor, {});
    expect(listed.items.map((p) => p.id)).not.toContain(template.id);
  });

  it('refuses a node without subnodes, and a read-only member', async () => {
    const project = await createTeamProject(team);
    const w = await buildWindowLifter(team.editor, project);
    await expect(saveTemplate(team.editor, w.gear.id)).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'fmea.template_needs_subnodes' });
    await expect(saveTemplate(team.reader, w.gearbox.id)).rejects.toMatchObject({ messageKey: 'permission.project_read_only' });
    expect(await t.db.select().from(fmeaProject).where(eq(fmeaProject.isTemplate, 1))).toEqual([]);
  });

  it('creates a project from a basic FMEA with the copied analysis, and the template asks before it is deleted', async () => {
    const project = await createTeamProject(team, { subject: 'Front door' });
    const w = await buildWindowLifter(team.editor, project);
    const basic = await saveTemplate(team.owner, w.rootId);
    expect(basic).toMatchObject({ kind: 'basic', nodeCount: 3, name: project.name });
    await publishTemplate(team.owner, basic.id, { scope: 'all' });
    const made = await createProjectFromTemplate(team.reader, basic.serialNum, { name: 'Sliding door' });
    expect(made).toMatchObject({ name: 'Sliding door', subject: 'Front door', sourceKind: 'fromTemplate', sourceProjectId: basic.id, canEdit: true });
    expect(made.members).toEqual([{ userId: idOf(team.reader), roles: [0] }]);
    const grid = await readRiskGrid(team.reader, made.id);
    expect(grid.items.map((r) => [r.effect?.description, r.mode?.description, r.cause?.description])).toEqual([
      ['Window does not close', 'No torque transmitted', 'Teeth worn'],
      ['Window does not close', 'No torque transmitted', 'Teeth broken'],
      ['Window does not close', 'No torque transmitted', 'Bearing seat loose'],
    ]);
    const version = (await t.db.select().from(fmeaProject).where(eq(fmeaProject.id, basic.id)).get())!.version;
    await expect(deleteProject(team.reader, basic.id, { version })).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    await expect(deleteProject(team.owner, basic.id, { version })).rejects.toMatchObject({ messageKey: 'fmea.project_in_use', params: { count: 1 } });
    await deleteProject(team.owner, basic.id, { version, confirm: true });
    expect(await listTemplates(team.owner)).toEqual([]);
  });

  it('inserts a template under a node; a basic FMEA only on a product node', async () => {
    const project = await createTeamProject(team);
    const w = await buildWindowLifter(team.editor, project);
    const sub = await saveTemplate(team.editor, w.gearbox.id);
    const basic = await saveTemplate(team.owner, w.rootId);
    await publishTemplate(team.owner, basic.id, { scope: 'all' });
    const target = await createTeamProject(team, { name: 'Tailgate' });
    const hinge = await addNode(team.editor, { parentId: target.rootNodeId!, name: 'Hinge' });
    const { node, counts } = await applyTemplate(team.editor, sub.id, { targetNodeId: hinge.id });
    expect(node.id).toBe(hinge.id);
    expect(counts).toMatchObject({ nodes: 3, failures: 4 });
    const tree = await getStructureTree(team.editor, target.id);
    expect(names(tree)).toEqual({ name: target.name, children: [{ name: 'Hinge', children: [{ name: 'Gearbox', children: [{ name: 'Gear', children: [] }, { name: 'Housing', children: [] }] }] }] });
    await expect(applyTemplate(team.editor, basic.id, { targetNodeId: hinge.id })).rejects.toMatchObject({ messageKey: 'fmea.basic_template_product_only' });
    await applyTemplate(team.editor, basic.id, { targetNodeId: target.rootNodeId! });
    // a reader of the target may use a published template, but not write into a project they only read
    await expect(applyTemplate(team.reader, sub.id, { targetNodeId: hinge.id })).rejects.toMatchObject({ messageKey: 'fmea.template_not_found' });
    await publishTemplate(team.owner, sub.id, { scope: 'all' });
    await expect(applyTemplate(team.reader, sub.id, { targetNodeId: hinge.id })).rejects.toMatchObject({ messageKey: 'permission.project_read_only' });
    // the template's nodes are used by the inserted ones
    expect((await listTemplates(team.editor)).find((x) => x.id === sub.id)!.usedBy).toBe(3);
  });

  it('PFMEA: a step with its work elements is a TP template, inserted only under the process item', async () => {
    const members = [{ userId: idOf(team.owner), roles: [0] }];
    const { project, ids } = await buildHousingPfmea(team.owner, members);
    const template = await saveTemplate(team.owner, ids['op10']!);
    expect(template.serialNum).toMatch(/^TP/);
    expect(template).toMatchObject({ side: 'pfmea', kind: 'subtree' });
    const target = await buildHousingPfmea(team.owner, members);
    await expect(applyTemplate(team.owner, template.id, { targetNodeId: target.ids['op20']! })).rejects.toMatchObject({ messageKey: 'fmea.process_template_last_level' });
    await applyTemplate(team.owner, template.id, { targetNodeId: target.project.rootNodeId! });
    const design = await createTeamProject(team);
    await expect(applyTemplate(team.owner, template.id, { targetNodeId: design.rootNodeId! })).rejects.toMatchObject({ messageKey: 'pfmea.copy_between_kinds' });
    expect(project.id).not.toBe(target.project.id);
  });
});

describe('who sees a template (never a way around project membership)', () => {
  it('saves a whole project as a basic template for its responsible person or an administrator only', async () => {
    const project = await createTeamProject(team);
    const w = await buildWindowLifter(team.editor, project);
    await expect(saveTemplate(team.editor, w.rootId)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.template_owner_only' });
    expect(await t.db.select().from(fmeaProject).where(eq(fmeaProject.isTemplate, 1))).toEqual([]);
    expect((await saveTemplate(await adminContext(t), w.rootId)).kind).toBe('basic');
  });

  it('opens a published template to its saver’s site only, or to every site, and withdraws it again', async () => {
    const plantA = await buildSite(t.ctx);
    const plantB = await buildSite(t.ctx);
    const inA = async (label: string, siteId: string) => {
      const { id, userName } = await insertUser(t.db, { label, siteId });
      return t.as({ userId: id, userName });
    };
    const owner = await inA('owner', plantA.id);
    const colleague = await inA('colleague', plantA.id);
    const stranger = await inA('stranger', plantB.id);
    const project = await createProject(owner, { projectType: 'dfmea', name: 'Door', members: [{ userId: idOf(owner), roles: [0] }] });
    const w = await buildWindowLifter(owner, project);
    const template = await saveTemplate(owner, w.gearbox.id);
    expect(template).toMatchObject({ scope: 'private', siteId: plantA.id, canPublish: true });
    const visibleTo = async (ctx: typeof owner) => (await listTemplates(ctx)).map((x) => x.id);
    expect(await visibleTo(colleague)).toEqual([]);
    await publishTemplate(owner, template.id, { scope: 'site' });
    expect(await visibleTo(colleague)).toEqual([template.id]);
    expect(await visibleTo(stranger)).toEqual([]);
    await expect(applyTemplate(stranger, template.id, { targetNodeId: (await createProject(stranger, { projectType: 'dfmea', name: 'B', members: [{ userId: idOf(stranger), roles: [0] }] })).rootNodeId! })).rejects.toMatchObject({ messageKey: 'fmea.template_not_found' });
    await publishTemplate(owner, template.id, { scope: 'all' });
    expect(await visibleTo(stranger)).toEqual([template.id]);
    await publishTemplate(owner, template.id, { scope: 'private' });
    expect(await visibleTo(stranger)).toEqual([]);
    expect(await visibleTo(await adminContext(t))).toContain(template.id);
    const log = await t.db.select().from(operationLog).where(eq(operationLog.action, 'fmea.template.publish')).orderBy(operationLog.id);
    expect(log.map((l) => (l.after as { scope: string }).scope)).toEqual(['site', 'all', 'private']);
  });
});

describe('creating a project for another owner (spec 000 §6)', () => {
  it('asks the creator to confirm, then leaves them counsellor whatever they named', async () => {
    const input = { projectType: 'dfmea' as const, name: 'Seat rail', members: [{ userId: idOf(team.owner), roles: [0] }, { userId: idOf(team.outsider), roles: [1] }] };
    await expect(createProject(team.outsider, input)).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.creator_hand_over', params: { ownerId: idOf(team.owner) } });
    expect(await t.db.select().from(fmeaProject)).toEqual([]);
    const project = await createProject(team.outsider, { ...input, confirmHandOver: true });
    expect(project.members).toEqual([
      { userId: idOf(team.owner), roles: [0] },
      { userId: idOf(team.outsider), roles: [2] },
    ]);
    expect(project.canEdit).toBe(false);
    expect(project.creatorId).toBe(idOf(team.outsider));
    // an administrator keeps editing as administrator: not asked
    const admin = await adminContext(t);
    expect((await createProject(admin, input)).canEdit).toBe(true);
  });
});
