import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_ROUTES } from '../../domain/catalog/index.ts';
import { catalogRecord } from '../../db/schema/index.ts';
import { createTeamProject, idOf, makeTeam, type Team } from '../../testing/index.ts';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord } from '../catalog/flow.ts';
import { createCatalogRecord, getCatalogRecord, updateCatalogRecord } from '../catalog/records.ts';
import type { CatalogRecordView } from '../catalog/store.ts';
import { DOOR, SEAT, openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readAnalysis } from './analysis-read.ts';
import { addControl, deleteControl, updateControl } from './controls.ts';
import { addFailure, deleteFailure, updateFailure } from './failures.ts';
import { addFunction, deleteFunction, updateFunction } from './functions.ts';
import { deleteProject } from './projects.ts';
import { pushToKnowledge } from './push.ts';
import { addNode, deleteNode } from './structure.ts';
import { copySubtree } from './structure-copy.ts';
import { suggestForField } from './suggest-field.ts';

let w: CatalogWorld;
let team: Team;
/** The team's editor limited to door records, as a role with product type 7 would make them. */
let editor: ServiceContext;
beforeEach(async () => {
  w = await openCatalogWorld();
  team = await makeTeam(w.t);
  editor = { ...team.editor, actor: { ...team.editor.actor, roles: { isAdmin: false, roleTypes: ['2'], productTypes: [DOOR] } } };
});
afterEach(() => w.t.dispose());

async function released(typeId: string, values: Record<string, unknown>): Promise<CatalogRecordView> {
  const draft = await createCatalogRecord(w.admin, typeId, { values });
  const applied = await applyCatalogRecord(w.admin, draft.id, { version: draft.version });
  const audited = await auditCatalogRecord(w.admin, draft.id, { version: applied.version, opinion: 'ok' });
  return approveCatalogRecord(w.admin, draft.id, { version: audited.version });
}
const quotes = async (id: string) => (await getCatalogRecord(w.admin, id)).quoteCount;

describe('suggestions for the analysis fields', () => {
  it('offers released catalog records of the caller’s product types first, saying where each comes from, then FMEA wording', async () => {
    const project = await createTeamProject(team);
    await addFunction(editor, { nodeId: project.rootNodeId!, description: 'Seal against rain' });
    await addFunction(editor, { nodeId: project.rootNodeId!, description: 'Seal the cabin' });
    const door = await released('function', { functionDesc: 'Seal the cabin', enFunctionDesc: 'Seal the cabin (EN)', productType: DOOR });
    await released('function', { functionDesc: 'Seal the seat cover', productType: SEAT });
    await createCatalogRecord(w.admin, 'function', { values: { functionDesc: 'Seal in review' } });

    const found = await suggestForField(editor, { kind: 'function', q: 'seal' });
    expect(found).toEqual([
      {
        source: 'catalog',
        text: 'Seal the cabin',
        uses: 0,
        catalog: { recordId: door.id, serialNum: door.serialNum, versionNo: 1, enText: 'Seal the cabin (EN)', severity: null, occurrence: null, detection: null },
      },
      // the catalog already says "Seal the cabin": the FMEA wording does not repeat it
      { source: 'fmea', text: 'Seal against rain', uses: 1, catalog: null },
    ]);
  });

  it('offers failure records only where their use type fits the failure kind, with their ratings', async () => {
    const effect = await released('invalidMode', { invalidmode: 'Water enters cabin', invalidUseType: ['invalidresult'], severity: 8 });
    const any = await released('invalidMode', { invalidmode: 'Water leaks', severity: 6, occurrence: 4 });
    await released('invalidMode', { invalidmode: 'Water drain blocked', invalidUseType: 'invalidreason' });
    const texts = async (kind: 'FE' | 'FM' | 'FC') => (await suggestForField(editor, { kind, q: 'water' })).map((s) => s.text);
    expect(await texts('FE')).toEqual(['Water enters cabin', 'Water leaks']);
    expect(await texts('FM')).toEqual(['Water leaks']);
    expect(await texts('FC')).toEqual(['Water drain blocked', 'Water leaks']);
    expect((await suggestForField(editor, { kind: 'FE', q: 'enters' }))[0]!.catalog).toMatchObject({ recordId: effect.id, severity: 8 });
    expect((await suggestForField(editor, { kind: 'FC', q: 'leaks' }))[0]!.catalog).toMatchObject({ recordId: any.id, severity: 6, occurrence: 4 });
  });

  it('offers prevention and detection measures for controls, and ten suggestions at most', async () => {
    await released('preventionMeasure', { measureDesc: 'Design rule DR-1', occurrence: 3 });
    await released('detectionMeasure', { measureDesc: 'Rain test RT-1', detection: 4 });
    expect((await suggestForField(editor, { kind: 'prevention', q: '' })).map((s) => [s.source, s.text])).toEqual([['catalog', 'Design rule DR-1']]);
    expect((await suggestForField(editor, { kind: 'detection', q: '' }))[0]!.catalog).toMatchObject({ detection: 4 });
    for (let i = 0; i < 12; i++) await released('function', { functionDesc: `Guide ${i}` });
    expect(await suggestForField(editor, { kind: 'function', q: 'guide' })).toHaveLength(10);
    expect(await suggestForField(editor, { kind: 'requirement', q: 'guide' })).toEqual([]);
  });
});

