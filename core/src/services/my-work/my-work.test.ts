import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWindowLifter, createTeamProject, idOf, makeTeam, teamMembers, makeUser, openTestDatabase, type Team, type TestDatabase, walkAndGiveOpinion } from '../../testing/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import type { ProjectView } from '../fmea/projects.ts';
import { addAction, changeActionStatus, updateAction } from '../fmea/actions.ts';
import { eq } from 'drizzle-orm';
import { fmeaProject, fmeaReviewAssignee, fmeaReviewRound, fmeaReviewStep } from '../../db/schema/index.ts';
import { buildHousingPfmea } from '../../testing/control-plan.ts';
import { listMessages } from '../messages/inbox.ts';
import type { MessageRow } from '../messages/inbox.ts';
import { AREAS, defineArea } from '../../domain/areas/index.ts';
import { TASK_STATUS } from '../../domain/status/task.ts';
import { listMyTasks, TASK_SOURCES, unknownTaskSources, type MyTask } from './index.ts';
import { rowHistory } from '../fmea-comments/index.ts';

let clock = new Date('2026-05-01T08:00:00Z');
let t: TestDatabase;
let team: Team;
let tech: ServiceContext;
let project: ProjectView;
let lifter: Awaited<ReturnType<typeof buildWindowLifter>>;
beforeEach(async () => {
  clock = new Date('2026-05-01T08:00:00Z');
  t = await openTestDatabase({ now: () => clock });
  team = await makeTeam(t);
  tech = await makeUser(t, 'tech');
  project = await createTeamProject(team, {
    members: teamMembers(team, tech),
  });
  lifter = await buildWindowLifter(team.editor, project);
});
afterEach(() => t.dispose());

describe('my tasks', () => {
  it('lists the optimisation actions the user is responsible for, with a task message for each new assignment, and not the others', async () => {
    const outbox: MessageRow[] = [];
    const mine = await addAction(team.editor, { causeId: lifter.worn.id, kind: 'prevention', description: 'Harden the gear', responsibleUserId: idOf(team.reader), targetDate: '2026-06-30' }, outbox);
    expect(outbox).toEqual([
      expect.objectContaining({ recipientId: idOf(team.reader), code: 'task', messageKey: 'message.fmea_task', rightType: 'optimization', targetId: mine.id, route: `/main/dfmeaProject?type=1&projectId=${project.id}&rightType=optimization` }),
    ]);
    await addAction(team.editor, { causeId: lifter.broken.id, kind: 'detection', description: 'Owner checks', responsibleUserId: idOf(team.owner) });
    // given to oneself: no message
    await addAction(team.editor, { causeId: lifter.loose.id, kind: 'detection', description: 'Editor checks', responsibleUserId: idOf(team.editor) });
    expect((await listMessages(team.editor, 'business')).items).toEqual([]);
    const tasks = await listMyTasks(team.reader);
    expect(tasks.total).toBe(1);
    expect(tasks.items[0]).toMatchObject({
      id: mine.id,
      taskSource: 'action',
      taskType: '6',
      taskDesc: 'Harden the gear',
      fmeaNum: project.serialNum,
      fmeaName: project.name,
      nodeName: 'Gear',
      taskEndDate: '2026-06-30',
      taskStatus: '0',
      route: expect.stringContaining('rightType=optimization'),
    });
    // saved again without a new responsible: no second message; completed: status 3, filtered by status
    await updateAction(team.editor, mine.id, { version: mine.version, description: 'Harden the gear teeth' });
    // the action's history names the responsible person, not their id
    const history = await rowHistory(team.owner, { projectId: project.id, targetKind: 'action', targetId: mine.id });
    expect(history[0]!.changes).toContainEqual({ field: 'responsibleUserId', before: null, after: expect.stringMatching(/reader/) });
    expect((await listMessages(team.reader, 'business')).items.map((m) => m.code)).toEqual(['task']);
    const done = await changeActionStatus(team.editor, mine.id, { version: mine.version + 1, event: 'complete', actionTaken: 'Induction hardened', completionDate: '2026-05-20' });
    expect(done.status).toBe('completed');
    expect((await listMyTasks(team.reader, { taskStatus: ['0', '1'] })).total).toBe(0);
    expect((await listMyTasks(team.reader, { taskStatus: ['3'] })).items.map((x) => [x.taskDesc, x.taskStatus])).toEqual([['Harden the gear teeth', '3']]);
  });

  it('a PFMEA action reassigned to a user sends pfmeaTask opening the optimisation step (leftType 10)', async () => {
    const pf = await buildHousingPfmea(team.owner, [{ userId: idOf(team.owner), roles: [0] }, { userId: idOf(team.editor), roles: [1] }]);
    const action = await addAction(team.editor, { causeId: pf.ids.worn!, kind: 'prevention', description: 'Poka-yoke' });
    const outbox: MessageRow[] = [];
    await updateAction(team.owner, action.id, { version: action.version, responsibleUserId: idOf(team.editor) }, outbox);
    expect(outbox).toEqual([expect.objectContaining({ recipientId: idOf(team.editor), code: 'pfmeaTask', leftType: '10', route: expect.stringContaining('/main/pfmeaProject?type=1') })]);
  });

  it('lists a review step waiting for the user until they have done it', async () => {
    // a submitted round as the review service stores it (submitting itself is gated by the release checks, tested there)
    const [round] = await t.db.insert(fmeaReviewRound).values({ projectId: project.id, round: 1, releaseCondition: 'one', submittedBy: idOf(team.owner), submittedAt: clock }).returning();
    const named = { professional: team.reader, quality: team.editor, technical: tech, countersign: tech } as const;
    await t.db.insert(fmeaReviewAssignee).values(Object.entries(named).map(([role, who]) => ({ roundId: round!.id, role: role as keyof typeof named, userId: idOf(who) })));
    await t.db.update(fmeaProject).set({ reviewStatus: 'under_review' }).where(eq(fmeaProject.id, project.id));
    const waiting = await listMyTasks(team.reader);
    expect(waiting.items).toEqual([expect.objectContaining({ taskSource: 'review', taskType: '2', reviewStep: 'opinion', reviewRoles: ['professional'], projectId: project.id, taskStatus: '0' })]);
    expect((await listMyTasks(tech)).total).toBe(0);
    await walkAndGiveOpinion(team.reader, project.id, { conclusion: 'conform', text: 'ok' });
    expect((await listMyTasks(team.reader)).total).toBe(0);
    await walkAndGiveOpinion(team.editor, project.id, { conclusion: 'conform', text: 'ok' });
    expect((await listMyTasks(tech)).items).toEqual([expect.objectContaining({ reviewStep: 'approve', reviewRoles: ['technical', 'countersign'] })]);
    expect((await listMyTasks(team.outsider)).total).toBe(0);
  });
});

