import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ewo, message, user } from '../../db/schema/index.ts';
import type { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { adminContext, bomWorkbook, buildRole, buildWindowLifter, createTeamProject, DOOR_BOM, idOf, makeTeam, makeUser, openTestDatabase, pdf, type Team, type TestDatabase } from '../../testing/index.ts';
import { importBom } from '../bom/index.ts';
import { createCatalogRecord } from '../catalog/records.ts';
import { updateFailure } from '../fmea/failures.ts';
import { assertCanReadFile } from '../files/access.ts';
import { saveUpload } from '../files/files.ts';
import { listMyTasks } from '../my-work/index.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import type { ServiceContext } from '../shared/context.ts';
import { setUserRoles } from '../users/users.ts';
import {
  addEwoDocument,
  addEwoItems,
  createEwo,
  decideEwo,
  deleteEwo,
  exportEwos,
  followUpBreakpoint,
  followUpEwo,
  getEwo,
  getEwoTouches,
  importEwos,
  listEwoCandidates,
  listEwos,
  startEwoFollowUp,
  stepEwo,
  submitEwo,
  updateEwo,
} from './index.ts';
import { ewoSheetColumns } from './exchange.ts';
import { writeSheet } from '../shared/xlsx.ts';

let t: TestDatabase;
let team: Team;
/** The EWO's author: team owner (opens the DFMEA), add/edit/del/import/export on EWOs, reads products and BOMs. */
let author: ServiceContext;
/** The tracker: team editor, EWO route without buttons. */
let tracker: ServiceContext;
/** Holds audit: decides publish requests. */
let approver: ServiceContext;
/** Holds edit too, but neither created nor tracks the EWO. */
let colleague: ServiceContext;
/** No EWO route. */
let outsider: ServiceContext;
let filesDir: string;

const NEW = { description: 'Stronger window-lifter gear (PA66-GF30)', ewoType: 'design', source: 'problem', closingDate: '2026-06-30' } as const;

async function grant(admin: ServiceContext, ctx: ServiceContext, label: string, ewoButtons: string[], more: { routeName: string; buttons: string[] }[] = []) {
  const role = await buildRole(admin, { label, grants: [{ routeName: 'ewo_index', buttons: ewoButtons }, ...more] });
  await setUserRoles(admin, idOf(ctx), [role.id]);
}

beforeEach(async () => {
  t = await openTestDatabase({ now: () => new Date('2026-03-01T08:00:00Z') });
  filesDir = await mkdtemp(join(tmpdir(), 'ewo-files-'));
  const admin = await adminContext(t);
  team = await makeTeam(t);
  author = team.owner;
  tracker = team.editor;
  approver = await makeUser(t, 'approver');
  colleague = await makeUser(t, 'colleague');
  outsider = team.outsider;
  const masterData = [
    { routeName: 'product_list_index', buttons: [] },
    { routeName: 'bom_index', buttons: [] },
  ];
  await grant(admin, author, 'author', ['add', 'edit', 'del', 'import', 'export'], masterData);
  await grant(admin, tracker, 'tracker', []);
  await grant(admin, approver, 'approver', ['audit']);
  await grant(admin, colleague, 'colleague', ['add', 'edit', 'del']);
  await setRuleFlag(t.ctx, 'separationOfDuties', '1');
});
afterEach(async () => {
  await t.dispose();
  await rm(filesDir, { recursive: true, force: true });
});

const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have been refused'), (e: DomainError) => e);
const en = (e: DomainError) => translateError('en-US', e);

describe('an EWO from opening to closing', () => {
  it('is opened, touches a product, a BOM part and DFMEA items, is followed up, published with approval, its breakpoint verified, and closed', async () => {
    const project = await createTeamProject(team);
    const lifter = await buildWindowLifter(author, project);
    const product = await createCatalogRecord(t.ctx, 'product', { serialNum: 'PA-WL', values: { productName: 'Window lifter' } });
    await importBom(t.ctx, 'PA-WL', await bomWorkbook(DOOR_BOM));

    const opened = await createEwo(author, { ...NEW, trackerId: idOf(tracker) });
    expect(opened.ewo).toMatchObject({ ewoNum: expect.stringMatching(/^EC\d+/), status: 'opening', openStatus: 'open', trackerName: expect.any(String), version: 1 });
    expect(opened.messages).toEqual([expect.objectContaining({ recipientId: idOf(tracker), code: 'ewo', messageKey: 'message.ewo_tracker', route: `/main/ewo/ewoDetail?id=${opened.ewo.ewoNum}` })]);
    const key = opened.ewo.ewoNum;

    // the pickers offer what the author may read
    const parts = await listEwoCandidates(author, { kind: 'bomPart', product: 'PA-WL', search: 'Hinge' });
    expect(parts.map((p) => p.code)).toEqual(['D-111']);
    expect((await listEwoCandidates(author, { kind: 'fmeaProject' })).map((p) => p.refId)).toEqual([project.id]);
    expect((await listEwoCandidates(author, { kind: 'fmeaItem', projectId: project.id, search: 'Teeth' })).map((c) => [c.fmeaRef, c.label])).toEqual([
      ['FC', 'Teeth worn'],
      ['FC', 'Teeth broken'],
    ]);

    const touched = await addEwoItems(author, key, {
      version: 1,
      items: [
        { kind: 'product', refId: 'PA-WL', changeNote: 'New gear material' },
        { kind: 'bomPart', refId: parts[0]!.refId },
        { kind: 'fmeaItem', projectId: project.id, fmeaRef: 'FC', refId: lifter.worn.id },
        { kind: 'fmeaItem', projectId: project.id, fmeaRef: 'function', refId: lifter.mesh.id },
      ],
    });
    expect(touched.ewo.items.map((i) => [i.kind, i.code, i.label])).toEqual([
      ['bomPart', 'D-111', 'Hinge'],
      ['fmeaItem', project.serialNum, 'Teeth worn'],
      ['fmeaItem', project.serialNum, 'Mesh with worm'],
      ['product', 'PA-WL', 'Window lifter'],
    ]);
    expect(touched.ewo.items.find((i) => i.kind === 'product')).toMatchObject({ refId: product.rootId, changeNote: 'New gear material' });

    const upload = await saveUpload(author, { filesDir, kind: 'attachment', originalName: 'gear-drawing-B.pdf', data: pdf() });
    const withDoc = await addEwoDocument(author, key, { version: 2, docSide: 'after', docName: 'Gear drawing', docVersion: 'B', fileId: upload.id });
    expect(withDoc.ewo.documents).toEqual([expect.objectContaining({ side: 'after', docName: 'Gear drawing', docVersion: 'B', fileName: 'gear-drawing-B.pdf' })]);
    // the file is served to those who may read the EWO, not to others
    await expect(assertCanReadFile(tracker, upload.id)).resolves.toBeUndefined();
    expect(await refusal(assertCanReadFile(outsider, upload.id))).toMatchObject({ code: 'not_allowed' });

    // publishing is asked only after follow-up started
    expect(await refusal(submitEwo(author, key, { version: 3, approverId: idOf(approver) }))).toMatchObject({ messageKey: 'ewo.flow.follow_up_first' });
    // people are named by their real names in the record, as the tracker and approver are
    await t.db.update(user).set({ realName: '王芳' }).where(eq(user.id, idOf(tracker)));
    const following = await startEwoFollowUp(tracker, key, { version: 3 });
    expect(following.ewo).toMatchObject({ updaterName: '王芳', entries: [expect.objectContaining({ kind: 'startFollowUp', actorName: '王芳' })] });
    expect(following.ewo.status).toBe('followUp');
    await followUpEwo(tracker, key, { version: 4, content: 'Samples ordered from the supplier' });

    // the tracker owes the follow-up in My tasks
    expect((await listMyTasks(tracker)).items).toEqual([expect.objectContaining({ taskSource: 'ewo', taskType: '3', fmeaNum: key, route: `/main/ewo/ewoDetail?id=${key}` })]);

    expect(await refusal(submitEwo(author, key, { version: 5, approverId: idOf(author) }))).toMatchObject({ issues: [expect.objectContaining({ messageKey: 'ewo.approver_self', field: 'approverId' })] });
    expect(await refusal(submitEwo(author, key, { version: 5, approverId: idOf(tracker) }))).toMatchObject({ issues: [expect.objectContaining({ messageKey: 'ewo.approver_not_permitted' })] });
    const submitted = await submitEwo(author, key, { version: 5, approverId: idOf(approver) });
    expect(submitted.ewo).toMatchObject({ status: 'publishPending', approverId: idOf(approver) });
    expect(submitted.messages).toEqual([expect.objectContaining({ recipientId: idOf(approver), messageKey: 'message.ewo_approve' })]);
    expect((await listMyTasks(approver)).items).toEqual([expect.objectContaining({ taskSource: 'ewo', taskType: '2', reviewStep: 'approve' })]);
    // content is frozen while the approver decides
    expect(await refusal(updateEwo(author, key, { version: 6, description: 'changed' }))).toMatchObject({ messageKey: 'ewo.locked_pending' });

    // the decision is the named approver's, and needs an opinion
    expect(await refusal(decideEwo(colleague, key, 'approve', { version: 6, opinion: 'ok' }))).toMatchObject({ code: 'not_allowed' });
    const noOpinion = await refusal(decideEwo(approver, key, 'approve', { version: 6 }));
    expect(noOpinion.issues).toEqual([expect.objectContaining({ messageKey: 'status.review.opinion_required', field: 'opinion' })]);
    const published = await decideEwo(approver, key, 'approve', { version: 6, opinion: 'Validated on 30 samples' });
    expect(published.ewo).toMatchObject({ status: 'published', publishOpinion: 'Validated on 30 samples', publishedAt: new Date('2026-03-01T08:00:00Z') });
    expect(published.messages.map((m) => [m.recipientId, m.messageKey])).toEqual([
      [idOf(author), 'message.ewo_published'],
      [idOf(tracker), 'message.ewo_published'],
    ]);
    const [asked] = await t.db.select().from(message).where(eq(message.recipientId, idOf(approver)));
    expect(asked).toMatchObject({ messageKey: 'message.ewo_approve', processed: 1 });

    // closing needs the breakpoint verified; a follow-up that finds it not effective keeps it published
    expect(await refusal(stepEwo(tracker, key, 'close', { version: 7 }))).toMatchObject({ messageKey: 'ewo.flow.breakpoint_unverified' });
    const notYet = await followUpBreakpoint(tracker, key, { version: 7, breakpointKind: 'serialNumber', breakpointValue: 'WL-2026-10442', result: 'notEffective', content: 'Old gears still on line 2' });
    expect(notYet.ewo).toMatchObject({ status: 'published', breakpointValue: 'WL-2026-10442', breakpointVerifiedAt: null });
    const verified = await followUpBreakpoint(tracker, key, { version: 8, breakpointKind: 'serialNumber', breakpointValue: 'WL-2026-10500', result: 'effective', content: 'New gear from serial 10500 on' });
    expect(verified.ewo).toMatchObject({ status: 'breakpointVerified', breakpointValue: 'WL-2026-10500' });
    const closed = await stepEwo(tracker, key, 'close', { version: 9 });
    expect(closed.ewo).toMatchObject({ status: 'closed', openStatus: 'closed', closedByName: '王芳' });
    expect(closed.messages).toEqual([expect.objectContaining({ recipientId: idOf(author), messageKey: 'message.ewo_closed' })]);
    expect(closed.ewo.entries.map((e) => e.kind)).toEqual(['startFollowUp', 'followUp', 'submit', 'approve', 'breakpoint', 'breakpoint', 'close']);
    expect((await listMyTasks(tracker)).items).toEqual([]);

    // what it touches: the DFMEA item changed since shows its text now
    await updateFailure(author, lifter.worn.id, { version: lifter.worn.version, description: 'Teeth worn (glass fibre)' });
    const touches = await getEwoTouches(author, key);
    expect(touches.fmeaItems.find((i) => i.fmeaRef === 'FC')).toMatchObject({ state: 'changed', label: 'Teeth worn', currentLabel: 'Teeth worn (glass fibre)', link: expect.stringContaining(project.id) });
    expect(touches.projects).toEqual([expect.objectContaining({ projectId: project.id, items: 2, readable: true })]);
    expect(touches.products).toEqual([expect.objectContaining({ code: 'PA-WL', state: 'current' })]);
  });
});

describe('who may do what', () => {
  it('refuses the route-less, the colleague who neither created nor tracks it, and hides another site', async () => {
    const { ewo: row } = await createEwo(author, { ...NEW, trackerId: idOf(tracker) });
    expect(await refusal(listEwos(outsider))).toMatchObject({ code: 'not_allowed' });
    expect(await refusal(getEwo(outsider, row.id))).toMatchObject({ code: 'not_allowed' });
    const edit = await refusal(updateEwo(colleague, row.id, { version: 1, description: 'Mine now' }));
    expect(en(edit)).toBe(`Only the creator or the tracker of engineering change ${row.ewoNum} may do this`);
    expect(await refusal(deleteEwo(colleague, row.id, 1))).toMatchObject({ messageKey: 'ewo.creator_only' });
    expect((await getEwo(colleague, row.id)).can).toMatchObject({ edit: false, delete: false, events: [] });
    expect((await getEwo(author, row.id)).can).toMatchObject({ edit: true, delete: true, events: ['startFollowUp'] });
    // the tracker must be someone who may read EWOs
    const bad = await refusal(createEwo(author, { ...NEW, trackerId: idOf(outsider) }));
    expect(bad.issues).toEqual([expect.objectContaining({ messageKey: 'ewo.tracker_not_permitted', field: 'trackerId' })]);

    // an EWO opened in a site's session is read in that site only
    const admin = await adminContext(t);
    const { buildSite } = await import('../../testing/index.ts');
    const site = await buildSite(admin);
    await t.db.update(user).set({ siteId: site.id }).where(eq(user.id, idOf(author)));
    await t.db.update(user).set({ siteId: site.id }).where(eq(user.id, idOf(tracker)));
    const local = await createEwo({ ...author, actor: { ...author.actor, siteId: site.id } }, { ...NEW, trackerId: idOf(tracker) });
    expect((await listEwos(tracker)).items.map((i) => i.id)).toContain(local.ewo.id);
    expect((await listEwos(colleague)).items.map((i) => i.id)).not.toContain(local.ewo.id);
    expect(await refusal(getEwo(colleague, local.ewo.id))).toMatchObject({ code: 'not_found' });
  });

  it('names every wrong field and changes nothing', async () => {
    const error = await refusal(createEwo(author, { description: '', ewoType: 'x' as never, source: 'customer', closingDate: '2026-02-30', trackerId: '' }));
    expect(en(error).split('\n')).toEqual([
      'Form validation failed',
      'Description cannot be empty',
      'x is not a valid value for Type',
      'Closing date must be a date as YYYY-MM-DD (got 2026-02-30)',
      'Tracker cannot be empty',
    ]);
    expect(await t.db.select().from(ewo)).toEqual([]);
  });

  it('deletes an EWO only while it is being opened, by its creator', async () => {
    const { ewo: row } = await createEwo(author, { ...NEW, trackerId: idOf(tracker) });
    await startEwoFollowUp(author, row.id, { version: 1 });
    expect(await refusal(deleteEwo(author, row.id, 2))).toMatchObject({ messageKey: 'ewo.delete_opening_only' });
    const { ewo: other } = await createEwo(author, { ...NEW, trackerId: idOf(tracker) });
    await deleteEwo(author, other.id, 1);
    expect((await listEwos(author)).items.map((i) => i.id)).toEqual([row.id]);
  });
});

describe('the EWO list as a workbook', () => {
  it('exports the list and imports new EWOs, refusing every wrong row with nothing written', async () => {
    await createEwo(author, { ...NEW, trackerId: idOf(tracker) });
    const out = await exportEwos(author, { locale: 'en-US' });
    expect(out.count).toBe(1);
    const trackerName = (await t.db.select({ n: user.userName }).from(user).where(eq(user.id, idOf(tracker))).get())!.n;
    const sheet = (rows: Record<string, string>[], extra: Record<string, string> = {}) =>
      writeSheet('EWO', [...ewoSheetColumns('en-US'), ...Object.keys(extra).map((h) => ({ key: h, headers: [h] }))], rows.map((r) => ({ ...r, ...extra })));
    const bad = await refusal(
      importEwos(author, await sheet([
        { description: 'Seal lip change', ewoType: 'Design change', source: 'Customer request', tracker: trackerName },
        { description: '', ewoType: 'Unknown', source: '质量问题', tracker: 'nobody' },
      ])),
    );
    expect(en(bad).split('\n')).toEqual([
      '3 problems found; no engineering change was imported',
      'Row 3: Description cannot be empty',
      'Row 3: Unknown is not a valid value for Type',
      'Row 3: The tracker is not a known user',
    ]);
    expect((await listEwos(author)).total).toBe(1);
    const unmapped = await refusal(importEwos(author, await sheet([{ description: 'Seal lip change', ewoType: 'design', source: 'customer', tracker: trackerName }], { Remarks: 'x' })));
    expect(unmapped.messageKey).toBe('import.columns_unmapped');
    const done = await importEwos(author, await sheet([{ description: 'Seal lip change', ewoType: '设计变更', source: 'Customer request', closingDate: '2026-05-01', tracker: trackerName }]));
    expect(done.created).toHaveLength(1);
    expect((await getEwo(author, done.created[0]!.ewoNum))).toMatchObject({ description: 'Seal lip change', ewoType: 'design', source: 'customer', trackerId: idOf(tracker) });
    expect(await refusal(importEwos(colleague, await sheet([])))).toMatchObject({ code: 'not_allowed' });
  });
});