describe('items taken from the catalog', () => {
  it('counts a citation when a suggestion is picked and lets it go when the text changes away or the item goes', async () => {
    const project = await createTeamProject(team);
    const record = await released('function', { functionDesc: 'Seal the cabin', enFunctionDesc: 'Seal cabin' });
    const fn = await addFunction(editor, { nodeId: project.rootNodeId!, description: ' Seal the cabin ', catalogRecordId: record.id });
    expect(fn.catalogRecordId).toBe(record.id);
    expect(await quotes(record.id)).toBe(1);

    // the English wording is the record's too; anything else lets go
    const english = await updateFunction(editor, fn.id, { version: fn.version, description: 'Seal cabin' });
    expect(english.catalogRecordId).toBe(record.id);
    const reworded = await updateFunction(editor, fn.id, { version: english.version, description: 'Seal the cabin tightly' });
    expect(reworded.catalogRecordId).toBeNull();
    expect(await quotes(record.id)).toBe(0);

    const repicked = await updateFunction(editor, fn.id, { version: reworded.version, description: 'Seal the cabin', catalogRecordId: record.id });
    expect(await quotes(record.id)).toBe(1);
    const unlinked = await updateFunction(editor, fn.id, { version: repicked.version, catalogRecordId: null });
    expect([unlinked.catalogRecordId, await quotes(record.id)]).toEqual([null, 0]);

    const again = await updateFunction(editor, fn.id, { version: unlinked.version, catalogRecordId: record.id });
    expect(await quotes(record.id)).toBe(1);
    await deleteFunction(editor, fn.id, { version: again.version });
    expect(await quotes(record.id)).toBe(0);
  });

  it('refuses a record of another type, of another use type, or whose wording is not the text, and writes nothing', async () => {
    const project = await createTeamProject(team);
    const fn = await addFunction(editor, { nodeId: project.rootNodeId!, description: 'Seal the cabin' });
    const mode = await released('invalidMode', { invalidmode: 'Water drain blocked', invalidUseType: ['invalidreason'] });
    const measure = await released('preventionMeasure', { measureDesc: 'Design rule DR-1' });
    await expect(addFailure(editor, { functionId: fn.id, kind: 'FE', description: 'Water drain blocked', catalogRecordId: mode.id })).rejects.toMatchObject({
      messageKey: 'fmea.catalog_use_type',
      issues: [{ field: 'catalogRecordId' }],
    });
    await expect(addFailure(editor, { functionId: fn.id, kind: 'FC', description: 'Design rule DR-1', catalogRecordId: measure.id })).rejects.toMatchObject({
      messageKey: 'fmea.catalog_type_mismatch',
      params: { expected: 'invalidMode' },
    });
    await expect(addFailure(editor, { functionId: fn.id, kind: 'FC', description: 'Drain blocked', catalogRecordId: mode.id })).rejects.toMatchObject({
      messageKey: 'fmea.catalog_text_mismatch',
      issues: [{ field: 'description' }],
    });
    const draft = await createCatalogRecord(w.admin, 'invalidMode', { values: { invalidmode: 'Unreleased' } });
    await expect(addFailure(editor, { functionId: fn.id, kind: 'FC', description: 'Unreleased', catalogRecordId: draft.id })).rejects.toMatchObject({ messageKey: 'catalog.not_quotable' });
    const seat = await released('invalidMode', { invalidmode: 'Seat squeak', productType: SEAT });
    await expect(addFailure(editor, { functionId: fn.id, kind: 'FC', description: 'Seat squeak', catalogRecordId: seat.id })).rejects.toMatchObject({ messageKey: 'catalog.product_type_denied' });
    expect((await readAnalysis(editor, project.id)).failures).toEqual([]);
    expect([await quotes(mode.id), await quotes(measure.id), await quotes(seat.id)]).toEqual([0, 0, 0]);
  });

  it('pre-fills S of an effect and O of a cause from the failure record where the item has none (AIAG-VDA)', async () => {
    const project = await createTeamProject(team);
    const fn = await addFunction(editor, { nodeId: project.rootNodeId!, description: 'Seal the cabin' });
    const record = await released('invalidMode', { invalidmode: 'Water leaks', severity: 8, occurrence: 4 });
    const effect = await addFailure(editor, { functionId: fn.id, kind: 'FE', description: 'Water leaks', catalogRecordId: record.id });
    expect([effect.severity, effect.occurrence]).toEqual([8, null]);
    const rated = await addFailure(editor, { functionId: fn.id, kind: 'FE', description: 'Water leaks', severity: 5, catalogRecordId: record.id });
    expect(rated.severity).toBe(5);
    const cause = await addFailure(editor, { functionId: fn.id, kind: 'FC', description: 'Water leaks', detection: 3, catalogRecordId: record.id });
    expect([cause.severity, cause.occurrence, cause.detection]).toEqual([null, 4, 3]);
    const mode = await addFailure(editor, { functionId: fn.id, kind: 'FM', description: 'Water leaks', catalogRecordId: record.id });
    expect([mode.severity, mode.occurrence]).toEqual([null, null]);
    // picking on an existing effect without S fills it too
    const hand = await addFailure(editor, { functionId: fn.id, kind: 'FE', description: 'Cabin wet' });
    const picked = await updateFailure(editor, hand.id, { version: hand.version, description: 'Water leaks', catalogRecordId: record.id });
    expect(picked.severity).toBe(8);
    expect(await quotes(record.id)).toBe(5);
    await deleteFailure(editor, picked.id, { version: picked.version });
    expect(await quotes(record.id)).toBe(4);
  });

  it('releases the citations of controls, of a deleted node’s items, of a copied subtree and of a deleted project', async () => {
    const project = await createTeamProject(team);
    const node = await addNode(editor, { parentId: project.rootNodeId!, name: 'Seal' });
    const fnRecord = await released('function', { functionDesc: 'Seal the cabin' });
    const measure = await released('preventionMeasure', { measureDesc: 'Design rule DR-1' });
    const detection = await released('detectionMeasure', { measureDesc: 'Rain test RT-1' });
    const fn = await addFunction(editor, { nodeId: node.id, description: 'Seal the cabin', catalogRecordId: fnRecord.id });
    const cause = await addFailure(editor, { functionId: fn.id, kind: 'FC', description: 'Lip worn' });
    const control = await addControl(editor, { causeId: cause.id, kind: 'prevention', description: 'Design rule DR-1', catalogRecordId: measure.id });
    expect(await quotes(measure.id)).toBe(1);
    // a prevention measure no longer fits once the control is a detection control
    const moved = await updateControl(editor, control.id, { version: control.version, kind: 'detection' });
    expect([moved.catalogRecordId, await quotes(measure.id)]).toEqual([null, 0]);
    const retaken = await updateControl(editor, control.id, { version: moved.version, description: 'Rain test RT-1', catalogRecordId: detection.id });
    expect(await quotes(detection.id)).toBe(1);
    await deleteControl(editor, control.id, { version: retaken.version });
    expect(await quotes(detection.id)).toBe(0);
    await addControl(editor, { causeId: cause.id, kind: 'prevention', description: 'Design rule DR-1', catalogRecordId: measure.id });

    const copy = await copySubtree(editor, node.id, { targetParentId: project.rootNodeId! });
    expect([await quotes(fnRecord.id), await quotes(measure.id)]).toEqual([2, 2]);
    const copied = (await readAnalysis(editor, project.id, { nodeId: copy.id })).functions;
    expect(copied.map((f) => f.catalog?.recordId)).toEqual([fnRecord.id]);

    await deleteNode(editor, node.id, { version: node.version });
    expect([await quotes(fnRecord.id), await quotes(measure.id)]).toEqual([1, 1]);
    await deleteProject(team.owner, project.id, { version: project.version });
    expect([await quotes(fnRecord.id), await quotes(measure.id)]).toEqual([0, 0]);
  });

  it('shows the cited number and version in the analysis, and marks a newer released version', async () => {
    const project = await createTeamProject(team);
    const record = await released('function', { functionDesc: 'Seal the cabin' });
    const fn = await addFunction(editor, { nodeId: project.rootNodeId!, description: 'Seal the cabin', catalogRecordId: record.id });
    const before = (await readAnalysis(editor, project.id)).functions.find((f) => f.id === fn.id)!;
    expect(before.catalog).toEqual({ recordId: record.id, serialNum: record.serialNum, versionNo: 1, status: '2', newerVersion: false });

    const next = await updateCatalogRecord(w.admin, record.id, { version: record.version, values: { functionDesc: 'Seal the cabin against rain' } });
    expect((await readAnalysis(editor, project.id)).functions[0]!.catalog?.newerVersion).toBe(false);
    await released2(next);
    const after = (await readAnalysis(editor, project.id)).functions[0]!;
    expect(after.catalog).toEqual({ recordId: record.id, serialNum: record.serialNum, versionNo: 1, status: '2', newerVersion: true });
    // the item keeps citing the version it took
    expect(await quotes(record.id)).toBe(1);
  });
});

