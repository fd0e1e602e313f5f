import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fmeaCharacteristic, fmeaFunction, fmeaNode } from '../../db/schema/index.ts';
import { createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import { importAnalysis, type AnalysisImport } from './import.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

const process: AnalysisImport = {
  nodes: [
    { key: 'op10', name: 'Turn housing', processNo: '10' },
    { key: 'op-unnumbered', name: 'Deburr' },
    { key: 'op25', name: 'Wash', processNo: ' 25 ' },
    { key: 'operator', parentKey: 'op10', name: 'Operator', workElementType: 'man' },
    { key: 'lathe', parentKey: 'op10', name: 'CNC lathe', workElementType: 'machine' },
  ],
  functions: [
    { key: 'deliver', nodeKey: '@root', description: 'Deliver housings to assembly', functionScope: 'shipTo' },
    { key: 'turn', nodeKey: 'op10', description: 'Turn bearing seat to size' },
    { key: 'cut', nodeKey: 'lathe', description: 'Hold cutting speed' },
  ],
  characteristics: [
    { functionKey: 'turn', name: 'Bearing seat diameter', characteristicClass: 'critical', special: true },
    { functionKey: 'cut', name: 'Spindle speed', characteristicClass: 'significant', special: true, characteristicKind: 'process' },
  ],
};

const pfmea = () => createTeamProject(team, { projectType: 'pfmea' });
const refusal = async (promise: Promise<unknown>) => {
  const error = (await promise.catch((e: unknown) => e)) as { messageKey: string; issues: { messageKey: string; row?: number; field?: string }[] };
  expect(error.messageKey).toBe('fmea.import_invalid');
  return error.issues.map((i) => `${i.field}#${i.row ?? '-'}:${i.messageKey}`);
};

describe('importing a PFMEA process structure', () => {
  it('stores numbers, 4M types, scopes and kinds; a step without a number gets the next one', async () => {
    const project = await pfmea();
    const result = await importAnalysis(team.editor, project.id, process);
    const nodes = await t.db.select().from(fmeaNode).where(eq(fmeaNode.projectId, project.id));
    const byId = new Map(nodes.map((n) => [n.id, n]));
    expect(byId.get(result.ids.op10!)).toMatchObject({ processNo: '10', workElementType: null });
    expect(byId.get(result.ids.op25!)).toMatchObject({ processNo: '25' });
    expect(byId.get(result.ids['op-unnumbered']!)).toMatchObject({ processNo: '30' });
    expect(byId.get(result.ids.lathe!)).toMatchObject({ processNo: null, workElementType: 'machine' });
    const [deliver] = await t.db.select().from(fmeaFunction).where(eq(fmeaFunction.id, result.ids.deliver!));
    expect(deliver!.functionScope).toBe('shipTo');
    const characteristics = await t.db.select().from(fmeaCharacteristic).where(eq(fmeaCharacteristic.projectId, project.id));
    expect(characteristics.map((c) => [c.name, c.characteristicKind]).sort()).toEqual([
      ['Bearing seat diameter', 'product'],
      ['Spindle speed', 'process'],
    ]);
  });

  it('a second import continues the numbers and refuses one in use', async () => {
    const project = await pfmea();
    await importAnalysis(team.editor, project.id, process);
    expect(await refusal(importAnalysis(team.editor, project.id, { nodes: [{ key: 'again', name: 'Again', processNo: 'op10'.slice(2) }] }))).toEqual(['nodes.processNo#1:pfmea.process_no_taken']);
    const next = await importAnalysis(team.editor, project.id, { nodes: [{ key: 'pack', name: 'Pack' }] });
    const [pack] = await t.db.select().from(fmeaNode).where(eq(fmeaNode.id, next.ids.pack!));
    expect(pack!.processNo).toBe('40');
  });

  it('leaves numbers out when isGenerateProcessNoRequired is off', async () => {
    await setRuleFlag(t.ctx, 'isGenerateProcessNoRequired', '0');
    const project = await pfmea();
    const result = await importAnalysis(team.editor, project.id, process);
    const [step] = await t.db.select().from(fmeaNode).where(eq(fmeaNode.id, result.ids['op-unnumbered']!));
    expect(step!.processNo).toBeNull();
  });

  it('refuses rows against the process rules, each named by list, field and row, and writes nothing', async () => {
    const project = await pfmea();
    const bad: AnalysisImport = {
      nodes: [
        { key: 'op10', name: 'Turn', processNo: '10', workElementType: 'man' },
        { key: 'op10b', name: 'Turn again', processNo: '10' },
        { key: 'noType', parentKey: 'op10', name: 'Somebody' },
        { key: 'tooDeep', parentKey: 'noType', name: 'Below a work element', workElementType: 'man' },
        { key: 'numbered', parentKey: 'op10', name: 'Fixture', workElementType: 'machine', processNo: '10.1' },
      ],
      functions: [{ key: 'turn', nodeKey: 'op10', description: 'Turn', functionScope: 'plant' }],
      characteristics: [
        { functionKey: 'turn', name: 'Diameter', characteristicClass: 'general', characteristicKind: 'process' },
        { functionKey: 'turn', name: 'Length', characteristicClass: 'general', customerClass: '◆' },
      ],
    };
    expect(await refusal(importAnalysis(team.editor, project.id, bad))).toEqual([
      'nodes.workElementType#1:pfmea.work_element_type_element_only',
      'nodes.processNo#2:pfmea.process_no_taken',
      'nodes.workElementType#3:pfmea.work_element_type_required',
      'nodes.parentKey#4:pfmea.tree_too_deep',
      'nodes.processNo#5:pfmea.process_no_on_step_only',
      'functions.functionScope#1:pfmea.function_scope_item_only',
      'characteristics.characteristicKind#1:pfmea.characteristic_kind_on_step',
      'characteristics.customerClass#2:pfmea.customer_class_unknown',
    ]);
    expect(await t.db.select().from(fmeaNode).where(eq(fmeaNode.projectId, project.id))).toHaveLength(1);
  });

  it('a DFMEA refuses the process fields and imports as before', async () => {
    const project = await createTeamProject(team);
    expect(await refusal(importAnalysis(team.editor, project.id, process))).toEqual([
      'nodes.processNo#1:pfmea.process_field_pfmea_only',
      'nodes.processNo#3:pfmea.process_field_pfmea_only',
      'nodes.workElementType#4:pfmea.process_field_pfmea_only',
      'nodes.workElementType#5:pfmea.process_field_pfmea_only',
      'functions.functionScope#1:pfmea.process_field_pfmea_only',
      'characteristics.characteristicKind#2:pfmea.process_field_pfmea_only',
    ]);
  });
});
