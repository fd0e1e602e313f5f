import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fmeaFailure, fmeaFailureLink, fmeaNode, fmeaProject } from '../../db/schema/index.ts';
import { buildWindowLifter, idOf, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { addControl } from './controls.ts';
import { addFailure, updateFailure } from './failures.ts';
import { linkFailures } from './nets.ts';
import { createProject, deleteProject } from './projects.ts';
import { addNode } from './structure.ts';
import { applyTemplate, saveTemplate } from './templates.ts';
import { createVariant, listVariants, takeOverFromFamily, variantDeviations } from './variants.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

/** A family FMEA of the team: one item (the gearbox) under the product, the window lifter's chains on it. */
async function family() {
  const members = [
    { userId: idOf(team.owner), roles: [0] },
    { userId: idOf(team.editor), roles: [1] },
  ];
  const project = await createProject(team.owner, { projectType: 'family', name: 'Window lifter family', members });
  const w = await buildWindowLifter(team.owner, project);
  return { project, w };
}

describe('family FMEA variants', () => {
  it('makes a variant through the copy engine: a DFMEA whose items remember their family items, listed on the family', async () => {
    const { project, w } = await family();
    const variant = await createVariant(team.editor, project.id, { name: 'Lifter, coupé' });
    expect(variant).toMatchObject({ projectType: 'dfmea', name: 'Lifter, coupé', sourceKind: 'variant', sourceProjectId: project.id, canEdit: true });
    expect(variant.members).toEqual([{ userId: idOf(team.editor), roles: [0] }]);
    const nodes = await t.db.select().from(fmeaNode).where(eq(fmeaNode.projectId, variant.id));
    expect(nodes.find((n) => n.parentId === null)!.name).toBe('Lifter, coupé');
    expect(nodes.map((n) => n.originId).sort()).toEqual([w.rootId, w.gearbox.id, w.gear.id, w.housing.id].sort());
    expect((await listVariants(team.owner, project.id)).map((v) => [v.serialNum, v.name])).toEqual([[variant.serialNum, 'Lifter, coupé']]);
    expect(await variantDeviations(team.editor, variant.id)).toMatchObject({ familyProjectId: project.id, ratings: [], gained: [] });
  });

  it('refuses a variant of a project that is not a family FMEA, and deviations of one that is not a variant', async () => {
    const plain = await createProject(team.owner, { projectType: 'dfmea', name: 'Plain', members: [{ userId: idOf(team.owner), roles: [0] }] });
    await expect(createVariant(team.owner, plain.id)).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'fmea.not_a_family' });
    await expect(variantDeviations(team.owner, plain.id)).rejects.toMatchObject({ messageKey: 'fmea.not_a_variant' });
    const { project } = await family();
    await expect(createVariant(team.outsider, project.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    // the family holds exactly one item (spec 001 §5): a second one is refused
    await expect(addNode(team.owner, { parentId: project.rootNodeId!, name: 'Second item' })).rejects.toMatchObject({ messageKey: 'fmea.family_one_item' });
    // nor through a basic FMEA whose product holds two elements, merged into an empty family's product node
    const two = await createProject(team.owner, { projectType: 'dfmea', name: 'Two items', members: [{ userId: idOf(team.owner), roles: [0] }] });
    await addNode(team.owner, { parentId: two.rootNodeId!, name: 'Left' });
    await addNode(team.owner, { parentId: two.rootNodeId!, name: 'Right' });
    const basic = await saveTemplate(team.owner, two.rootNodeId!);
    const empty = await createProject(team.owner, { projectType: 'family', name: 'Empty family', members: [{ userId: idOf(team.owner), roles: [0] }] });
    await expect(applyTemplate(team.owner, basic.id, { targetNodeId: empty.rootNodeId! })).rejects.toMatchObject({ messageKey: 'fmea.family_one_item', params: { count: 2 } });
  });

  it('lists the ratings the variant overrides and the items the family gained, and takes those over', async () => {
    const { project, w } = await family();
    const variant = await createVariant(team.editor, project.id);
    const mine = await t.db.select().from(fmeaFailure).where(eq(fmeaFailure.projectId, variant.id));
    const worn = mine.find((f) => f.originId === w.worn.id)!;
    await updateFailure(team.editor, worn.id, { version: worn.version, occurrence: 3 });

    // the family gains a cause on the gear (linked to the mode, with a control) and a new element
    const cracked = await addFailure(team.owner, { functionId: w.mesh.id, kind: 'FC', description: 'Teeth cracked', occurrence: 4, detection: 6 });
    await linkFailures(team.owner, { higherFailureId: w.mode.id, lowerFailureId: cracked.id });
    await addControl(team.owner, { causeId: cracked.id, kind: 'detection', description: 'Crack test CT-1' });
    const motor = await addNode(team.owner, { parentId: w.gearbox.id, name: 'Motor' });

    const deviations = await variantDeviations(team.editor, variant.id);
    expect(deviations.ratings).toEqual([
      { failureId: worn.id, familyFailureId: w.worn.id, kind: 'FC', description: 'Teeth worn', field: 'occurrence', family: 6, variant: 3, version: worn.version + 1 },
    ]);
    expect(deviations.gained.map((g) => [g.kind, g.name]).sort()).toEqual([
      ['failure', 'Teeth cracked'],
      ['node', 'Motor'],
    ]);

    await expect(takeOverFromFamily(team.reader, variant.id, { familyItemId: motor.id })).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    const node = await takeOverFromFamily(team.editor, variant.id, { familyItemId: motor.id });
    expect(node.kind).toBe('node');
    const failure = await takeOverFromFamily(team.editor, variant.id, { familyItemId: cracked.id });
    const copied = (await t.db.select().from(fmeaFailure).where(eq(fmeaFailure.id, failure.id)).get())!;
    expect(copied).toMatchObject({ projectId: variant.id, originId: cracked.id, description: 'Teeth cracked', occurrence: 4, detection: 6 });
    const links = await t.db.select().from(fmeaFailureLink).where(eq(fmeaFailureLink.lowerFailureId, failure.id));
    expect(links).toHaveLength(1);
    expect((await variantDeviations(team.editor, variant.id)).gained).toEqual([]);
    await expect(takeOverFromFamily(team.editor, variant.id, { familyItemId: motor.id })).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmea.family_item_not_gained' });

    // the family is used by its variant: deleting it asks first
    const version = (await t.db.select().from(fmeaProject).where(eq(fmeaProject.id, project.id)).get())!.version;
    await expect(deleteProject(team.owner, project.id, { version })).rejects.toMatchObject({ messageKey: 'fmea.project_in_use', params: { count: 1 } });
  });
});
