import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ewoItem, fmeaFailure, fmeaProject, message } from '../../db/schema/index.ts';
import { adminContext, buildRole, buildWindowLifter, createTeamProject, idOf, insertTestEwo, makeTeam, makeUser, openTestDatabase, teamMembers, walkAndGiveOpinion, type Team, type TestDatabase } from '../../testing/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { acceptProposal, listProposalsByProject } from '../loop/index.ts';
import { setUserRoles } from '../users/users.ts';
import { listMyTasks } from '../my-work/index.ts';
import { copyProject } from '../fmea/project-copy.ts';
import { getBaseline, listBaselines } from '../fmea-baseline/index.ts';
import { approveReview, getReviewState, releaseReview, submitReview } from '../fmea-review/index.ts';
import { createDrbfm, exportDrbfmWorkbook, getDrbfm, removeDrbfmMeeting, saveDrbfmAction, saveDrbfmConcern, saveDrbfmMeeting, saveDrbfmPart, sendConcernToFmea, updateDrbfmChange, type DrbfmView } from './index.ts';

/** One database for the file (the suite's budget): a DFMEA of the window lifter, an EWO on its gear, and a DRBFM made from it. */
let t: TestDatabase;
let team: Team;
let tech: ServiceContext;
let dfmea: Awaited<ReturnType<typeof createTeamProject>>;
let lifter: Awaited<ReturnType<typeof buildWindowLifter>>;
let ewoNum: string;
let view: DrbfmView;
const NOW = new Date('2026-03-09T08:00:00Z');

beforeAll(async () => {
  t = await openTestDatabase({ now: () => NOW });
  team = await makeTeam(t);
  tech = await makeUser(t, 'tech');
  // the DRBFM's author reads EWOs (the EWO's own access decides what it may start from)
  const admin = await adminContext(t);
  const role = await buildRole(admin, { label: 'ewo-reader', grants: [{ routeName: 'ewo_index', buttons: [] }] });
  await setUserRoles(admin, idOf(team.owner), [role.id]);
  dfmea = await createTeamProject(team);
  lifter = await buildWindowLifter(team.owner, dfmea);
  const made = await insertTestEwo(t.db, { trackerId: idOf(team.owner), description: 'Gear material POM → PA66-GF30' });
  ewoNum = made.ewoNum;
  await t.db.insert(ewoItem).values({ ewoId: made.id, kind: 'fmeaItem', refId: lifter.gear.id, fmeaRef: 'node', projectId: dfmea.id, code: dfmea.serialNum, label: 'Gear', changeNote: 'POM → PA66-GF30', sort: 1 });
});
afterAll(() => t.dispose());

