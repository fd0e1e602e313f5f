import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { fmeaAction, fmeaFailure, fmeaFailureLink, message, operationLog } from '../../db/schema/index.ts';
import { buildWindowLifter, createTeamProject, idOf, insertTestEwo, insertTestProblem, makeTeam, makeUser, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import type { DomainError } from '../../errors.ts';
import { listMyTasks } from '../my-work/index.ts';
import { acceptProposal, listLoopMatches, listProposalsByProject, listProposalsBySource, openProposalCount, proposeChange, rejectProposal } from './index.ts';

let t: TestDatabase;
let team: Team;
/** The quality engineer who runs the 8D: on its team, and a reader of the FMEA (reviewer, role 4). */
let engineer: ServiceContext;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
  engineer = team.reader;
});
afterEach(() => t.dispose());

async function world() {
  const project = await createTeamProject(team);
  const w = await buildWindowLifter(team.editor, project);
  const problem = await insertTestProblem(t.db, {
    responsibleId: idOf(engineer),
    rootCauses: [
      { track: 'occurrence', description: 'Gear teeth worn after 20000 cycles: the worm gear material is too soft' },
      { track: 'detection', description: 'Endurance test ran too few cycles' },
    ],
  });
  return { project, ...w, problem };
}

const raise = (problemId: string, causeId: string, rowId: string) => ({
  sourceKind: 'problem' as const,
  sourceId: problemId,
  sourceItemId: causeId,
  targetRowId: rowId,
  kind: 'raiseOccurrence' as const,
  description: 'Teeth wear faster than rated',
  rationale: '14 field returns in 3 months',
  occurrence: 8,
});

describe('matching a problem against the FMEAs', () => {
  it("lists the items its root causes cover in the FMEAs the caller may open, best first, with the shared terms", async () => {
    const w = await world();
    const matches = await listLoopMatches(engineer, 'problem', w.problem.id);
    const worn = matches.find((m) => m.itemId === w.worn.id);
    expect(worn).toMatchObject({ projectId: w.project.id, item: 'FC', rowId: w.worn.id, rowKind: 'FC', occurrence: 6, detection: 5 });
    expect(worn!.reasons).toContainEqual({ kind: 'text', field: 'whyOccurred', terms: ['teeth', 'worn'] });
    // the detection control named by the "why not detected" root cause, proposed on its cause
    expect(matches.find((m) => m.item === 'detection')).toMatchObject({ text: 'Endurance test ET-3', rowId: w.worn.id });
    expect(matches.some((m) => m.itemId === w.loose.id)).toBe(false);
  });

  it('finds nothing in an FMEA the caller may not open, and refuses someone off the problem team', async () => {
    const w = await world();
    const stranger = await makeUser(t, 'stranger');
    const own = await insertTestProblem(t.db, { responsibleId: idOf(stranger), rootCauses: [{ track: 'occurrence', description: 'Gear teeth worn' }] });
    expect(await listLoopMatches(stranger, 'problem', own.id)).toEqual([]);
    await expect(listLoopMatches(team.outsider, 'problem', w.problem.id)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'loop.not_source_team' });
    await expect(listLoopMatches(engineer, 'ewo', w.problem.id)).rejects.toMatchObject({ code: 'not_found', messageKey: 'loop.source_not_found' });
  });
});

describe('matching an EWO', () => {
  it('puts the FMEA items the EWO lists first, and lets its tracker propose from it', async () => {
    const w = await world();
    const change = await insertTestEwo(t.db, { trackerId: idOf(engineer), description: 'Worm gear material PA66 to PA66-GF30', fmeaItems: [{ refId: w.worn.id, fmeaRef: 'FC', projectId: w.project.id, label: 'Teeth worn', changeNote: 'harder material' }] });
    const matches = await listLoopMatches(engineer, 'ewo', change.id);
    expect(matches[0]!.itemId).toBe(w.worn.id);
    expect(matches[0]!.reasons[0]).toEqual({ kind: 'named' });
    const proposal = await proposeChange(engineer, { sourceKind: 'ewo', sourceId: change.id, targetRowId: w.worn.id, kind: 'addControl', controlKind: 'prevention', description: 'Material spec PA66-GF30 on the drawing', rationale: 'EWO changes the material' });
    expect(proposal).toMatchObject({ sourceKind: 'ewo', sourceNumber: change.ewoNum });
    expect((await listProposalsByProject(team.owner, w.project.id))[0]!.sourceLink).toBe(`/main/ewo/ewoDetail?id=${change.id}`);
  });
});

