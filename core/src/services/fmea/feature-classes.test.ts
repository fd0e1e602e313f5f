import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDictionaryItems, createTeamProject, makeTeam, type Team } from '../../testing/index.ts';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord } from '../catalog/flow.ts';
import { createCatalogRecord } from '../catalog/records.ts';
import { openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';
import { projectFeatureClasses } from './feature-classes.ts';
import { deleteProject } from './projects.ts';

let w: CatalogWorld;
let team: Team;
beforeEach(async () => {
  w = await openCatalogWorld();
  team = await makeTeam(w.t);
  await addDictionaryItems(w.t.ctx, 'customer', [
    ['1', '上汽大众', 'SAIC Volkswagen'],
    ['2', '比亚迪', 'BYD'],
  ]);
});
afterEach(() => w.t.dispose());

/** A classification written, applied, audited and approved. */
async function released(values: Record<string, unknown>) {
  const draft = await createCatalogRecord(w.author, 'featureClassification', { values });
  const applied = await applyCatalogRecord(w.author, draft.id, { version: draft.version });
  const audited = await auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: 'ok' });
  return approveCatalogRecord(w.approver, draft.id, { version: audited.version });
}

describe('the characteristic classes of a project (getFeatureClassifyByCustomer)', () => {
  it('are the released classes of the project’s customer, named by its dictionary name in either language, smallest priority first', async () => {
    await released({ category: 'SC', priority: 2, customer: '上汽大众', isRelateSod: '0' });
    const cc = await released({ category: 'CC', enCategory: 'Critical', priority: 1, customer: 'SAIC Volkswagen', isRelateSod: '1' });
    await released({ category: '关键', priority: 1 });
    // a draft is not offered
    await createCatalogRecord(w.author, 'featureClassification', { values: { category: 'HI', priority: 3, customer: '上汽大众' } });
    const project = await createTeamProject(team, { customer: '1' });

    const answer = await projectFeatureClasses(team.reader, '0', project.serialNum);
    expect(answer).toMatchObject({
      projectId: project.id,
      serialNum: project.serialNum,
      customer: { code: '1', name: '上汽大众', enName: 'SAIC Volkswagen' },
      scope: 'customer',
      isRelateSod: '1',
    });
    expect(answer.items).toEqual([
      { id: cc.id, rootId: cc.rootId, serialNum: cc.serialNum, versionNo: 1, category: 'CC', enCategory: 'Critical', priority: 1, customer: 'SAIC Volkswagen', isRelateSod: '1' },
      expect.objectContaining({ category: 'SC', priority: 2, isRelateSod: '0' }),
    ]);
  });

  it('are the general classes for a customer without its own, or a project without customer; not related to S/O/D unless one says so', async () => {
    await released({ category: '重要', priority: 2 });
    await released({ category: '关键', priority: 1 });
    await released({ category: 'CC', priority: 1, customer: '上汽大众', isRelateSod: '1' });
    for (const customer of ['2', null]) {
      const project = await createTeamProject(team, { customer });
      const answer = await projectFeatureClasses(team.owner, '0', project.serialNum);
      expect(answer).toMatchObject({ scope: 'general', isRelateSod: '0' });
      expect(answer.items.map((c) => c.category)).toEqual(['关键', '重要']);
    }
  });

  it('finds a process project under type 1, and a project by its root node id (the spec’s pptSerial)', async () => {
    await released({ category: '关键', priority: 1 });
    const pfmea = await createTeamProject(team, { projectType: 'pfmea' });
    expect((await projectFeatureClasses(team.owner, '1', pfmea.serialNum)).items).toHaveLength(1);
    const dfmea = await createTeamProject(team);
    expect((await projectFeatureClasses(team.owner, '0', dfmea.rootNodeId!)).projectId).toBe(dfmea.id);
  });

  it('is not found for an unknown or deleted project, or one of the other kind', async () => {
    const project = await createTeamProject(team);
    await expect(projectFeatureClasses(team.owner, '0', 'DF0000000000')).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmea.project_not_found' });
    await expect(projectFeatureClasses(team.owner, '1', project.serialNum)).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmea.project_not_found' });
    await deleteProject(team.owner, project.id, { version: project.version });
    await expect(projectFeatureClasses(team.owner, '0', project.serialNum)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('is refused to someone who may not open the project', async () => {
    const project = await createTeamProject(team);
    await expect(projectFeatureClasses(team.outsider, '0', project.serialNum)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.not_project_member' });
  });
});
