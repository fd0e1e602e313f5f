import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { problem } from '../../db/schema/index.ts';
import { adminContext, buildRole, buildWindowLifter, createTeamProject, idOf, makeTeam, makeUser, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import type { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import type { ProjectView } from '../fmea/projects.ts';
import { addAction, changeActionStatus } from '../fmea/actions.ts';
import { openProject } from '../fmea/project-list.ts';
import { applyReadProject } from '../messages/applications.ts';
import { createProblem } from '../problem/index.ts';
import { setUserRoles } from '../users/index.ts';
import { listIndicatorSettings, myIndicators, myTasksIndicator, openHActionsIndicator, problemsPastDueIndicator, recentProjectsIndicator, reviewsWaitingIndicator, saveIndicatorSettings } from './index.ts';

/** One seeded database for the file (docs/domain/dashboard.md): a DFMEA with the window lifter's chains, actions, problems, a read application. */
const clock = new Date('2026-05-01T08:00:00Z');
let t: TestDatabase;
let team: Team;
let admin: ServiceContext;
let quality: ServiceContext;
let project: ProjectView;
let submitted: Awaited<ReturnType<typeof createProblem>>;
const days = (n: number) => new Date(clock.getTime() + n * 24 * 3600 * 1000);
const en = (e: DomainError) => translateError('en-US', e);
const zh = (e: DomainError) => translateError('zh-CN', e);
const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have been refused'), (e: DomainError) => e);
/** The context as the API builds it: the session's menu grants on the operator. */
const holding = (ctx: ServiceContext, routes: string[]): ServiceContext => ({ ...ctx, actor: { ...ctx.actor, grants: new Map(routes.map((r) => [r, new Set<string>()])) } });

beforeAll(async () => {
  t = await openTestDatabase({ now: () => clock });
  admin = await adminContext(t);
  team = await makeTeam(t);
  project = await createTeamProject(team);
  const lifter = await buildWindowLifter(team.editor, project);
  // worn (S9 O6 D5) and broken (S9 O2 D7) are AP H, loose (S9 O3 D6) is M
  await addAction(team.editor, { causeId: lifter.worn.id, kind: 'prevention', description: 'Harden the gear', responsibleUserId: idOf(team.reader), targetDate: '2026-04-20' });
  await addAction(team.editor, { causeId: lifter.broken.id, kind: 'detection', description: 'Tooth root test', targetDate: '2026-06-30' });
  const done = await addAction(team.editor, { causeId: lifter.broken.id, kind: 'prevention', description: 'Finer module' });
  await changeActionStatus(team.editor, done.id, { version: done.version, event: 'complete', actionTaken: 'Module 1.5', completionDate: '2026-04-28' });
  await addAction(team.editor, { causeId: lifter.loose.id, kind: 'prevention', description: 'Press fit' });
  quality = await makeUser(t, 'quality');
  await setUserRoles(admin, idOf(quality), [(await buildRole(admin, { label: 'quality', grants: [{ routeName: 'problem_index', buttons: ['add', 'edit'] }] })).id]);
  await createProblem(quality, { brief: 'Window lifter stalls', type: 'designProblem', source: 'field', plannedCompletion: days(-3) });
  await createProblem(quality, { brief: 'Rattle', type: 'produceProblem', source: 'production', plannedCompletion: days(3) });
  submitted = await createProblem(quality, { brief: 'No date', type: 'produceProblem', source: 'production' });
  // its 8D report submitted to the owner as approver, as the review service stores it (submitting needs every step done, tested there)
  await t.db.update(problem).set({ status: 'underReview', approverId: idOf(team.owner), submittedAt: days(-1) }).where(eq(problem.id, submitted.id));
  await applyReadProject(team.outsider, 'dfmea', { project: project.serialNum });
  await openProject(team.owner, project.id);
});
afterAll(() => t.dispose());

describe('the indicators’ figures', () => {
  it('counts the open actions on AP H chains of the caller’s projects, nearest target first, each opening the optimisation step', async () => {
    const answer = await openHActionsIndicator(team.owner, ['dfmea']);
    expect(answer.total).toBe(2);
    expect(answer.items.map((i) => [i.label, i.text, i.date, i.tag])).toEqual([
      [project.serialNum, 'Harden the gear', '2026-04-20', 'overdue'],
      [project.serialNum, 'Tooth root test', '2026-06-30', null],
    ]);
    expect(answer.items[0]!.route).toContain(`projectId=${project.id}&rightType=optimization`);
    // team members see them; someone off the team, and the process FMEAs' indicator, do not
    expect((await openHActionsIndicator(team.reader, ['dfmea'])).total).toBe(2);
    expect((await openHActionsIndicator(team.outsider, ['dfmea'])).total).toBe(0);
    expect((await openHActionsIndicator(team.owner, ['pfmea'])).total).toBe(0);
  });

  it('lists the unclosed problems past their planned completion to those who read problems', async () => {
    const answer = await problemsPastDueIndicator(quality);
    expect([answer.total, answer.items.map((i) => [i.text, i.date, i.tag])]).toEqual([1, [['Window lifter stalls', '2026-04-28', 'overdue']]]);
    expect(answer.items[0]!.route).toMatch(/^\/main\/problem\/problemDetail\?id=RS/);
    expect((await problemsPastDueIndicator(team.outsider)).total).toBe(0);
  });

  it('gives my tasks, the reviews waiting for me and my recent projects', async () => {
    const tasks = await myTasksIndicator(team.reader);
    expect([tasks.total, tasks.items.map((i) => [i.label, i.text, i.tag])]).toEqual([1, [[project.serialNum, 'Harden the gear', 'overdue']]]);
    const reviews = await reviewsWaitingIndicator(team.owner);
    // the longest waiting first: the 8D report (yesterday), then the read application (today)
    expect([reviews.total, reviews.items.map((i) => [i.label, i.tag, i.route])]).toEqual([
      2,
      [
        [submitted.problemNum, 'problemReport', `/main/problem/problemDetail?id=${submitted.problemNum}`],
        [project.serialNum, 'readApplication', '/systemInfo/ownspaceIndex/myAudit'],
      ],
    ]);
    expect((await reviewsWaitingIndicator(team.reader)).total).toBe(0);
    expect((await recentProjectsIndicator(team.owner)).items.map((i) => i.label)).toEqual([project.serialNum]);
  });
});

describe('the administrator’s indicator settings', () => {
  it('shows every indicator of the areas, the open H ones sharing a place, to those holding each area', async () => {
    expect((await listIndicatorSettings(t.db)).map((i) => [i.id, i.sort, i.enabled])).toEqual([
      ['myTasks', 10, true],
      ['reviewsWaiting', 20, true],
      ['dfmeaOpenH', 30, true],
      ['pfmeaOpenH', 30, true],
      ['problemsPastDue', 40, true],
      ['dvpFailedTests', 45, true],
      ['recentProjects', 60, true],
    ]);
    expect((await myIndicators(holding(team.owner, ['dfmea_index']))).map((i) => i.id)).toEqual(['myTasks', 'reviewsWaiting', 'dfmeaOpenH', 'recentProjects']);
  });

  it('refuses an unknown indicator, one named twice and a sort shared outside a group, each on its row in both languages, changing nothing', async () => {
    const e = await refusal(
      saveIndicatorSettings(admin, [
        { indicator: 'weather', enabled: true, sort: 1 },
        { indicator: 'myTasks', enabled: true, sort: 20 },
        { indicator: 'myTasks', enabled: false, sort: 0 },
      ]),
    );
    expect(en(e).split('\n')).toEqual([
      'Form validation failed',
      'Indicator (row 1): there is no indicator “weather”',
      'Sort (row 2) 20 is used more than once',
      'Indicator (row 3): this indicator is listed more than once',
      'Sort (row 3) must be a positive whole number (got 0)',
    ]);
    expect(zh(e)).toContain('指标（第 1 行）：没有名为“weather”的指标');
    // 20 is the reviews' place: only indicators of one sort group may share one
    const shared = await refusal(saveIndicatorSettings(admin, [{ indicator: 'myTasks', enabled: true, sort: 20 }]));
    expect(en(shared)).toContain('Sort (row 1) 20 is used more than once');
    expect((await listIndicatorSettings(t.db)).map((i) => i.sort)).toEqual([10, 20, 30, 30, 40, 45, 60]);
  });

  it('orders and turns off indicators as the administrator sets them; the home page follows', async () => {
    await saveIndicatorSettings(admin, [
      { indicator: 'problemsPastDue', enabled: true, sort: 5 },
      { indicator: 'reviewsWaiting', enabled: false, sort: 20 },
    ]);
    expect((await myIndicators(holding(quality, ['problem_index']))).map((i) => i.id)).toEqual(['problemsPastDue', 'myTasks', 'recentProjects']);
    expect((await myIndicators(admin)).map((i) => i.id)).toEqual(['problemsPastDue', 'myTasks', 'dfmeaOpenH', 'pfmeaOpenH', 'dvpFailedTests', 'recentProjects']);
  });
});
