import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { translateError } from '../../i18n/index.ts';
import type { DomainError } from '../../errors.ts';
import { bomWorkbook, createTeamProject, DOOR_BOM, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { createCatalogRecord } from '../catalog/records.ts';
import { addNode } from '../fmea/structure.ts';
import { getStructureTree, type StructureTreeNode } from '../fmea/structure-tree.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import { deleteBom, generateStructureFromBom, getBomTree, importBom } from './index.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase({ now: () => new Date('2026-03-01T08:00:00Z') });
  team = await makeTeam(t);
  await createCatalogRecord(t.ctx, 'product', { serialNum: 'PA-DOOR', values: { productName: 'Door module' } });
  // the system operator (CLI) holds every route
  await importBom(t.ctx, 'PA-DOOR', await bomWorkbook(DOOR_BOM));
});
afterEach(() => t.dispose());

const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have been refused'), (e: DomainError) => e);
const outline = (node: StructureTreeNode, depth = 0): string[] => [`${'  '.repeat(depth)}${node.nodeType} ${node.name}`, ...node.children.flatMap((c) => outline(c, depth + 1))];

describe('generating a DFMEA structure from a BOM', () => {
  it('makes every part a node under its parent part’s node, assemblies fixed (12), the rest elements (9)', async () => {
    const project = await createTeamProject(team, { name: 'Door DFMEA' });
    const result = await generateStructureFromBom(team.editor, project.id, 'PA-DOOR');
    expect(result).toMatchObject({ projectId: project.id, bomNum: 'PB2603010001', created: 5, reused: 0 });
    expect(outline((await getStructureTree(team.reader, project.id))!)).toEqual([
      '1 Door DFMEA',
      '  12 Door',
      '    12 Frame',
      '      9 Hinge',
      '    9 Glass',
      '  9 Seal',
    ]);
  });

  it('adds nothing the tree already has: a second run and nodes of the same name are taken as they are', async () => {
    const project = await createTeamProject(team, { name: 'Door DFMEA' });
    await addNode(team.editor, { parentId: project.rootNodeId!, name: 'Seal' });
    expect(await generateStructureFromBom(team.owner, project.id, 'PA-DOOR')).toMatchObject({ created: 4, reused: 1 });
    expect(await generateStructureFromBom(team.owner, project.id, 'PA-DOOR')).toMatchObject({ created: 0, reused: 5 });
    expect(outline((await getStructureTree(team.reader, project.id))!)).toHaveLength(6);
  });

  it('needs a project the caller may edit: read-only members and outsiders are refused', async () => {
    const project = await createTeamProject(team);
    expect(await refusal(generateStructureFromBom(team.reader, project.id, 'PA-DOOR'))).toMatchObject({ messageKey: 'permission.project_read_only' });
    expect(await refusal(generateStructureFromBom(team.outsider, project.id, 'PA-DOOR'))).toMatchObject({ messageKey: 'permission.not_project_member' });
  });

  it('leaves it to the head of the team while bomImportHeadOnly is on', async () => {
    const project = await createTeamProject(team);
    await setRuleFlag(t.ctx, 'bomImportHeadOnly', '1');
    const error = await refusal(generateStructureFromBom(team.editor, project.id, 'PA-DOOR'));
    expect(error).toMatchObject({ code: 'not_allowed', messageKey: 'bom.head_only' });
    expect(translateError('en-US', error)).toBe('Only the head of the FMEA team may generate the structure from a BOM');
    expect(translateError('zh-CN', error)).toBe('只有 FMEA 团队负责人可以从 BOM 生成结构');
    expect(await generateStructureFromBom(team.owner, project.id, 'PA-DOOR')).toMatchObject({ created: 5 });
    await setRuleFlag(t.ctx, 'bomImportHeadOnly', '0');
    expect(await generateStructureFromBom(team.editor, project.id, 'PA-DOOR')).toMatchObject({ created: 0 });
  });

  it('says “original BOM deleted” when the BOM picked went away, and names a product that does not exist', async () => {
    const project = await createTeamProject(team);
    const picked = (await getBomTree(t.ctx, 'PA-DOOR')).bom!;
    await deleteBom(t.ctx, 'PA-DOOR', { version: picked.version });
    const gone = await refusal(generateStructureFromBom(team.editor, project.id, 'PA-DOOR', { bomId: picked.id }));
    expect(gone).toMatchObject({ code: 'not_found', messageKey: 'bom.deleted' });
    expect(translateError('zh-CN', gone)).toBe('原 BOM 已删除');
    expect(await refusal(generateStructureFromBom(team.editor, project.id, 'PA-DOOR'))).toMatchObject({ messageKey: 'bom.deleted' });
    expect(await refusal(generateStructureFromBom(team.editor, project.id, 'PA-NONE'))).toMatchObject({ messageKey: 'bom.product_missing' });
    // a new BOM is the product's BOM again; the old pick stays refused
    await importBom(t.ctx, 'PA-DOOR', await bomWorkbook(DOOR_BOM));
    expect(await refusal(generateStructureFromBom(team.editor, project.id, 'PA-DOOR', { bomId: picked.id }))).toMatchObject({ messageKey: 'bom.deleted' });
    expect(await generateStructureFromBom(team.editor, project.id, 'PA-DOOR')).toMatchObject({ created: 5, bomNum: 'PB2603010002' });
  });

  it('keeps a family FMEA to one item under the product', async () => {
    const project = await createTeamProject(team, { projectType: 'family' });
    expect(await refusal(generateStructureFromBom(team.editor, project.id, 'PA-DOOR'))).toMatchObject({ messageKey: 'fmea.import_invalid' });
  });
});
