import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { operationLog, projectTask, user, userScoreEvent } from '../../db/schema/index.ts';
import type { DomainError } from '../../errors.ts';
import { translate, translateError } from '../../i18n/index.ts';
import { listMessages } from '../messages/inbox.ts';
import { buildWindowLifter, createTeamProject, idOf, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { addNode } from '../fmea/structure.ts';
import { listMyTasks } from '../my-work/index.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import type { ServiceContext } from '../shared/context.ts';
import {
  addDependency,
  cancelTasks,
  createProgram,
  createTask,
  deleteProgram,
  deleteTask,
  getProgram,
  getTask,
  linkFmea,
  listPrograms,
  listTaskLog,
  listTasks,
  nodeTaskProgress,
  readPlan,
  removeDependency,
  rescheduleTask,
  saveBaseline,
  saveStages,
  transitionTask,
  updateProgram,
  updateTask,
} from './index.ts';

let t: TestDatabase;
let team: Team;
const ALL_PROGRAM = ['add', 'edit', 'del', 'import', 'export'];
const FMEA = ['add', 'edit', 'del'];
/** Grants as the API's session gives them. */
const granted = (ctx: ServiceContext, grants: Record<string, readonly string[]>) =>
  t.as({ ...ctx.actor, grants: new Map(Object.entries({ dfmea_index: FMEA, pfmea_index: FMEA, ...grants }).map(([route, buttons]) => [route, new Set(buttons)])) });
let planner: ServiceContext;
let engineer: ServiceContext;
let viewer: ServiceContext;
let stranger: ServiceContext;

beforeEach(async () => {
  t = await openTestDatabase({ now: () => new Date('2026-03-02T08:00:00Z') });
  team = await makeTeam(t);
  planner = granted(team.owner, { program_index: ALL_PROGRAM, program_detail: ['schedule', 'baseline'], task_index: [...ALL_PROGRAM, 'cancel'] });
  engineer = granted(team.editor, { task_index: [] });
  viewer = granted(team.reader, { program_index: [] });
  stranger = granted(team.outsider, { program_index: ['edit', 'del'], task_index: ['add', 'edit', 'del'] });
  await setRuleFlag(t.ctx, 'xmcjzRule', '1');
});
afterEach(() => t.dispose());

const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have been refused'), (e: DomainError) => e);
const said = (e: DomainError) => translateError('en-US', e);

/** A program over the team's window-lifter DFMEA and a PFMEA, each FMEA linked. */
async function world() {
  const dfmea = await createTeamProject(team);
  const lifter = await buildWindowLifter(team.owner, dfmea);
  const pfmea = await createTeamProject(team, { projectType: 'pfmea' });
  const step = await addNode(team.owner, { parentId: pfmea.rootNodeId!, name: 'Assemble gearbox' });
  const program = await createProgram(planner, { programName: 'Window lifter 2027', enProgramName: 'Window lifter MY27', startDate: '2026-03-02', endDate: '2026-12-20', sopDate: '2026-12-01', programOwnerId: idOf(team.owner) });
  await linkFmea(planner, program.id, { projectId: dfmea.id, linked: true, version: program.version });
  const linked = await linkFmea(planner, program.id, { projectId: pfmea.serialNum, linked: true, version: program.version + 1 });
  return { dfmea, lifter, pfmea, step, program: linked };
}

const task = (over: Record<string, unknown> = {}) => ({ taskName: 'Compile', taskType: '1' as const, handlerId: idOf(team.editor), plannedStart: '2026-03-02', plannedEnd: '2026-03-06', ...over });

describe('programs', () => {
  it('are numbered PN, listed with their FMEA counts, edited against the version read, under the project-creator rule', async () => {
    const { program, dfmea } = await world();
    expect(program).toMatchObject({ programNum: 'PN2603020001', programName: 'Window lifter 2027', programOwnerName: expect.stringContaining('owner'), dfmeaCount: 1, pfmeaCount: 1, fmeas: [expect.objectContaining({ projectId: dfmea.id, taskObject: '1' }), expect.objectContaining({ taskObject: '2' })] });
    expect((await listPrograms(viewer, { search: 'MY27' })).items.map((p) => p.programNum)).toEqual(['PN2603020001']);
    const edited = await updateProgram(planner, program.id, { programName: 'Window lifter 2027', sopDate: '2026-11-30', version: program.version });
    expect(edited).toMatchObject({ sopDate: '2026-11-30', version: program.version + 1 });
    expect(await refusal(updateProgram(planner, program.id, { programName: 'x', version: program.version }))).toMatchObject({ code: 'conflict', messageKey: 'program.stale' });
    // rule on: someone else holding edit may not; off: holders of audit may
    expect(await refusal(updateProgram(stranger, program.id, { programName: 'Mine', version: edited.version }))).toMatchObject({ code: 'not_allowed', messageKey: 'permission.edit_not_creator' });
    await setRuleFlag(t.ctx, 'xmcjzRule', '0');
    const auditor = granted(team.outsider, { program_index: ['edit', 'audit'] });
    expect((await updateProgram(auditor, program.id, { programName: 'Theirs', version: edited.version })).programName).toBe('Theirs');
    expect(await refusal(listPrograms(granted(team.outsider, {}), {}))).toMatchObject({ code: 'not_allowed' });
  });

  it('refuse bad fields whole, each under its label in the reader’s language', async () => {
    const e = await refusal(createProgram(planner, { programName: ' ', startDate: '2026-05-01', endDate: '2026-04-01', sopDate: '2026-02-30' }));
    expect(e.issues.map((i) => i.field)).toEqual(['programName', 'sopDate', 'endDate']);
    expect(said(e)).toContain('Program name is required');
    expect(said(e)).toContain('"2026-02-30" is not a date');
  });

  it('keep their stages in order, and cannot be deleted while a task is unfinished', async () => {
    const { program } = await world();
    const staged = await saveStages(planner, program.id, { version: program.version, stages: [{ name: 'Concept' }, { name: 'Design', startDate: '2026-04-01', endDate: '2026-06-30' }] });
    expect(staged.stages.map((s) => s.name)).toEqual(['Concept', 'Design']);
    const created = await createTask(planner, task({ programId: program.id, programStageId: staged.stages[1]!.id }));
    expect(created.programStageName).toBe('Design');
    expect(await refusal(deleteProgram(planner, program.id))).toMatchObject({ code: 'conflict', messageKey: 'program.has_open_tasks' });
    await cancelTasks(planner, [created.id], 'dropped');
    await deleteProgram(planner, program.id);
    expect(await refusal(getProgram(viewer, program.id))).toMatchObject({ code: 'not_found' });
  });
});

describe('tasks', () => {
  it('on an FMEA node need the superior part task first, hang under it, and are numbered PR on a DFMEA and PT on a PFMEA', async () => {
    const { program, dfmea, lifter, pfmea, step } = await world();
    const onGear = task({ programId: program.id, projectId: dfmea.id, nodeId: lifter.gear.id });
    const e = await refusal(createTask(planner, onGear));
    expect(e.issues).toEqual([expect.objectContaining({ messageKey: 'task.superior_task_first', field: 'nodeId' })]);
    expect(said(e)).toContain('Superior part task must be created first: Gearbox');
    const root = await createTask(planner, task({ programId: program.id, projectId: dfmea.id, nodeId: lifter.rootId }));
    const gearbox = await createTask(planner, task({ programId: program.id, projectId: dfmea.id, nodeId: lifter.gearbox.id }));
    const gear = await createTask(planner, onGear);
    expect([root.taskNum, gearbox.parentId, gear.parentId, gear.parentTaskNum]).toEqual(['PR2603020001', root.id, gearbox.id, gearbox.taskNum]);
    expect(gear).toMatchObject({ taskObject: '1', pptSerial: lifter.gear.id, projectProcedureSerial: null, nodeName: 'Gear', fmeaNum: dfmea.serialNum, handlerName: expect.stringContaining('editor') });
    const process = await createTask(planner, task({ programId: program.id, projectId: pfmea.id, nodeId: pfmea.rootNodeId }));
    expect(process).toMatchObject({ taskNum: 'PT2603020001', taskObject: '2', projectProcedureSerial: pfmea.rootNodeId });
    expect((await refusal(createTask(planner, task({ programId: program.id, projectId: pfmea.id, nodeId: lifter.gear.id })))).issues[0]).toMatchObject({ messageKey: 'task.node_not_in_project' });
    void step;
  });

  it('show planned dates only for compile, update and optimisation tasks on an FMEA (spec 001 §9)', async () => {
    const { program, dfmea } = await world();
    const compile = await createTask(planner, task({ programId: program.id, projectId: dfmea.id }));
    const review = await createTask(planner, task({ programId: program.id, projectId: dfmea.id, taskType: '2' }));
    const loose = await createTask(planner, task({ programId: program.id }));
    expect([compile.taskEndDate, review.taskEndDate, loose.taskEndDate]).toEqual(['2026-03-06', null, null]);
    expect(review.plannedEnd).toBe('2026-03-06');
  });

  it('move through the machine by who may: the handler works, the launcher approves, nobody else', async () => {
    const { program, dfmea } = await world();
    const created = await createTask(planner, task({ programId: program.id, projectId: dfmea.id }));
    expect(created.actions).toEqual(['cancel']);
    expect(await refusal(transitionTask(planner, created.id, 'start'))).toMatchObject({ code: 'not_allowed', messageKey: 'task.not_handler' });
    const started = await transitionTask(engineer, created.id, 'start');
    expect(started.task).toMatchObject({ taskStatus: '1', actualStartDate: '2026-03-02', actions: ['submit', 'complete', 'hold', 'cancel'].filter((a) => a !== 'cancel') });
    expect(started.progress).toBeNull();
    // the launcher is someone else: completing without review is refused
    expect(await refusal(transitionTask(engineer, created.id, 'complete'))).toMatchObject({ messageKey: 'task.complete_needs_review' });
    await transitionTask(engineer, created.id, 'submit', { hours: 6 });
    expect(await refusal(transitionTask(engineer, created.id, 'approve'))).toMatchObject({ messageKey: 'task.not_owner' });
    const rejected = await transitionTask(planner, created.id, 'reject', { note: 'Missing the housing' });
    expect(rejected.task.taskStatus).toBe('6');
    await transitionTask(engineer, created.id, 'rework');
    await transitionTask(engineer, created.id, 'submit');
    const approved = await transitionTask(planner, created.id, 'approve');
    expect(approved.task).toMatchObject({ taskStatus: '3', taskCompleteDate: '2026-03-02', hours: 6, actions: [] });
    // the completed task credits its handler once (docs/domain/user-scores.md), not the launcher who approved it
    const credits = await t.db.select({ userId: userScoreEvent.userId, reason: userScoreEvent.reason, points: userScoreEvent.points }).from(userScoreEvent).where(eq(userScoreEvent.sourceId, created.id));
    expect(credits).toEqual([{ userId: engineer.actor.userId, reason: 'taskCompleted', points: 10 }]);
    const [handler] = await t.db.select({ contribution: user.contributionScore }).from(user).where(eq(user.id, engineer.actor.userId!));
    expect(handler!.contribution).toBe(10);
    expect(await refusal(transitionTask(planner, created.id, 'cancel'))).toMatchObject({ code: 'invalid_transition', messageKey: 'status.task.terminal' });
    expect(await refusal(updateTask(planner, created.id, { ...task(), version: approved.task.version }))).toMatchObject({ messageKey: 'task.finished' });
    const log = await listTaskLog(viewer, { programId: program.id });
    expect(log.items.map((l) => [l.action, l.fromStatus, l.toStatus]).reverse()).toEqual([
      ['create', null, '0'],
      ['start', '0', '1'],
      ['submit', '1', '2'],
      ['reject', '2', '6'],
      ['rework', '6', '1'],
      ['submit', '1', '2'],
      ['approve', '2', '3'],
    ]);
    expect(log.items.find((l) => l.action === 'reject')).toMatchObject({ note: 'Missing the housing', actorName: expect.stringContaining('owner') });
    expect((await listTaskLog(team.reader, { projectId: dfmea.id })).total).toBe(7);
    const logged = await t.db.select({ action: operationLog.action }).from(operationLog).where(eq(operationLog.entityId, created.id));
    expect(logged.map((l) => l.action)).toContain('task.approve');
    // the inbox: the handler was given the task and told the decisions; the launcher got the submissions
    const inbox = async (ctx: ServiceContext) => (await listMessages(ctx, 'business', { limit: 50 })).items.map((m) => translate('en-US', m.messageKey, m.params)).sort();
    const who = team.owner.actor.userName;
    expect(await inbox(team.editor)).toEqual([`${who} approved your task ${created.taskNum}: Compile`, `${who} gave you the task ${created.taskNum}: Compile`, `${who} rejected your task ${created.taskNum}: Compile`]);
    expect(await inbox(team.owner)).toEqual([`${team.editor.actor.userName} submitted the task ${created.taskNum} for your review: Compile`, `${team.editor.actor.userName} submitted the task ${created.taskNum} for your review: Compile`]);
    // the task is on the DFMEA (no node): its messages open the DFMEA
    expect((await listMessages(team.editor, 'business', {})).items.map((m) => [m.code, m.route?.split('?')[0]])).toEqual(Array(3).fill(['programTask', '/main/dfmeaProject']));
  });

  it('name who acted by their real name: launched by, the task log, the messages, the program’s last change', async () => {
    await t.db.update(user).set({ realName: '孙计划' }).where(eq(user.id, idOf(team.owner)));
    await t.db.update(user).set({ realName: '李工程' }).where(eq(user.id, idOf(team.editor)));
    const { program, dfmea } = await world();
    const created = await createTask(planner, task({ programId: program.id, projectId: dfmea.id }));
    expect(created.taskOwnerName).toBe('孙计划');
    await transitionTask(engineer, created.id, 'start');
    expect((await listTaskLog(viewer, { programId: program.id })).items.map((l) => l.actorName)).toEqual(['李工程', '孙计划']);
    const inbox = (await listMessages(team.editor, 'business', {})).items.map((m) => translate('en-US', m.messageKey, m.params));
    expect(inbox).toEqual([`孙计划 gave you the task ${created.taskNum}: Compile`]);
    expect((await getProgram(viewer, program.id)).updaterName).toBe('孙计划');
    // the creator rule still knows the creator by the login kept beside the id
    expect((await t.db.select({ creatorName: projectTask.creatorName }).from(projectTask).where(eq(projectTask.id, created.id)))[0]!.creatorName).toBe(team.owner.actor.userName);
  });

  it('on a node complete when the node’s analysis is complete, and tell the maps their progress', async () => {
    const { program, dfmea, lifter } = await world();
    const root = await createTask(planner, task({ programId: program.id, projectId: dfmea.id, nodeId: lifter.rootId }));
    const gearbox = await createTask(planner, task({ programId: program.id, projectId: dfmea.id, nodeId: lifter.gearbox.id }));
    const housing = await createTask(planner, task({ programId: program.id, projectId: dfmea.id, nodeId: lifter.housing.id, taskType: '6' }));
    const started = await transitionTask(engineer, housing.id, 'start');
    expect(started.progress).toEqual({ taskId: housing.id, taskNum: housing.taskNum, projectId: dfmea.id, nodeId: lifter.housing.id, pptSerial: lifter.housing.id, projectProcedureSerial: null, taskStatus: '1' });
    await transitionTask(engineer, gearbox.id, 'start');
    // the gear's cause "Teeth worn" (S9 O6 D5) is high and has no action: the gearbox's analysis is not complete
    const e = await refusal(transitionTask(engineer, gearbox.id, 'complete'));
    expect(e).toMatchObject({ code: 'conflict', messageKey: 'task.analysis_incomplete' });
    expect(said(e)).toContain('The analysis of Gearbox is not complete');
    // the housing has its function, its cause is rated, linked and not high, and the checks find nothing there
    const done = await transitionTask(engineer, housing.id, 'complete');
    expect(done.progress).toMatchObject({ nodeId: lifter.housing.id, taskStatus: '3' });
    const progress = await nodeTaskProgress(team.reader, dfmea.id);
    expect(progress.find((p) => p.nodeId === lifter.gearbox.id)).toMatchObject({ pptSerial: lifter.gearbox.id, percent: 0, tasks: [expect.objectContaining({ taskNum: gearbox.taskNum, taskStatus: '1' })] });
    expect(progress.map((p) => p.nodeId).sort()).toEqual([lifter.rootId, lifter.gearbox.id, lifter.housing.id].sort());
    expect(progress.find((p) => p.nodeId === lifter.housing.id)).toMatchObject({ percent: 100, analysisComplete: true, findings: 0 });
    expect(progress.find((p) => p.nodeId === lifter.gearbox.id)).toMatchObject({ analysisComplete: false, findings: expect.any(Number) });
    void root;
  });

  it('are cancelled in a batch all or none', async () => {
    const { program } = await world();
    const a = await createTask(planner, task({ programId: program.id }));
    // launched by someone else, outside the program: the planner cancels it as a holder of the cancel button
    const b = await createTask(stranger, task({ taskName: 'Theirs' }));
    const e = await refusal(cancelTasks(engineer, [a.id, b.id]));
    expect(e.issues.map((i) => [i.field, i.messageKey])).toEqual([
      ['ids.0', 'task.cancel_denied'],
      ['ids.1', 'task.cancel_denied'],
    ]);
    expect((await getTask(planner, a.id)).taskStatus).toBe('0');
    const cancelled = await cancelTasks(planner, [a.id, b.id], 'Program stopped');
    expect(cancelled.map((c) => c.task.taskStatus)).toEqual(['5', '5']);
  });

  it('are listed: to do, launched, all, done, current and history, and join My tasks', async () => {
    const { program } = await world();
    const a = await createTask(planner, task({ programId: program.id, taskName: 'Alpha' }));
    const b = await createTask(planner, task({ programId: program.id, taskName: 'Beta', plannedStart: '2026-04-01', plannedEnd: '2026-04-03' }));
    await transitionTask(engineer, a.id, 'start');
    await transitionTask(engineer, a.id, 'submit');
    const names = async (ctx: ServiceContext, list: Parameters<typeof listTasks>[1]['list']) => (await listTasks(ctx, { list })).items.map((i) => i.taskName).sort();
    expect(await names(engineer, 'todoList')).toEqual(['Beta']);
    expect(await names(planner, 'todoList')).toEqual(['Alpha']);
    expect(await names(planner, 'launched')).toEqual(['Alpha', 'Beta']);
    expect(await names(engineer, 'current')).toEqual(['Alpha']);
    await transitionTask(planner, a.id, 'approve');
    expect(await names(engineer, 'done')).toEqual(['Alpha']);
    expect(await names(engineer, 'history')).toEqual(['Alpha']);
    expect(await names(granted(team.outsider, {}), 'all')).toEqual([]);
    // someone neither working it nor holding a task or program route does not read it
    expect(await refusal(getTask(granted(team.outsider, {}), a.id))).toMatchObject({ code: 'not_allowed' });
    expect((await getTask(engineer, a.id)).taskName).toBe('Alpha');
    expect(await names(viewer, 'all')).toEqual(['Alpha', 'Beta']);
    const mine = await listMyTasks(engineer, {});
    expect(mine.items.filter((i) => i.taskSource === 'program')).toEqual([expect.objectContaining({ id: b.id, taskNum: b.taskNum, taskType: '1', taskDesc: 'Beta', projectId: null, taskStatus: '0', route: `/main/taskIndex/todoList?task=${b.id}` })]);
  });

  it('are deleted once no task hangs under them, taking their dependencies along', async () => {
    const { program, dfmea, lifter } = await world();
    const root = await createTask(planner, task({ programId: program.id, projectId: dfmea.id, nodeId: lifter.rootId }));
    const gearbox = await createTask(planner, task({ programId: program.id, projectId: dfmea.id, nodeId: lifter.gearbox.id }));
    await addDependency(planner, program.id, { predecessorId: root.id, successorId: gearbox.id });
    expect(await refusal(deleteTask(planner, root.id))).toMatchObject({ messageKey: 'task.has_sub_tasks' });
    expect(await refusal(deleteTask(stranger, gearbox.id))).toMatchObject({ messageKey: 'permission.del_not_creator' });
    await deleteTask(planner, gearbox.id);
    expect((await readPlan(viewer, program.id)).dependencies).toEqual([]);
    expect((await t.db.select().from(projectTask).where(eq(projectTask.id, gearbox.id)).get())?.delFlg).toBe(1);
  });
});

describe('the plan', () => {
  async function chain() {
    const { program } = await world();
    const a = await createTask(planner, task({ programId: program.id, taskName: 'A', plannedStart: '2026-03-02', plannedEnd: '2026-03-03' }));
    const b = await createTask(planner, task({ programId: program.id, taskName: 'B', plannedStart: '2026-03-04', plannedEnd: '2026-03-06' }));
    const c = await createTask(planner, task({ programId: program.id, taskName: 'C', plannedStart: '2026-03-04', plannedEnd: '2026-03-04' }));
    const d = await createTask(planner, task({ programId: program.id, taskName: 'D', plannedStart: '2026-03-05', plannedEnd: '2026-03-06' }));
    return { program, a, b, c, d };
  }

  it('gives slack and the critical path, pushes a successor a new dependency needs, and refuses a loop', async () => {
    const { program, a, b, c, d } = await chain();
    await addDependency(planner, program.id, { predecessorId: a.id, successorId: b.id });
    await addDependency(planner, program.id, { predecessorId: a.id, successorId: c.id });
    // D starts on the 5th, but C ends on the 4th and B on the 6th: linking B → D pushes D to the 7th
    const pushed = await addDependency(planner, program.id, { predecessorId: b.id, successorId: d.id });
    expect(pushed.changed).toEqual([expect.objectContaining({ id: d.id, plannedStart: '2026-03-07', plannedEnd: '2026-03-08' })]);
    await addDependency(planner, program.id, { predecessorId: c.id, successorId: d.id });
    const loop = await refusal(addDependency(planner, program.id, { predecessorId: d.id, successorId: a.id }));
    expect(said(loop)).toContain(`${a.taskNum} → ${b.taskNum} → ${d.taskNum} → ${a.taskNum}`);
    const plan = await readPlan(viewer, program.id);
    expect(plan.criticalPath).toEqual([a.id, b.id, d.id]);
    expect(plan.tasks.find((x) => x.id === c.id)).toMatchObject({ slack: 2, critical: false, lateFinish: '2026-03-06' });
    expect([plan.start, plan.finish, plan.canSchedule]).toEqual(['2026-03-02', '2026-03-08', false]);
  });

  it('moves a task and its dependants, answering what changed and the new critical path; planners only', async () => {
    const { program, a, b, c, d } = await chain();
    for (const [p, s] of [[a, b], [a, c], [b, d], [c, d]] as const) await addDependency(planner, program.id, { predecessorId: p.id, successorId: s.id });
    const baseline = await saveBaseline(planner, program.id, { name: 'Kick-off' });
    expect(baseline).toMatchObject({ baselineNum: 1, name: 'Kick-off' });
    expect(await refusal(rescheduleTask(viewer, program.id, { taskId: c.id, plannedStart: '2026-03-05' }))).toMatchObject({ code: 'not_allowed' });
    expect(await refusal(rescheduleTask(planner, program.id, { taskId: d.id, plannedStart: '2026-03-06' }))).toMatchObject({ messageKey: 'program.plan_starts_before_predecessor' });
    const moved = await rescheduleTask(planner, program.id, { taskId: c.id, plannedStart: '2026-03-05', plannedEnd: '2026-03-09' });
    expect(moved.changed.map((x) => [x.taskNum, x.plannedStart, x.plannedEnd])).toEqual([
      [c.taskNum, '2026-03-05', '2026-03-09'],
      [d.taskNum, '2026-03-10', '2026-03-11'],
    ]);
    expect(moved.criticalPath).toEqual([c.id, d.id]);
    expect(moved.finish).toBe('2026-03-11');
    const plan = await readPlan(viewer, program.id);
    expect(plan.baseline?.variance.find((v) => v.taskId === d.id)).toMatchObject({ kind: 'moved', startDays: 3, endDays: 3, plannedStart: '2026-03-07' });
    expect(plan.baseline?.variance.find((v) => v.taskId === a.id)).toMatchObject({ kind: 'same' });
    const dep = plan.dependencies.find((x) => x.predecessorId === c.id)!;
    await removeDependency(planner, program.id, dep.id);
    expect((await readPlan(viewer, program.id)).dependencies).toHaveLength(3);
  });
});