describe('proposing and deciding', () => {
  it("proposes from the problem's root cause, tells the FMEA's responsible person, and accepting makes it an optimisation action", async () => {
    const w = await world();
    const proposal = await proposeChange(engineer, raise(w.problem.id, w.problem.causeIds[0]!, w.worn.id));
    expect(proposal).toMatchObject({ status: 'open', sourceNumber: w.problem.problemNum, projectId: w.project.id, targetText: 'Teeth worn', previousOccurrence: 6, occurrence: 8 });
    const told = await t.db.select().from(message).where(eq(message.recipientId, idOf(team.owner)));
    expect(told).toEqual([expect.objectContaining({ messageKey: 'message.fmea_proposal', targetId: proposal.id, projectId: w.project.id })]);
    expect(told[0]!.route).toContain('proposals=1');
    expect(await openProposalCount(t.db, 'problem', w.problem.id)).toBe(1);

    // My tasks: the responsible person's, while open
    const tasks = await listMyTasks(team.owner);
    expect(tasks.items).toContainEqual(expect.objectContaining({ id: proposal.id, taskSource: 'proposal', taskType: '3', fmeaNum: w.project.serialNum }));

    await expect(acceptProposal(team.editor, proposal.id, { version: 1 })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'loop.not_fmea_responsible' });
    const accepted = await acceptProposal(team.owner, proposal.id, { version: 1, responsibleUserId: idOf(team.editor), targetDate: '2026-09-30' });
    expect(accepted).toMatchObject({ status: 'accepted', decidedById: idOf(team.owner), version: 2 });
    const action = await t.db.select().from(fmeaAction).where(eq(fmeaAction.id, accepted.actionId!)).get();
    expect(action).toMatchObject({ causeId: w.worn.id, kind: 'prevention', description: 'Teeth wear faster than rated', status: 'open', responsibleUserId: idOf(team.editor) });
    const logged = (await t.db.select({ action: operationLog.action }).from(operationLog).where(eq(operationLog.userName, team.owner.actor.userName))).map((r) => r.action);
    expect(logged).toEqual(expect.arrayContaining(['fmea.action.create', 'loop.proposal.accept']));
    expect(await t.db.select().from(message).where(and(eq(message.recipientId, idOf(engineer)), eq(message.messageKey, 'message.fmea_proposal_decided')))).toHaveLength(1);
    expect(await openProposalCount(t.db, 'problem', w.problem.id)).toBe(0);
    expect((await listMyTasks(team.owner)).items.some((task) => task.id === proposal.id)).toBe(false);

    // the trace, both ways
    expect(await listProposalsBySource(engineer, 'problem', w.problem.id)).toEqual([expect.objectContaining({ id: proposal.id, serialNum: w.project.serialNum, actionCauseId: w.worn.id, actionStatus: 'open' })]);
    expect(await listProposalsByProject(team.reader, w.project.id)).toEqual([expect.objectContaining({ id: proposal.id, sourceLink: `/main/problem/problemDetail?id=${w.problem.id}` })]);
    await expect(acceptProposal(team.owner, proposal.id, { version: 2 })).rejects.toMatchObject({ code: 'invalid_transition', messageKey: 'loop.transition_invalid' });
  });

  it('adds a missing cause under the mode, on the function of its other causes, linked, with the action on it', async () => {
    const w = await world();
    const proposal = await proposeChange(engineer, { sourceKind: 'problem', sourceId: w.problem.id, targetRowId: w.mode.id, kind: 'addCause', description: 'Worm gear material too soft', rationale: 'Hardness 20 HRC below drawing', occurrence: 7 });
    const accepted = await acceptProposal(team.owner, proposal.id, { version: 1 });
    const action = (await t.db.select().from(fmeaAction).where(eq(fmeaAction.id, accepted.actionId!)).get())!;
    const cause = (await t.db.select().from(fmeaFailure).where(eq(fmeaFailure.id, action.causeId)).get())!;
    expect(cause).toMatchObject({ kind: 'FC', description: 'Worm gear material too soft', occurrence: 7 });
    expect([w.mesh.id, w.hold.id]).toContain(cause.functionId);
    expect(await t.db.select().from(fmeaFailureLink).where(and(eq(fmeaFailureLink.higherFailureId, w.mode.id), eq(fmeaFailureLink.lowerFailureId, cause.id)))).toHaveLength(1);
    expect(action.responsibleUserId).toBe(idOf(team.owner));
  });

  it('offers the functions a missing cause may go on, the default first chosen, and puts it on the one chosen', async () => {
    const w = await world();
    const proposal = await proposeChange(engineer, { sourceKind: 'problem', sourceId: w.problem.id, targetRowId: w.mode.id, kind: 'addCause', description: 'Bearing seat too wide', rationale: 'Measured 0.05 over', occurrence: 5 });
    const [open] = await listProposalsByProject(team.owner, w.project.id);
    expect(open!.causeFunctions).toEqual([
      { id: w.mesh.id, description: 'Mesh with worm', nodeName: 'Gear', isDefault: true },
      { id: w.hold.id, description: 'Hold bearings', nodeName: 'Housing', isDefault: false },
    ]);
    // a function the chain rule does not allow under the mode: refused in the engine's words, nothing added
    const refused = await acceptProposal(team.owner, proposal.id, { version: 1, causeFunctionId: w.close.id }).then(() => null, (e: DomainError) => e);
    expect(refused?.messageKey).toBe('fmea.link_cause_level');
    expect(await t.db.select().from(fmeaFailure).where(eq(fmeaFailure.description, 'Bearing seat too wide'))).toHaveLength(0);
    const accepted = await acceptProposal(team.owner, proposal.id, { version: 1, causeFunctionId: w.hold.id });
    const action = (await t.db.select().from(fmeaAction).where(eq(fmeaAction.id, accepted.actionId!)).get())!;
    expect((await t.db.select().from(fmeaFailure).where(eq(fmeaFailure.id, action.causeId)).get())!.functionId).toBe(w.hold.id);
    expect((await listProposalsByProject(team.owner, w.project.id))[0]!.causeFunctions).toBeNull();
  });

  it('refuses what does not fit, naming the field, and changes nothing', async () => {
    const w = await world();
    await expect(proposeChange(engineer, { ...raise(w.problem.id, w.problem.causeIds[0]!, w.worn.id), occurrence: 6 })).rejects.toMatchObject({
      issues: [expect.objectContaining({ messageKey: 'loop.rating_not_raised', field: 'occurrence', params: expect.objectContaining({ current: 6 }) })],
    });
    await expect(proposeChange(engineer, { ...raise(w.problem.id, w.problem.causeIds[0]!, w.mode.id) })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'loop.target_kind' })] });
    await expect(proposeChange(team.outsider, raise(w.problem.id, w.problem.causeIds[0]!, w.worn.id))).rejects.toMatchObject({ messageKey: 'loop.not_source_team' });
    // on the problem team, but not able to open the FMEA
    const stranger = await makeUser(t, 'stranger');
    const theirs = await insertTestProblem(t.db, { responsibleId: idOf(stranger) });
    await expect(proposeChange(stranger, raise(theirs.id, '', w.worn.id))).rejects.toMatchObject({ code: 'not_allowed' });
    expect(await openProposalCount(t.db, 'problem', w.problem.id)).toBe(0);
  });

  it('rejects only with a reason, and tells the proposer', async () => {
    const w = await world();
    const proposal = await proposeChange(engineer, { ...raise(w.problem.id, w.problem.causeIds[1]!, w.worn.id), kind: 'addControl', controlKind: 'detection', description: 'Run the endurance test to 60000 cycles' });
    await expect(rejectProposal(team.owner, proposal.id, { version: 1, reason: ' ' })).rejects.toMatchObject({ issues: [expect.objectContaining({ field: 'reason' })] });
    await expect(rejectProposal(team.owner, proposal.id, { version: 3, reason: 'Covered by DVP' })).rejects.toMatchObject({ code: 'conflict' });
    const rejected = await rejectProposal(team.owner, proposal.id, { version: 1, reason: 'Covered by DVP test DV-7' });
    expect(rejected).toMatchObject({ status: 'rejected', decisionReason: 'Covered by DVP test DV-7', actionId: null });
    expect(await t.db.select().from(message).where(and(eq(message.recipientId, idOf(engineer)), eq(message.messageKey, 'message.fmea_proposal_decided')))).toHaveLength(1);
  });
});
