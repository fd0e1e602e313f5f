import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { catalogRecord, message, user, userSite } from '../../db/schema/index.ts';
import { readAllSheets } from '../fmea/excel/workbook-io.ts';
import { createSite } from '../org/sites.ts';
import { InvalidInputError, type DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { PROBLEM_STEPS, type ProblemStep } from '../../domain/problem/index.ts';
import { KNOWLEDGE_STATUS } from '../../domain/status/index.ts';
import { adminContext, buildRole, idOf, makeUser, nameOf, openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { setUserRoles } from '../users/users.ts';
import { listMyTasks } from '../my-work/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import {
  closeProblem,
  createProblem,
  decideProblem,
  deleteProblem,
  exportProblemReport,
  getProblem,
  listProblemApprovers,
  listProblems,
  moveProblemStep,
  pushProblemLesson,
  saveProblemActions,
  saveProblemCauses,
  saveProblemStep,
  saveProblemTeam,
  saveProblemWhys,
  setProblemClosedLoop,
  submitProblem,
  updateProblem,
  withdrawProblem,
  type ProblemView,
} from './index.ts';

let t: TestDatabase;
let clock: Date;
let quality: ServiceContext; // opens and runs 8Ds
let engineer: ServiceContext; // put on the team
let manager: ServiceContext; // approves (audit)
let viewer: ServiceContext; // reads only
let outsider: ServiceContext; // no problem route

async function person(admin: ServiceContext, label: string, grants: { routeName: string; buttons: string[] }[] | null): Promise<ServiceContext> {
  const ctx = await makeUser(t, label);
  if (grants) await setUserRoles(admin, idOf(ctx), [(await buildRole(admin, { label, grants })).id]);
  return ctx;
}

beforeEach(async () => {
  clock = new Date('2026-03-01T08:00:00Z');
  t = await openTestDatabase({ now: () => clock, separationOfDuties: true });
  const admin = await adminContext(t);
  quality = await person(admin, 'quality', [{ routeName: 'problem_index', buttons: ['add', 'edit', 'del', 'export'] }, { routeName: 'experience_index', buttons: ['add', 'edit'] }]);
  engineer = await person(admin, 'engineer', [{ routeName: 'problem_index', buttons: ['edit'] }]);
  manager = await person(admin, 'manager', [{ routeName: 'problem_index', buttons: ['edit', 'audit'] }, { routeName: 'fawProblem_index', buttons: ['audit'] }]);
  viewer = await person(admin, 'viewer', [{ routeName: 'problem_index', buttons: [] }]);
  outsider = await person(admin, 'outsider', null);
});
afterEach(() => t.dispose());

const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have been refused'), (e: DomainError) => e);
const en = (e: DomainError) => translateError('en-US', e);
const days = (n: number) => new Date(clock.getTime() + n * 24 * 3600 * 1000);

const open = () => createProblem(quality, { brief: 'Window lifter stalls at top', type: 'designProblem', source: 'field', partNumber: 'WL-100', responsibleId: idOf(quality) });

/** Works every step from D0 up to (not including) `until`, finishing each. */
async function walk(p: ProblemView, until: ProblemStep = 'D8'): Promise<ProblemView> {
  for (const step of PROBLEM_STEPS.slice(0, PROBLEM_STEPS.indexOf(until))) {
    if (p.steps.find((s) => s.step === step)!.state === 'done') continue;
    p = await saveProblemStep(quality, p.id, step, { version: p.version, content: `${step} done` });
    p = await moveProblemStep(quality, p.id, step, 'finish', { version: p.version });
  }
  return p;
}

describe('problems', () => {
  it('opens a problem numbered RS with its ten steps and the responsible person as team leader', async () => {
    const p = await open();
    expect(p.problemNum).toMatch(/^RS\d{10}$/);
    expect(p.steps.map((s) => [s.step, s.state, s.ownerName])).toEqual(PROBLEM_STEPS.map((s) => [s, 'notStarted', nameOf(quality)]));
    expect(p.members).toMatchObject([{ userName: nameOf(quality), role: 'leader' }]);
    expect(p).toMatchObject({ status: 'open', customerProblem: false, closedLoop: null, can: { edit: true, del: true, decide: false } });
  });

  it('lists with the filters, internal and customer problems on their own routes', async () => {
    const a = await open();
    await createProblem(quality, { brief: 'Rattle', type: 'produceProblem', source: 'production' });
    expect((await listProblems(viewer, { search: 'lifter' })).items.map((p) => p.id)).toEqual([a.id]);
    expect((await listProblems(viewer, { type: 'produceProblem' })).total).toBe(1);
    expect((await listProblems(quality, { mine: true })).total).toBe(2);
    expect((await listProblems(engineer, { mine: true })).total).toBe(0);
    // customer problems are fawProblem_index's: quality holds no such route
    expect(en(await refusal(createProblem(quality, { brief: 'OEM complaint', type: 'designProblem', source: 'customerComplaint', customerProblem: true, customerName: 'FAW' })))).toBe('Insufficient authority to open, modify or delete a problem');
    expect((await listProblems(manager, { kind: 'customer' })).total).toBe(0);
  });

  it('refuses to open, change or delete a problem without the authority, naming nothing else', async () => {
    const p = await walk(await open(), 'D1');
    const words = 'Insufficient authority to open, modify or delete a problem';
    expect(en(await refusal(getProblem(outsider, p.id)))).toBe(words);
    expect(en(await refusal(updateProblem(engineer, p.id, { version: p.version, brief: 'x' })))).toBe(words);
    expect(en(await refusal(deleteProblem(manager, p.id, { version: p.version })))).toBe(words);
    await saveProblemTeam(quality, p.id, { version: p.version, members: [{ userId: idOf(quality), role: 'leader' }, { userId: idOf(engineer), role: 'member' }] });
    // on the team now: the engineer changes it
    const changed = await updateProblem(engineer, p.id, { version: (await getProblem(engineer, p.id)).version, frequency: '3 per 1000' });
    expect(changed.frequency).toBe('3 per 1000');
    expect(await deleteProblem(quality, p.id, { version: changed.version })).toEqual({ id: p.id, problemNum: p.problemNum });
    expect((await refusal(getProblem(quality, p.id))).code).toBe('not_found');
  });

  it('keeps a problem within the sites of the plant it was opened in', async () => {
    const admin = await adminContext(t);
    const plant = await createSite(admin, { name: 'Suzhou', licenceCount: 10 });
    await t.db.insert(userSite).values({ userId: idOf(quality), siteId: plant.id });
    const inPlant = { ...quality, actor: { ...quality.actor, siteId: plant.id } };
    const p = await createProblem(inPlant, { brief: 'Rattle', type: 'produceProblem', source: 'production' });
    expect((await listProblems(quality, {})).items.map((i) => i.id)).toEqual([p.id]);
    // the viewer belongs to no site: the plant's problems are not theirs to open
    expect((await listProblems(viewer, {})).total).toBe(0);
    expect(en(await refusal(getProblem(viewer, p.id)))).toBe('Insufficient authority to open, modify or delete a problem');
  });

  it('checks the fields and names them in the reader’s language', async () => {
    const e = await refusal(createProblem(quality, { brief: ' ', type: 'bogus' as 'designProblem', source: 'field', location: 'x'.repeat(201) }));
    expect(e).toBeInstanceOf(InvalidInputError);
    expect(translateError('en-US', e).split('\n').slice(1), translateError('en-US', e)).toEqual(['Brief cannot be empty', 'Type: “bogus” is not one of the allowed values', 'Location can be at most 200 characters long']);
  });
});

describe('the 8D steps', () => {
  it('refuses a step while an earlier one is unfinished, in the spec’s words', async () => {
    let p = await open();
    const e = await refusal(moveProblemStep(quality, p.id, 'D2', 'start', { version: p.version }));
    expect(en(e)).toBe('Unfinished earlier steps block this operation: D0 must be finished before D2');
    p = await walk(p, 'D2');
    expect((await refusal(saveProblemCauses(quality, p.id, { version: p.version, causes: [{ track: 'occurrence', description: 'x' }] }))).messageKey).toBe('status.problem.earlier_step_unfinished');
    p = await moveProblemStep(quality, p.id, 'D2', 'start', { version: p.version });
    expect(p.steps.find((s) => s.step === 'D2')).toMatchObject({ state: 'inProgress', startedAt: clock });
    // D1 reopens only while D2 is not finished
    p = await moveProblemStep(quality, p.id, 'D1', 'reopen', { version: p.version });
    expect(en(await refusal(moveProblemStep(quality, p.id, 'D2', 'finish', { version: p.version })))).toContain('D1 must be finished before D2');
  });

  it('keeps the root-cause analysis of both tracks: Ishikawa causes and 5-why chains ending at them; actions point at root causes', async () => {
    let p = await walk(await open(), 'D4');
    p = await saveProblemCauses(quality, p.id, {
      version: p.version,
      causes: [
        { track: 'occurrence', category: 'material', description: 'Gear wheel plastic creeps at 80 °C', rootCause: true, verification: 'Oven test' },
        { track: 'occurrence', category: 'man', description: 'Assembly torque varies' },
        { track: 'detection', category: 'measurement', description: 'End-of-line test runs at room temperature only', rootCause: true },
      ],
    });
    const root = p.causes.find((c) => c.category === 'material')!;
    p = await saveProblemWhys(quality, p.id, { version: p.version, chains: [{ track: 'occurrence', answers: ['Motor stalls', 'Gear teeth deform', 'Plastic creeps when hot'], causeId: root.id }] });
    expect(p.whys.map((w) => [w.chain, w.level, w.causeId])).toEqual([
      [1, 1, null],
      [1, 2, null],
      [1, 3, root.id],
    ]);
    // saving the board again keeps the ids sent back, so the chain still ends at its cause
    p = await saveProblemCauses(quality, p.id, { version: p.version, causes: p.causes.map((c) => ({ ...c })) });
    expect(p.whys.at(-1)!.causeId).toBe(root.id);
    p = await moveProblemStep(quality, p.id, 'D4', 'finish', { version: p.version });
    p = await saveProblemActions(quality, p.id, 'corrective', { version: p.version, actions: [{ description: 'Glass-fibre reinforced gear', causeId: root.id, ownerId: idOf(engineer) }] });
    expect(p.actions).toMatchObject([{ kind: 'corrective', causeId: root.id, ownerName: nameOf(engineer), status: 'open' }]);
    expect(p.steps.find((s) => s.step === 'D5')!.state).toBe('inProgress');
    expect((await refusal(saveProblemActions(quality, p.id, 'corrective', { version: p.version, actions: [{ description: 'x', causeId: 'nope' }] }))).issues[0]).toMatchObject({ messageKey: 'problem.cause_unknown', field: 'actions.0.causeId' });
  });

  it('gives My tasks the unfinished steps the caller owns', async () => {
    let p = await open();
    // on no team and owning no step, the engineer may not work this 8D
    expect((await refusal(moveProblemStep(engineer, p.id, 'D0', 'start', { version: p.version }))).code).toBe('not_allowed');
    p = await saveProblemStep(quality, p.id, 'D0', { version: p.version, ownerId: idOf(engineer), dueAt: new Date('2026-03-05T00:00:00Z') });
    const tasks = await listMyTasks(engineer);
    expect(tasks.items).toEqual([expect.objectContaining({ taskSource: 'problemStep', taskType: '8D', fmeaNum: p.problemNum, nodeName: 'D0', taskEndDate: '2026-03-05', taskStatus: '0', route: `/main/problem/problemDetail?id=${p.problemNum}&step=D0` })]);
    // the step given to them is theirs to work
    p = await saveProblemStep(engineer, p.id, 'D0', { version: p.version, content: 'Stock sorted' });
    p = await moveProblemStep(engineer, p.id, 'D0', 'finish', { version: p.version });
    expect((await listMyTasks(engineer)).total).toBe(0);
  });
});

describe('review, release and closing', () => {
  it('runs the report through review to release, waits 30 days after D6, closes closed loop; a change of that needs a reason', async () => {
    let p = await walk(await open());
    expect((await listProblemApprovers(quality, p.id)).map((u) => u.userName)).toEqual(expect.arrayContaining([nameOf(manager)]));
    expect((await listProblemApprovers(quality, p.id)).map((u) => u.userName)).not.toContain(nameOf(engineer));
    expect((await refusal(submitProblem(quality, p.id, { version: p.version, approverId: idOf(quality) }))).issues[0]).toMatchObject({ messageKey: 'problem.approver_self' });
    const submitted = await submitProblem(quality, p.id, { version: p.version, approverId: idOf(manager) });
    expect(submitted.messages).toEqual([expect.objectContaining({ recipientId: idOf(manager), code: 'problemReview', messageKey: 'message.problem_approve', route: `/main/problem/problemDetail?id=${p.problemNum}` })]);
    p = submitted.problem;
    expect(p).toMatchObject({ status: 'underReview', approverName: nameOf(manager), submitterName: nameOf(quality) });
    expect((await refusal(saveProblemStep(quality, p.id, 'D8', { version: p.version, content: 'x' }))).messageKey).toBe('status.problem.locked_under_review');
    expect(en(await refusal(decideProblem(engineer, p.id, 'approve', { version: p.version, opinion: 'ok' })))).toBe(`Only the named approver ${nameOf(manager)} decides on the 8D report of ${p.problemNum}`);
    expect(en(await refusal(decideProblem(manager, p.id, 'approve', { version: p.version })))).toContain('review opinion');
    const released = await decideProblem(manager, p.id, 'approve', { version: p.version, opinion: 'Sound analysis' });
    expect(released.messages).toEqual([expect.objectContaining({ recipientId: idOf(quality), messageKey: 'message.problem_released' })]);
    p = released.problem;
    expect(p).toMatchObject({ status: 'released', releasedByName: nameOf(manager), releasedAt: clock, reviewOpinion: 'Sound analysis' });
    expect(await t.db.select({ processed: message.processed }).from(message).where(eq(message.recipientId, idOf(manager)))).toEqual([{ processed: 1 }]);

    const d6 = p.steps.find((s) => s.step === 'D6')!.finishedAt!;
    expect(p.closureAllowedAt).toEqual(new Date(d6.getTime() + 30 * 24 * 3600 * 1000));
    expect(en(await refusal(closeProblem(quality, p.id, { version: p.version, closedLoop: true })))).toBe('The problem can only be closed 30 days after the permanent corrective actions were verified (D6): 30 days left, from 2026-03-31');
    clock = days(30);
    expect((await refusal(closeProblem(quality, p.id, { version: p.version }))).issues[0]!.messageKey).toBe('status.problem.closed_loop_undecided');
    p = await closeProblem(quality, p.id, { version: p.version, closedLoop: true });
    expect(p).toMatchObject({ status: 'closed', closedLoop: true, actualCompletion: clock, closedByName: nameOf(quality) });
    expect(p.steps.find((s) => s.step === 'D8')).toMatchObject({ state: 'done', finishedAt: clock });
    expect((await refusal(updateProblem(quality, p.id, { version: p.version, brief: 'x' }))).messageKey).toBe('status.problem.locked_closed');

    expect(en(await refusal(setProblemClosedLoop(quality, p.id, { version: p.version, closedLoop: false })))).toContain('give a reason to change the closed-loop decision');
    p = await setProblemClosedLoop(quality, p.id, { version: p.version, closedLoop: false, reason: 'Control plan not updated at the supplier' });
    expect(p).toMatchObject({ closedLoop: false, closedLoopReason: 'Control plan not updated at the supplier' });
  });

  it('names the people who acted by their real name (page and report), the login only for one without', async () => {
    await t.db.update(user).set({ realName: '赵审核' }).where(eq(user.id, idOf(manager)));
    await t.db.update(user).set({ realName: '钱质量' }).where(eq(user.id, idOf(quality)));
    let p = await walk(await open());
    expect(p.steps.find((s) => s.step === 'D0')).toMatchObject({ finishedByName: '钱质量' });
    p = (await submitProblem(quality, p.id, { version: p.version, approverId: idOf(manager) })).problem;
    p = (await decideProblem(manager, p.id, 'approve', { version: p.version, opinion: 'ok' })).problem;
    expect(p).toMatchObject({ submitterName: '钱质量', approverName: '赵审核', releasedByName: '赵审核' });
    clock = days(30);
    p = await closeProblem(quality, p.id, { version: p.version, closedLoop: true });
    expect(p).toMatchObject({ closedByName: '钱质量' });
    expect(p.steps.find((s) => s.step === 'D8')).toMatchObject({ finishedByName: '钱质量' });
    const report = (await readAllSheets((await exportProblemReport(quality, p.id, 'en-US')).data))[0]!.rows.map((r) => r.cells.filter(Boolean).join(' | '));
    expect(report.find((r) => r.startsWith('Released by'))).toContain('赵审核');
    expect(report.join('\n')).not.toContain(nameOf(manager));
    await t.db.update(user).set({ realName: '' }).where(eq(user.id, idOf(quality)));
    p = await setProblemClosedLoop(quality, p.id, { version: p.version, closedLoop: false, reason: 'Supplier plan open' });
    expect(p).toMatchObject({ updaterName: nameOf(quality) });
  });

  it('refuses a report with steps unfinished, lets the submitter withdraw it and the approver reject it with an opinion', async () => {
    let p = await walk(await open(), 'D7B');
    expect(en(await refusal(submitProblem(quality, p.id, { version: p.version, approverId: idOf(manager) })))).toBe('The 8D report can go to review only when D0 to D7B are finished; D7B is not');
    p = await walk(p);
    p = (await submitProblem(quality, p.id, { version: p.version, approverId: idOf(manager) })).problem;
    p = (await withdrawProblem(quality, p.id, { version: p.version })).problem;
    expect(p.status).toBe('open');
    p = (await submitProblem(quality, p.id, { version: p.version, approverId: idOf(manager) })).problem;
    expect((await refusal(decideProblem(manager, p.id, 'reject', { version: p.version, opinion: ' ' }))).issues[0]).toMatchObject({ messageKey: 'status.review.opinion_required' });
    const rejected = await decideProblem(manager, p.id, 'reject', { version: p.version, opinion: 'Verify at 80 °C' });
    expect(rejected.problem).toMatchObject({ status: 'open', reviewOpinion: 'Verify at 80 °C' });
    expect(rejected.messages[0]).toMatchObject({ recipientId: idOf(quality), messageKey: 'message.problem_rejected', content: 'Verify at 80 °C' });
  });

  it('runs the close gates before anything is written (the seam for the FMEA proposals)', async () => {
    let p = await walk(await open());
    p = (await submitProblem(quality, p.id, { version: p.version, approverId: idOf(manager) })).problem;
    p = (await decideProblem(manager, p.id, 'approve', { version: p.version, opinion: 'ok' })).problem;
    clock = days(31);
    const gate = async (_tx: unknown, _ctx: unknown, _p: unknown, input: { overrideReason?: string | null }) => {
      if (!input.overrideReason) throw new InvalidInputError('problem.invalid');
    };
    expect((await refusal(closeProblem(quality, p.id, { version: p.version, closedLoop: true }, [gate]))).messageKey).toBe('problem.invalid');
    expect((await getProblem(quality, p.id)).status).toBe('released');
    expect((await closeProblem(quality, p.id, { version: p.version, closedLoop: true, overrideReason: 'Proposals moved to the next DFMEA review' }, [gate])).status).toBe('closed');
  });

  it('pushes a closed problem’s lesson to the experience library, into its review flow', async () => {
    let p = await walk(await open(), 'D4');
    p = await saveProblemCauses(quality, p.id, { version: p.version, causes: [{ track: 'occurrence', description: 'Gear plastic creeps when hot', rootCause: true }] });
    p = await walk(p, 'D5');
    p = await saveProblemActions(quality, p.id, 'corrective', { version: p.version, actions: [{ description: 'Glass-fibre gear', causeId: p.causes[0]!.id }] });
    p = await walk(p);
    expect((await refusal(pushProblemLesson(quality, p.id, { version: p.version }))).messageKey).toBe('problem.lesson_not_closed');
    p = (await submitProblem(quality, p.id, { version: p.version, approverId: idOf(manager) })).problem;
    p = (await decideProblem(manager, p.id, 'approve', { version: p.version, opinion: 'ok' })).problem;
    clock = days(30);
    p = await closeProblem(quality, p.id, { version: p.version, closedLoop: true });
    const pushed = await pushProblemLesson(quality, p.id, { version: p.version }).catch((e: DomainError) => {
      throw new Error(JSON.stringify([en(e), e.issues]));
    });
    const { problem, experience } = pushed;
    expect(experience).toMatchObject({ status: KNOWLEDGE_STATUS.toBeApproved, values: { problemType: 'designProblem', failureDesc: 'Window lifter stalls at top', product: 'WL-100', cause: 'Gear plastic creeps when hot', preventiveMeasures: 'Glass-fibre gear', classification: `8D ${p.problemNum}` } });
    expect(problem.experienceId).toBe(experience.id);
    expect((await t.db.select().from(catalogRecord).where(eq(catalogRecord.id, experience.id)).get())!.type).toBe('experience');
    expect((await refusal(pushProblemLesson(quality, p.id, { version: problem.version }))).messageKey).toBe('problem.lesson_already_pushed');
  });
});