describe('a DRBFM', () => {
  it('is made from an EWO: numbered DR, its change point the EWO’s description and the EWO’s structure element a changed part', async () => {
    view = await createDrbfm(team.owner, { name: 'Gear material change', members: teamMembers(team, tech), fromEwo: ewoNum, changeReason: 'Tooth wear in the endurance test' });
    expect(view.serialNum).toMatch(/^DR2603090001$/);
    expect((await t.db.select().from(fmeaProject).where(eq(fmeaProject.id, view.projectId)).get())?.projectType).toBe('drbfm');
    expect(view.change).toMatchObject({ ewoNum, changePoint: 'Gear material POM → PA66-GF30', changeReason: 'Tooth wear in the endurance test', version: 1 });
    expect(view.parts.map((p) => [p.partKind, p.refId, p.code, p.name, p.changeNote])).toEqual([['fmeaNode', lifter.gear.id, dfmea.serialNum, 'Gear', 'POM → PA66-GF30']]);
    // the engine's own project call cannot make one without its change
    await expect(createTeamProject(team, { projectType: 'drbfm' })).rejects.toMatchObject({ messageKey: 'fmea.created_elsewhere' });
    // an EWO the caller cannot find, and an empty change point, are refused
    await expect(createDrbfm(team.owner, { name: 'x', members: teamMembers(team), changePoint: '  ' })).rejects.toMatchObject({ code: 'invalid_input', issues: [expect.objectContaining({ field: 'changePoint', messageKey: 'validation.required' })] });
  });

  it('takes parts, concerns, actions and meetings at their version, each checked by field, and only from its editors', async () => {
    const gear = view.parts[0]!;
    view = await saveDrbfmPart(team.editor, view.projectId, { id: gear.id, version: gear.version, functions: 'Mesh with worm\nTransmit 12 Nm' });
    view = await saveDrbfmPart(team.editor, view.projectId, { partKind: 'text', name: 'Worm shaft', functions: 'Drive the gear' });
    expect(view.parts.map((p) => [p.name, p.sort, p.functions])).toEqual([
      ['Gear', 1, 'Mesh with worm\nTransmit 12 Nm'],
      ['Worm shaft', 2, 'Drive the gear'],
    ]);
    // a stale version is a conflict
    await expect(saveDrbfmPart(team.editor, view.projectId, { id: gear.id, version: gear.version, name: 'Gear wheel' })).rejects.toMatchObject({ code: 'conflict' });
    view = await saveDrbfmConcern(team.editor, view.projectId, { partId: gear.id, partFunction: 'Mesh with worm', concern: 'PA66 absorbs moisture and swells: backlash lost', influence: 'Worm shaft wear rises', cause: 'Moisture absorption of PA66 swells the teeth', importance: 'high' });
    const concern = view.concerns[0]!;
    expect(concern).toMatchObject({ raisedById: idOf(team.editor), importance: 'high', sentTo: [] });
    // the raiser is one of the team; outsiders are not
    await expect(saveDrbfmConcern(team.editor, view.projectId, { partId: gear.id, concern: 'x', raisedById: idOf(team.outsider) })).rejects.toMatchObject({ issues: [expect.objectContaining({ field: 'raisedById', messageKey: 'drbfm.raiser_not_member' })] });
    // a wrong date and an unknown kind are named by field, nothing written
    await expect(saveDrbfmAction(team.editor, view.projectId, { concernId: concern.id, kind: 'guess', description: 'Dry-wet cycle test', targetDate: '2026-02-30' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ field: 'kind', messageKey: 'drbfm.value_invalid' }), expect.objectContaining({ field: 'targetDate', messageKey: 'drbfm.date_invalid' })],
    });
    await expect(saveDrbfmAction(team.editor, view.projectId, { concernId: concern.id, kind: 'design', description: 'x', responsibleUserId: idOf(team.outsider) })).rejects.toMatchObject({ issues: [expect.objectContaining({ field: 'responsibleUserId' })] });
    view = await saveDrbfmAction(team.editor, view.projectId, { concernId: concern.id, kind: 'design', description: 'Backlash +0.05 mm for swelling', responsibleUserId: idOf(team.owner), targetDate: '2026-04-01' });
    // the responsible person named by another is told, with a link to the DRBFM
    const [told] = await t.db.select().from(message).where(and(eq(message.recipientId, idOf(team.owner)), eq(message.messageKey, 'message.drbfm_action')));
    expect(told).toMatchObject({ code: 'task', projectId: view.projectId, route: `/main/drbfmProject?type=1&projectId=${view.projectId}`, params: expect.objectContaining({ action: 'Backlash +0.05 mm for swelling' }) });
    view = await saveDrbfmAction(team.editor, view.projectId, { concernId: concern.id, kind: 'evaluation', description: 'Dry-wet cycle test 40 °C / 95 % RH', responsibleUserId: idOf(team.editor), targetDate: '2026-04-15' });
    expect(view.actions.map((a) => [a.kind, a.responsibleName !== null, a.status])).toEqual([
      ['design', true, 'open'],
      ['evaluation', true, 'open'],
    ]);
    // the responsible person finds the open action in My tasks, due on its date, opening the DRBFM; done, it leaves
    const mine = async () => (await listMyTasks(team.owner, { limit: 50 })).items.filter((task) => task.taskSource === 'drbfmAction');
    expect((await mine()).map((task) => [task.taskDesc, task.taskEndDate, task.fmeaNum, task.nodeName])).toEqual([['Backlash +0.05 mm for swelling', '2026-04-01', view.serialNum, concern.concern]]);
    const design = view.actions[0]!;
    view = await saveDrbfmAction(team.owner, view.projectId, { id: design.id, version: design.version, status: 'done', result: 'Backlash set to 0.15 mm' });
    expect(await mine()).toEqual([]);
    view = await saveDrbfmMeeting(team.owner, view.projectId, { meetingDate: '2026-03-09', participants: 'owner, editor, tech', minutes: 'Reviewed the gear change', decisions: 'Send the swelling concern to the DFMEA' });
    const extra = (await saveDrbfmMeeting(team.owner, view.projectId, { meetingDate: '2026-03-10', participants: 'owner' })).meetings.at(-1)!;
    view = await removeDrbfmMeeting(team.owner, view.projectId, extra.id, extra.version);
    expect(view.meetings.map((m) => m.meetingDate)).toEqual(['2026-03-09']);
    view = await updateDrbfmChange(team.owner, view.projectId, { version: view.change.version, beforeChange: 'POM', afterChange: 'PA66-GF30' });
    expect(view.change).toMatchObject({ beforeChange: 'POM', afterChange: 'PA66-GF30', version: 2 });
    // a reader of the team reads but may not write; an outsider may not read
    expect((await getDrbfm(team.reader, view.projectId)).canEdit).toBe(false);
    await expect(saveDrbfmMeeting(team.reader, view.projectId, { meetingDate: '2026-03-09', participants: 'x' })).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(getDrbfm(team.outsider, view.projectId)).rejects.toMatchObject({ code: 'not_allowed' });
  });

  it('sends a concern to a DFMEA as a proposal the DFMEA owner decides, traced both ways', async () => {
    const concern = view.concerns[0]!;
    const proposal = await sendConcernToFmea(team.editor, view.projectId, { concernId: concern.id, targetRowId: lifter.mode.id });
    expect(proposal).toMatchObject({ sourceKind: 'drbfm', sourceId: view.projectId, sourceNumber: view.serialNum, sourceItemId: concern.id, kind: 'addCause', description: 'Moisture absorption of PA66 swells the teeth' });
    // a concern of another DRBFM (or none) is refused by field
    await expect(sendConcernToFmea(team.editor, view.projectId, { concernId: lifter.mode.id, targetRowId: lifter.mode.id })).rejects.toMatchObject({ issues: [expect.objectContaining({ field: 'concernId' })] });
    // the DFMEA sees where the proposal came from, with the link back to the DRBFM
    const [onDfmea] = await listProposalsByProject(team.owner, dfmea.id);
    expect(onDfmea).toMatchObject({ id: proposal.id, sourceKind: 'drbfm', sourceNumber: view.serialNum, sourceLink: `/main/drbfm/drbfmProject?projectId=${view.projectId}` });
    await acceptProposal(team.owner, proposal.id, { version: proposal.version, causeFunctionId: lifter.mesh.id });
    const cause = await t.db.select().from(fmeaFailure).where(eq(fmeaFailure.description, 'Moisture absorption of PA66 swells the teeth')).get();
    expect(cause).toMatchObject({ projectId: dfmea.id, kind: 'FC' });
    // the DRBFM shows where its concern went, for every reader of it
    view = await getDrbfm(team.reader, view.projectId);
    expect(view.concerns[0]!.sentTo).toEqual([expect.objectContaining({ projectId: dfmea.id, serialNum: dfmea.serialNum, targetText: 'No torque transmitted', status: 'accepted' })]);
  });

  it('exports the DRBFM sheet in the classic columns, in the reader’s language', async () => {
    const file = await exportDrbfmWorkbook(team.reader, view.projectId, 'en-US');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.data as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const header = rows.find((r) => r.includes('Change point') && r.includes('Concern'))!;
    expect(header.slice(1)).toEqual(['Change point', 'Function', 'Concern', 'Raised by', 'Influence on other parts', 'Cause / failure mode', 'Importance', 'Design actions', 'Evaluation actions', 'Responsible', 'Due', 'Result', 'Sent to FMEA']);
    const line = rows.at(-1)!;
    expect(line.slice(1, 4)).toEqual([`${dfmea.serialNum} Gear\nPOM → PA66-GF30`, 'Mesh with worm', 'PA66 absorbs moisture and swells: backlash lost']);
    expect(line[8]).toBe('Backlash +0.05 mm for swelling');
    expect(line[11]).toBe('2026-04-01\n2026-04-15');
    expect(line[12]).toBe('Done: Backlash set to 0.15 mm\n—');
    expect(line[13]).toBe(`${dfmea.serialNum} No torque transmitted (accepted)`);
    expect(wb.worksheets[1]!.getRow(2).getCell(4).value).toBe('Send the swelling concern to the DFMEA');
    expect(file.fileName).toBe(`DRBFM-${view.serialNum}.xlsx`);
  });

  it('is copied with its worksheet, its concerns’ trace staying with the original', async () => {
    const copy = await copyProject(team.owner, view.projectId, { name: 'Gear material change B' });
    const copied = await getDrbfm(team.owner, copy.id);
    expect(copied.serialNum).toMatch(/^DR/);
    expect(copied.change).toMatchObject({ changePoint: view.change.changePoint, beforeChange: 'POM', version: 1 });
    expect(copied.parts.map((p) => p.name)).toEqual(view.parts.map((p) => p.name));
    expect(copied.concerns.map((c) => [c.concern, copied.parts.find((p) => p.id === c.partId)?.name, c.sentTo])).toEqual([['PA66 absorbs moisture and swells: backlash lost', 'Gear', []]]);
    expect(copied.actions.map((a) => [a.kind, a.concernId === copied.concerns[0]!.id])).toEqual([
      ['design', true],
      ['evaluation', true],
    ]);
    expect(copied.meetings).toHaveLength(1);
  });

  it('goes through the FMEA review: its worksheet walked, locked under review, released as a baseline', async () => {
    const named = { professional: idOf(team.reader), quality: idOf(tech), technical: idOf(tech), countersign: idOf(tech) };
    await submitReview(team.owner, view.projectId, named, { acknowledgeWarnings: true });
    await expect(saveDrbfmMeeting(team.owner, view.projectId, { meetingDate: '2026-03-11', participants: 'x' })).rejects.toMatchObject({ code: 'invalid_transition' });
    expect((await getReviewState(team.reader, view.projectId)).walkSteps).toEqual(['worksheet']);
    await walkAndGiveOpinion(team.reader, view.projectId, { conclusion: 'conform', text: 'ok' });
    await walkAndGiveOpinion(tech, view.projectId, { conclusion: 'conform', text: 'ok', role: 'quality' });
    await approveReview(tech, view.projectId);
    await releaseReview(tech, view.projectId, { acknowledgeWarnings: true });
    expect((await getDrbfm(team.reader, view.projectId)).reviewStatus).toBe('released');
    // the baseline froze the worksheet: its concerns and actions as released
    const [baseline] = await listBaselines(team.reader, view.projectId);
    const frozen = (await getBaseline(team.reader, view.projectId, baseline!.label)).snapshot.drbfm!;
    expect(frozen.change).toMatchObject({ changePoint: view.change.changePoint, beforeChange: 'POM', afterChange: 'PA66-GF30' });
    expect(frozen.concerns.map((c) => c.concern)).toEqual(['PA66 absorbs moisture and swells: backlash lost']);
    expect(frozen.actions.map((a) => a.targetDate).sort()).toEqual(['2026-04-01', '2026-04-15']);
  });
});
