import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDictionaryItems, createTeamProject, makeTeam, type Team } from '../../testing/index.ts';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord } from '../catalog/flow.ts';
import { createCatalogRecord } from '../catalog/records.ts';
import { openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';
import { addCharacteristic, updateCharacteristic } from './characteristics.ts';
import { addFunction } from './functions.ts';
import { importAnalysis } from './import.ts';
import { addNode } from './structure.ts';
import { projectClassNamer } from './feature-classes.ts';
import { exportProcessFlow } from '../pfmea/flow-export.ts';
import { readProcessFlow } from '../pfmea/flow.ts';

let w: CatalogWorld;
let team: Team;
beforeEach(async () => {
  w = await openCatalogWorld();
  team = await makeTeam(w.t);
  await addDictionaryItems(w.t.ctx, 'customer', [['1', '上汽大众', 'SAIC Volkswagen']]);
});
afterEach(() => w.t.dispose());

async function released(values: Record<string, unknown>) {
  const draft = await createCatalogRecord(w.author, 'featureClassification', { values });
  const applied = await applyCatalogRecord(w.author, draft.id, { version: draft.version });
  const audited = await auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: 'ok' });
  return approveCatalogRecord(w.approver, draft.id, { version: audited.version });
}

describe('a characteristic’s customer class', () => {
  it('is one of the project’s classes (its customer’s), stored as the catalog spells it; another customer’s or a draft is refused', async () => {
    await released({ category: '◆', priority: 1, customer: 'SAIC Volkswagen', isRelateSod: '1' });
    await released({ category: 'CC', priority: 1 });
    await createCatalogRecord(w.author, 'featureClassification', { values: { category: '▲', priority: 2, customer: '上汽大众' } });
    const project = await createTeamProject(team, { projectType: 'pfmea', customer: '1' });
    const step = await addNode(team.editor, { parentId: project.rootNodeId!, name: 'Turn' });
    const fn = await addFunction(team.editor, { nodeId: step.id, description: 'Turn seat' });
    const diameter = await addCharacteristic(team.editor, { functionId: fn.id, name: 'Diameter', characteristicClass: 'critical', special: true, customerClass: ' ◆ ' });
    expect(diameter.customerClass).toBe('◆');
    const refusal = (p: Promise<unknown>) => p.catch((e: { issues: { messageKey: string }[] }) => e.issues.map((i) => i.messageKey));
    // the general 'CC' is not this customer's scheme, the draft '▲' is not released
    expect(await refusal(addCharacteristic(team.editor, { functionId: fn.id, name: 'Length', characteristicClass: 'general', customerClass: 'CC' }))).toEqual(['pfmea.customer_class_unknown']);
    expect(await refusal(addCharacteristic(team.editor, { functionId: fn.id, name: 'Length', characteristicClass: 'general', customerClass: '▲' }))).toEqual(['pfmea.customer_class_unknown']);
    expect((await updateCharacteristic(team.editor, diameter.id, { version: diameter.version, customerClass: null })).customerClass).toBeNull();
  });

  it('a DFMEA of a customer without classes uses the general ones, in the import too', async () => {
    await released({ category: 'CC', priority: 1 });
    const project = await createTeamProject(team);
    const result = await importAnalysis(team.editor, project.id, {
      functions: [{ key: 'f', nodeKey: '@root', description: 'Close window' }],
      characteristics: [{ functionKey: 'f', name: 'Force', characteristicClass: 'critical', customerClass: 'cc' }],
    });
    expect(result.counts.characteristics).toBe(1);
  });

  it('reads in the reader’s language: the record’s English name in English, the Chinese where it has none', async () => {
    await released({ category: '安全特性（S）', enCategory: 'Safety characteristic (S)', priority: 1, customer: 'SAIC Volkswagen' });
    await released({ category: '功能特性（F）', priority: 2, customer: 'SAIC Volkswagen' });
    const project = await createTeamProject(team, { projectType: 'pfmea', customer: '1' });
    const step = await addNode(team.editor, { parentId: project.rootNodeId!, name: 'Bore' });
    const fn = await addFunction(team.editor, { nodeId: step.id, description: 'Bore the housing' });
    await addCharacteristic(team.editor, { functionId: fn.id, name: 'Bore distance', characteristicClass: 'critical', special: true, customerClass: '安全特性（S）' });
    await addCharacteristic(team.editor, { functionId: fn.id, name: 'Bore diameter', characteristicClass: 'general', customerClass: '功能特性（F）' });
    const marks = async (locale?: 'zh-CN' | 'en-US') => (await readProcessFlow(team.editor, project.id, locale)).flow.steps.flatMap((s) => s.productCharacteristics.map((c) => c.mark));
    expect(await marks('en-US')).toEqual(['Safety characteristic (S)', '功能特性（F）']);
    expect(await marks('zh-CN')).toEqual(['安全特性（S）', '功能特性（F）']);
    expect(await marks()).toEqual(['安全特性（S）', '功能特性（F）']);
    // the exported chart speaks the export's language too
    const svg = new TextDecoder().decode((await exportProcessFlow(team.editor, project.id, { format: 'svg', locale: 'en-US' })).bytes);
    expect(svg).toContain('Safety characteristic (S)');
    expect(svg).not.toContain('安全特性');
    // the control plan's lines name it through the same lookup
    const english = await projectClassNamer(w.t.db, project.id, 'en-US');
    expect([english('安全特性（S）'), english('功能特性（F）'), english('CC')]).toEqual(['Safety characteristic (S)', '功能特性（F）', 'CC']);
  });
});