async function released2(draft: CatalogRecordView): Promise<void> {
  const applied = await applyCatalogRecord(w.admin, draft.id, { version: draft.version });
  const audited = await auditCatalogRecord(w.admin, draft.id, { version: applied.version, opinion: 'ok' });
  await approveCatalogRecord(w.admin, draft.id, { version: audited.version });
}

describe('pushing an item to the knowledge base', () => {
  /** The editor with the catalog buttons and the DFMEA area, as a session granting both would make them. */
  const author = (buttons: readonly string[]): ServiceContext => ({
    ...editor,
    actor: {
      ...editor.actor,
      grants: new Map([...CATALOG_ROUTES.map((route) => [route, new Set(buttons)] as const), ['dfmea_index', new Set(['add', 'edit', 'del'])] as const]),
    },
  });

  it('creates a record under review from a failure, with its use type and rating, and links the item', async () => {
    const project = await createTeamProject(team);
    const fn = await addFunction(editor, { nodeId: project.rootNodeId!, description: 'Seal the cabin' });
    const effect = await addFailure(editor, { functionId: fn.id, kind: 'FE', description: 'Water enters cabin', severity: 7 });
    const pushed = await pushToKnowledge(author(['add', 'edit']), { itemId: effect.id, kind: 'failure', remark: 'from the door DFMEA' });
    expect(pushed.record).toMatchObject({ type: 'invalidMode', status: '1', quoteCount: 1, versionNo: 1 });
    expect(pushed.record.values).toMatchObject({ invalidmode: 'Water enters cabin', invalidUseType: ['invalidresult'], severity: 7 });
    expect(pushed.itemVersion).toBe(effect.version + 1);
    const read = (await readAnalysis(editor, project.id)).failures[0]!;
    expect(read.catalog).toMatchObject({ recordId: pushed.record.id, status: '1', newerVersion: false });

    await expect(pushToKnowledge(author(['add', 'edit']), { itemId: effect.id, kind: 'failure' })).rejects.toMatchObject({
      code: 'conflict',
      messageKey: 'fmea.already_in_catalog',
      params: { serialNum: pushed.record.serialNum },
    });
    // the same wording from another item while the first is under review
    const again = await addFailure(editor, { functionId: fn.id, kind: 'FM', description: 'water enters cabin' });
    await expect(pushToKnowledge(author(['add', 'edit']), { itemId: again.id, kind: 'failure' })).rejects.toMatchObject({ code: 'conflict', messageKey: 'catalog.content_under_review' });
    // letting go of the item lets go of the proposal's count
    await deleteFailure(editor, effect.id, { version: pushed.itemVersion });
    expect(await quotes(pushed.record.id)).toBe(0);
  });

  it('pushes functions and controls into their own types', async () => {
    const project = await createTeamProject(team);
    const fn = await addFunction(editor, { nodeId: project.rootNodeId!, description: 'Seal the cabin', requirement: 'IP67' });
    const cause = await addFailure(editor, { functionId: fn.id, kind: 'FC', description: 'Lip worn', occurrence: 4 });
    const control = await addControl(editor, { causeId: cause.id, kind: 'detection', description: 'Rain test RT-1' });
    const asAuthor = author(['add', 'edit']);
    expect((await pushToKnowledge(asAuthor, { itemId: fn.id, kind: 'function', enText: 'Seal cabin' })).record).toMatchObject({
      type: 'function',
      values: { functionDesc: 'Seal the cabin', enFunctionDesc: 'Seal cabin', requirement: 'IP67' },
    });
    expect((await pushToKnowledge(asAuthor, { itemId: cause.id, kind: 'failure' })).record.values).toMatchObject({ invalidUseType: ['invalidreason'], occurrence: 4 });
    expect((await pushToKnowledge(asAuthor, { itemId: control.id, kind: 'control' })).record).toMatchObject({ type: 'detectionMeasure', values: { measureDesc: 'Rain test RT-1' } });
  });

  it('refuses a caller without the catalog route’s buttons, or outside the project, and leaves nothing behind', async () => {
    const project = await createTeamProject(team);
    const fn = await addFunction(editor, { nodeId: project.rootNodeId!, description: 'Seal the cabin' });
    await expect(pushToKnowledge(editor, { itemId: fn.id, kind: 'function' })).rejects.toMatchObject({ code: 'not_allowed' });
    // adding without the right to apply for review: the record is not left behind in editing
    await expect(pushToKnowledge(author(['add']), { itemId: fn.id, kind: 'function' })).rejects.toMatchObject({ code: 'not_allowed' });
    const outsider = { ...author(['add', 'edit']), actor: { ...author(['add', 'edit']).actor, userId: idOf(team.outsider), userName: team.outsider.actor.userName } };
    await expect(pushToKnowledge(outsider, { itemId: fn.id, kind: 'function' })).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(pushToKnowledge(author(['add', 'edit']), { itemId: fn.id, kind: 'bogus' as 'function' })).rejects.toMatchObject({ code: 'invalid_input', issues: [{ field: 'kind' }] });
    expect(await w.t.db.select().from(catalogRecord)).toEqual([]);
    expect((await readAnalysis(editor, project.id)).functions[0]!.catalog).toBeNull();
  });
});
