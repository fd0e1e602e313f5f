import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { message } from '../../db/schema/index.ts';
import { buildWindowLifter, createTeamProject, idOf, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { addAction, changeActionStatus, deleteAction, listActions, updateAction } from './actions.ts';
import { readRiskGrid } from './grid.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

async function lifter() {
  const project = await createTeamProject(team);
  return { project, ...(await buildWindowLifter(team.editor, project)) };
}

const wornRow = async (projectId: string) => (await readRiskGrid(team.reader, projectId)).items.find((r) => r.cause?.description === 'Teeth worn')!;

describe('optimisation actions', () => {
  it('plans an action on a cause, open, with responsible person and target date', async () => {
    const w = await lifter();
    const action = await addAction(team.editor, {
      causeId: w.worn.id,
      kind: 'prevention',
      description: 'Induction harden the teeth',
      responsibleUserId: idOf(team.editor),
      targetDate: '2026-06-30',
    });
    expect(action).toMatchObject({ status: 'open', version: 1, sort: 1, responsibleUserId: idOf(team.editor) });
    await expect(addAction(team.editor, { causeId: w.mode.id, kind: 'prevention', description: 'x' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ messageKey: 'fmea.cause_required' })],
    });
    await expect(addAction(team.editor, { causeId: w.worn.id, kind: 'prevention', description: 'x', responsibleUserId: 'ghost' })).rejects.toMatchObject({
      messageKey: 'fmea.user_not_found',
    });
    await expect(addAction(team.reader, { causeId: w.worn.id, kind: 'prevention', description: 'x' })).rejects.toMatchObject({ code: 'not_allowed' });
  });

  it('refuses a responsible person who cannot read the project, naming them, and sends them nothing', async () => {
    const w = await lifter();
    const outsider = team.outsider.actor.userName;
    await expect(addAction(team.editor, { causeId: w.worn.id, kind: 'prevention', description: 'Secret fix', responsibleUserId: idOf(team.outsider) })).rejects.toMatchObject({
      code: 'invalid_input',
      messageKey: 'fmea.responsible_cannot_read',
      params: { user: outsider },
      issues: [expect.objectContaining({ field: 'responsibleUserId' })],
    });
    const action = await addAction(team.editor, { causeId: w.worn.id, kind: 'prevention', description: 'Open fix', responsibleUserId: idOf(team.reader) });
    await expect(updateAction(team.editor, action.id, { version: action.version, responsibleUserId: idOf(team.outsider) })).rejects.toMatchObject({ messageKey: 'fmea.responsible_cannot_read' });
    expect(await listActions(team.owner, w.project.id)).toEqual([expect.objectContaining({ id: action.id, responsibleUserId: idOf(team.reader) })]);
    expect(await t.db.select().from(message).where(eq(message.recipientId, idOf(team.outsider)))).toEqual([]);
  });

  it('walks the status flow and refuses moves the flow does not have', async () => {
    const w = await lifter();
    const action = await addAction(team.editor, { causeId: w.worn.id, kind: 'detection', description: 'Add end-of-line torque test' });
    const pending = await changeActionStatus(team.editor, action.id, { version: 1, event: 'propose' });
    expect(pending.status).toBe('decisionPending');
    const decided = await changeActionStatus(team.editor, action.id, { version: 2, event: 'decide' });
    expect(decided.status).toBe('implementationPending');
    await expect(changeActionStatus(team.editor, action.id, { version: 3, event: 'propose' })).rejects.toMatchObject({
      code: 'invalid_transition',
      messageKey: 'fmea.action_transition_invalid',
      params: { from: 'implementationPending', event: 'propose' },
    });
    await expect(changeActionStatus(team.editor, action.id, { version: 3, event: 'complete' })).rejects.toMatchObject({
      messageKey: 'fmea.action_completion_incomplete',
      issues: [expect.objectContaining({ field: 'actionTaken' }), expect.objectContaining({ field: 'completionDate' })],
    });
    const done = await changeActionStatus(team.editor, action.id, {
      version: 3,
      event: 'complete',
      actionTaken: 'EOL torque test added to station 40',
      evidence: 'PPAP run 2026-05',
      completionDate: '2026-05-04',
    });
    expect(done).toMatchObject({ status: 'completed', completionDate: '2026-05-04', evidence: 'PPAP run 2026-05', version: 4 });
    await expect(updateAction(team.editor, action.id, { version: 4, completionDate: null })).rejects.toMatchObject({ messageKey: 'fmea.action_completion_incomplete' });
    const reopened = await changeActionStatus(team.editor, action.id, { version: 4, event: 'reopen' });
    expect(reopened).toMatchObject({ status: 'open', completionDate: null, actionTaken: 'EOL torque test added to station 40' });
  });

  it('refuses a stale version and writes nothing', async () => {
    const w = await lifter();
    const action = await addAction(team.editor, { causeId: w.worn.id, kind: 'prevention', description: 'Harden' });
    await updateAction(team.owner, action.id, { version: 1, targetDate: '2026-07-01' });
    await expect(changeActionStatus(team.editor, action.id, { version: 1, event: 'reject' })).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.stale_version' });
    expect((await listActions(team.reader, w.project.id))[0]).toMatchObject({ status: 'open', targetDate: '2026-07-01', version: 2 });
  });

  it('re-rates the chain after actions: S9 O6 D5 (H) becomes S9 O2 D3 (L)', async () => {
    const w = await lifter();
    expect(await wornRow(w.project.id)).toMatchObject({ ap: 'H', rpn: 270, raAp: null, hasOpenActions: false });
    const prevention = await addAction(team.editor, { causeId: w.worn.id, kind: 'prevention', description: 'Harden', raOccurrence: 2 });
    await addAction(team.editor, { causeId: w.worn.id, kind: 'detection', description: 'EOL test', raDetection: 3 });
    expect(await wornRow(w.project.id)).toMatchObject({ raseverity: 9, raoccurrence: 2, radet: 3, rarpn: 54, raAp: 'L', hasOpenActions: true });
    await changeActionStatus(team.editor, prevention.id, { version: 1, event: 'reject' });
    expect(await wornRow(w.project.id)).toMatchObject({ raoccurrence: 6, radet: 3, rarpn: 162, raAp: 'H' });
    expect((await wornRow(w.project.id)).actions.map((a) => [a.description, a.status])).toEqual([
      ['Harden', 'notImplemented'],
      ['EOL test', 'open'],
    ]);
  });

  it('refuses a re-rating outside 1..10 and lists actions by status', async () => {
    const w = await lifter();
    await expect(addAction(team.editor, { causeId: w.worn.id, kind: 'prevention', description: 'x', raSeverity: 11 })).rejects.toMatchObject({
      issues: [expect.objectContaining({ messageKey: 'ap.rating_out_of_range', field: 'raSeverity' })],
    });
    const a = await addAction(team.editor, { causeId: w.worn.id, kind: 'prevention', description: 'a' });
    await addAction(team.editor, { causeId: w.loose.id, kind: 'prevention', description: 'b' });
    await changeActionStatus(team.editor, a.id, { version: 1, event: 'reject' });
    expect((await listActions(team.reader, w.project.id, { statuses: ['open'] })).map((x) => x.description)).toEqual(['b']);
    await deleteAction(team.editor, a.id, { version: 2 });
    expect(await listActions(team.reader, w.project.id)).toHaveLength(1);
  });
});
