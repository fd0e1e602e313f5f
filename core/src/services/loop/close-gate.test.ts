import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { problem } from '../../db/schema/index.ts';
import type { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { PROBLEM_STEPS } from '../../domain/problem/index.ts';
import { adminContext, buildRole, buildWindowLifter, idOf, makeUser, openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { createProject } from '../fmea/projects.ts';
import { setUserRoles } from '../users/users.ts';
import type { ServiceContext } from '../shared/context.ts';
import { closeProblem, createProblem, decideProblem, moveProblemStep, saveProblemCauses, saveProblemStep, submitProblem, type ProblemView } from '../problem/index.ts';
import { acceptProposal, proposeChange, rejectProposal } from './index.ts';

/** The 8D close gate (issue 24): an 8D does not close while its FMEA proposals are open, unless a reason is given, which is kept. */
let t: TestDatabase;
let clock: Date;
let quality: ServiceContext;
let manager: ServiceContext;
let owner: ServiceContext;

beforeEach(async () => {
  clock = new Date('2026-03-01T08:00:00Z');
  t = await openTestDatabase({ now: () => clock });
  const admin = await adminContext(t);
  const person = async (label: string, grants: { routeName: string; buttons: string[] }[]) => {
    const ctx = await makeUser(t, label);
    await setUserRoles(admin, idOf(ctx), [(await buildRole(admin, { label, grants })).id]);
    return ctx;
  };
  quality = await person('quality', [{ routeName: 'problem_index', buttons: ['add', 'edit'] }, { routeName: 'dfmea_index', buttons: [] }]);
  manager = await person('manager', [{ routeName: 'problem_index', buttons: ['edit', 'audit'] }]);
  owner = await person('owner', [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]);
});
afterEach(() => t.dispose());

const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have been refused'), (e: DomainError) => e);

/** A released 8D whose root cause proposes raising the worn teeth's occurrence in the window lifter DFMEA, 31 days after D6. */
async function released() {
  const project = await createProject(owner, { projectType: 'dfmea', name: 'Window lifter', members: [{ userId: idOf(owner), roles: [0] }, { userId: idOf(quality), roles: [4] }] });
  const w = await buildWindowLifter(owner, project);
  let p: ProblemView = await createProblem(quality, { brief: 'Window lifter stalls', type: 'designProblem', source: 'field', responsibleId: idOf(quality) });
  for (const step of PROBLEM_STEPS.slice(0, PROBLEM_STEPS.indexOf('D8'))) {
    if (step === 'D4') p = await saveProblemCauses(quality, p.id, { version: p.version, causes: [{ track: 'occurrence', description: 'Gear teeth worn early', rootCause: true }] });
    p = await saveProblemStep(quality, p.id, step, { version: p.version, content: `${step} done` });
    p = await moveProblemStep(quality, p.id, step, 'finish', { version: p.version });
  }
  p = (await submitProblem(quality, p.id, { version: p.version, approverId: idOf(manager) })).problem;
  p = (await decideProblem(manager, p.id, 'approve', { version: p.version, opinion: 'ok' })).problem;
  clock = new Date(clock.getTime() + 31 * 24 * 3600 * 1000);
  const proposal = await proposeChange(quality, { sourceKind: 'problem', sourceId: p.id, targetRowId: w.worn.id, kind: 'raiseOccurrence', description: 'Teeth wear faster than rated', rationale: '14 returns', occurrence: 8 });
  return { p, proposal };
}

describe('the 8D close gate', () => {
  it('refuses to close over an open proposal without a reason, naming how many; with one it closes and keeps the reason', async () => {
    const { p } = await released();
    const refused = await refusal(closeProblem(quality, p.id, { version: p.version, closedLoop: true }));
    expect(refused.issues).toEqual([expect.objectContaining({ messageKey: 'loop.reason_required', field: 'overrideReason', params: expect.objectContaining({ count: 1 }) })]);
    expect(translateError('en-US', refused)).toContain('1 FMEA change proposal is still open: give a reason to close anyway (Reason to close anyway)');
    expect((await t.db.select().from(problem).where(eq(problem.id, p.id)).get())!.status).toBe('released');

    const closed = await closeProblem(quality, p.id, { version: p.version, closedLoop: true, overrideReason: 'DFMEA owner on leave; tracked in the next review' });
    expect(closed.status).toBe('closed');
    expect((await t.db.select().from(problem).where(eq(problem.id, p.id)).get())!.openProposalsReason).toBe('DFMEA owner on leave; tracked in the next review');
  });

  it('closes without a reason once every proposal is decided', async () => {
    const { p, proposal } = await released();
    await acceptProposal(owner, proposal.id, { version: proposal.version });
    const second = await proposeChange(quality, { sourceKind: 'problem', sourceId: p.id, targetRowId: proposal.targetRowId!, kind: 'addControl', controlKind: 'detection', description: 'Endurance test to 60000 cycles', rationale: 'escaped' });
    await rejectProposal(owner, second.id, { version: second.version, reason: 'Covered by DV-7' });
    const closed = await closeProblem(quality, p.id, { version: p.version, closedLoop: true });
    expect(closed.status).toBe('closed');
    expect((await t.db.select().from(problem).where(eq(problem.id, p.id)).get())!.openProposalsReason).toBeNull();
  });
});
