import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTeamProject, makeTeam, type Team } from '../../testing/index.ts';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord } from '../catalog/flow.ts';
import { createCatalogRecord } from '../catalog/records.ts';
import { openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';
import { applyProcessProcedure } from './process-templates.ts';
import { getStructureTree } from './structure-tree.ts';
import { addNode } from './structure.ts';

let w: CatalogWorld;
let team: Team;
beforeEach(async () => {
  w = await openCatalogWorld();
  team = await makeTeam(w.t);
});
afterEach(() => w.t.dispose());

async function released(type: string, values: Record<string, unknown>) {
  const draft = await createCatalogRecord(w.author, type, { values });
  const applied = await applyCatalogRecord(w.author, draft.id, { version: draft.version });
  const audited = await auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: 'ok' });
  return approveCatalogRecord(w.approver, draft.id, { version: audited.version });
}

const refused = (p: Promise<unknown>) => p.then(() => 'applied', (e: { messageKey: string }) => e.messageKey);

describe('applying a process procedure from the catalog', () => {
  it('makes a numbered step under the process item with its elements as typed work elements', async () => {
    const procedure = await released('processProcedure', { procedureName: '精车轴承座', enProcedureName: 'Finish-turn bearing seat' });
    const lathe = await released('procedureElement', { elementName: '数控车床', enElementName: 'CNC lathe', elementType: 'machine' });
    const gauge = await released('procedureElement', { elementName: '内径量表', enElementName: 'Bore gauge', elementType: 'measurement' });
    const operator = await released('procedureElement', { elementName: '操作工', enElementName: 'Operator', elementType: 'man' });
    const project = await createTeamProject(team, { projectType: 'pfmea' });
    await addNode(team.editor, { parentId: project.rootNodeId!, name: 'Receive castings' });

    const { step, elements } = await applyProcessProcedure(team.editor, { parentId: project.rootNodeId!, procedureRecordId: procedure.id, elementRecordIds: [lathe.id, gauge.id, operator.id] });
    expect(step).toMatchObject({ name: '精车轴承座', processNo: '20', parentId: project.rootNodeId });
    expect(elements.map((e) => [e.name, e.workElementType, e.parentId])).toEqual([
      ['数控车床', 'machine', step.id],
      ['内径量表', 'machine', step.id],
      ['操作工', 'man', step.id],
    ]);
    const tree = await getStructureTree(team.reader, project.id);
    expect(tree!.children.map((n) => n.name)).toEqual(['Receive castings', '精车轴承座']);
  });

  it('only under the process item, only released records of the right type, never a method element, and never for a reader', async () => {
    const procedure = await released('processProcedure', { procedureName: '清洗', enProcedureName: 'Wash' });
    const method = await released('procedureElement', { elementName: '作业指导书', enElementName: 'Work instruction', elementType: 'method' });
    const draft = await createCatalogRecord(w.author, 'processProcedure', { values: { procedureName: '包装', enProcedureName: 'Pack' } });
    const project = await createTeamProject(team, { projectType: 'pfmea' });
    const step = await addNode(team.editor, { parentId: project.rootNodeId!, name: 'Turn' });
    expect(await refused(applyProcessProcedure(team.editor, { parentId: step.id, procedureRecordId: procedure.id }))).toBe('pfmea.procedure_under_item_only');
    expect(await refused(applyProcessProcedure(team.editor, { parentId: project.rootNodeId!, procedureRecordId: draft.id }))).toBe('pfmea.catalog_record_unusable');
    expect(await refused(applyProcessProcedure(team.editor, { parentId: project.rootNodeId!, procedureRecordId: method.id }))).toBe('pfmea.catalog_record_unusable');
    expect(await refused(applyProcessProcedure(team.editor, { parentId: project.rootNodeId!, procedureRecordId: procedure.id, elementRecordIds: [method.id] }))).toBe('pfmea.catalog_element_type_unusable');
    expect(await refused(applyProcessProcedure(team.reader, { parentId: project.rootNodeId!, procedureRecordId: procedure.id }))).toBe('permission.project_read_only');
    const dfmea = await createTeamProject(team);
    expect(await refused(applyProcessProcedure(team.editor, { parentId: dfmea.rootNodeId!, procedureRecordId: procedure.id }))).toBe('pfmea.procedure_under_item_only');
    // nothing was written by the refusals
    expect((await getStructureTree(team.reader, project.id))!.children.map((n) => n.name)).toEqual(['Turn']);
  });
});