describe('task sources contributed by the areas', () => {
  // a work area declared here alone, with a source of its own: My tasks gathers it with no change of its own
  const pretendArea = defineArea({
    id: 'pretend',
    routeName: 'pretend_index',
    basePath: '/main/pretend',
    title: { 'zh-CN': '试验区', 'en-US': 'Pretend' },
    icon: 'pretend',
    sort: 150,
    buttons: [],
    showIn: 'topMenu',
    everyone: false,
    layout: 'plain',
    pages: [{ microRoute: '', title: { 'zh-CN': '试验区', 'en-US': 'Pretend' }, listed: true }],
    contributes: { taskSources: ['pretendChecks'] },
  });
  const check = (me: string): MyTask<'pretendChecks'> => ({
    id: 'check-1',
    taskSource: 'pretendChecks',
    taskType: '6',
    taskDesc: 'Check the pretend plan',
    reviewStep: null,
    reviewRoles: [],
    taskNum: null,
    projectId: 'p-1',
    projectType: 'pretend',
    fmeaNum: 'PR-1',
    fmeaName: `for ${me}`,
    nodeName: null,
    taskLaunchDate: new Date('2026-05-01T08:00:00Z'),
    taskEndDate: '2026-05-15',
    taskCompleteDate: null,
    taskStatus: TASK_STATUS.notStarted,
    route: '/main/pretend',
  });

  it('lists a pretend area’s source beside the FMEA areas’ sources, nearest end date first', async () => {
    await addAction(team.editor, { causeId: lifter.worn.id, kind: 'prevention', description: 'Harden the gear', responsibleUserId: idOf(team.reader), targetDate: '2026-06-30' });
    const world = { areas: [...AREAS, pretendArea], sources: { ...TASK_SOURCES, pretendChecks: async (_db: unknown, scope: { me: string }) => [check(scope.me)] } };
    const tasks = await listMyTasks(team.reader, {}, world);
    expect(tasks.items.map((x) => [x.taskSource, x.taskDesc, x.fmeaName?.startsWith('for ')])).toEqual([
      ['pretendChecks', 'Check the pretend plan', true],
      ['action', 'Harden the gear', false],
    ]);
    // without the area, its source is not read
    expect((await listMyTasks(team.reader, {}, { areas: AREAS, sources: world.sources })).items.map((x) => x.taskSource)).toEqual(['action']);
  });

  it('reads a source only over the project types of the areas contributing it, and names a source nobody implements', async () => {
    await addAction(team.editor, { causeId: lifter.worn.id, kind: 'prevention', description: 'Harden the gear', responsibleUserId: idOf(team.reader) });
    // the DFMEA area contributing no action source: its projects' actions are nobody's task
    const reviewOnly = AREAS.map((area) => (area.id === 'dfmea' ? { ...area, contributes: { ...area.contributes, taskSources: ['review'] } } : area));
    expect((await listMyTasks(team.reader, {}, { areas: reviewOnly, sources: TASK_SOURCES })).total).toBe(0);
    expect((await listMyTasks(team.reader)).total).toBe(1);
    expect(unknownTaskSources(AREAS)).toEqual([]);
    expect(unknownTaskSources([...AREAS, pretendArea])).toEqual(['pretendChecks']);
    await expect(listMyTasks(team.reader, {}, { areas: [...AREAS, pretendArea], sources: TASK_SOURCES })).rejects.toThrow('no task source pretendChecks');
  });
});
