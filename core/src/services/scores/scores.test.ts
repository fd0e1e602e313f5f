import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operationLog, user, userScoreEvent } from '../../db/schema/index.ts';
import { adminContext, buildDepartment, buildSite, createTeamProject, idOf, makeTeam, makeUser, openTestDatabase, teamMembers, walkAndGiveOpinion, type TestDatabase } from '../../testing/index.ts';
import { openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord } from '../catalog/flow.ts';
import { createCatalogRecord } from '../catalog/records.ts';
import { approveReview, releaseReview, submitReview } from '../fmea-review/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { recordScore, recomputeScores } from './ledger.ts';
import { scoreHistory, scoreRanking, userScore } from './reads.ts';
import { getScoreStandards, saveScoreStandards } from './standards.ts';

let clock: Date;
let t: TestDatabase;
beforeEach(async () => {
  clock = new Date('2026-05-01T08:00:00Z');
  t = await openTestDatabase({ now: () => clock });
});
afterEach(() => t.dispose());

const totals = async (ctx: ServiceContext) => {
  const row = (await t.db.select().from(user).where(eq(user.id, idOf(ctx))).get())!;
  return { contribution: row.contributionScore, activity: row.activityScore };
};
const task = (ctx: ServiceContext, sourceId: string, at = clock) => recordScore(t.db, { userId: idOf(ctx), reason: 'taskCompleted', sourceKind: 'task', sourceId, at });

describe('recordScore', () => {
  it('credits the reason’s points to its score once per reason, source and user', async () => {
    const ann = await makeUser(t, 'ann');
    expect(await task(ann, 'PR-1')).toEqual({ recorded: true, points: 10 });
    expect(await task(ann, 'PR-1')).toEqual({ recorded: false, points: 0 });
    await recordScore(t.db, { userId: idOf(ann), reason: 'reviewOpinion', sourceKind: 'task', sourceId: 'PR-1', at: clock });
    expect(await totals(ann)).toEqual({ contribution: 10, activity: 2 });
    expect(await t.db.select().from(userScoreEvent).where(eq(userScoreEvent.userId, idOf(ann)))).toHaveLength(2);
  });

  it('lands with the event’s own write or not at all', async () => {
    const ann = await makeUser(t, 'ann');
    await expect(
      t.db.transaction(async (tx) => {
        await recordScore(tx, { userId: idOf(ann), reason: 'taskCompleted', sourceKind: 'task', sourceId: 'PR-2', at: clock });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await totals(ann)).toEqual({ contribution: 0, activity: 0 });
    expect(await t.db.select().from(userScoreEvent).where(eq(userScoreEvent.userId, idOf(ann)))).toEqual([]);
  });

  it('credits nobody for an event without a person', async () => {
    expect(await recordScore(t.db, { userId: null, reason: 'catalogReleased', sourceKind: 'catalogRecord', sourceId: 'x', at: clock })).toEqual({ recorded: false, points: 0 });
  });
});

describe('score standards', () => {
  it('are seeded with the defaults', async () => {
    expect(await getScoreStandards(t.db)).toMatchObject({ points: { taskCompleted: 10, reviewOpinion: 2 }, thresholds: { greenBeltContribution: 100 } });
  });

  it('price new events from the save on, leave the ledger’s past as it was, and are logged', async () => {
    const admin = await adminContext(t);
    const ann = await makeUser(t, 'ann');
    await task(ann, 'PR-1');
    await saveScoreStandards(admin, { points: { taskCompleted: 25 } });
    await task(ann, 'PR-2');
    expect(await totals(ann)).toEqual({ contribution: 35, activity: 0 });
    const [log] = await t.db.select().from(operationLog).where(eq(operationLog.action, 'score.standards'));
    expect(log).toMatchObject({ entityId: 'scoreStandards', before: { points: { taskCompleted: 10 } }, after: { points: { taskCompleted: 25 } } });
  });

  it('refuses inconsistent standards by field and keeps the old ones', async () => {
    const admin = await adminContext(t);
    await expect(saveScoreStandards(admin, { points: { reviewRelease: -3 }, thresholds: { blackBeltActivity: 10 } })).rejects.toMatchObject({
      messageKey: 'score.standards_invalid',
      issues: [{ field: 'points.reviewRelease', messageKey: 'score.whole_in_range' }],
    });
    await expect(saveScoreStandards(admin, { thresholds: { blackBeltActivity: 10 } })).rejects.toMatchObject({
      issues: [{ field: 'thresholds.blackBeltActivity', messageKey: 'score.threshold_below_lower_grade', params: { lower: 30 } }],
    });
    expect((await getScoreStandards(t.db)).thresholds.blackBeltActivity).toBe(100);
  });
});

describe('the review flows earn scores', () => {
  it('an FMEA review: opinions, approval and release are activity; the publishing release is the owner’s contribution', async () => {
    const team = await makeTeam(t);
    const tech = await makeUser(t, 'tech');
    const sign = await makeUser(t, 'sign');
    const project = await createTeamProject(team, { members: teamMembers(team, tech, sign) });
    const ack = { acknowledgeWarnings: true };
    await submitReview(team.owner, project.id, { professional: idOf(team.reader), quality: idOf(team.editor), technical: idOf(tech), countersign: idOf(sign) }, ack);
    await walkAndGiveOpinion(team.reader, project.id, { conclusion: 'conform', text: 'ok' });
    await walkAndGiveOpinion(team.editor, project.id, { conclusion: 'conform', text: 'ok' });
    await approveReview(tech, project.id);
    await releaseReview(tech, project.id, ack);
    expect(await totals(team.reader)).toEqual({ contribution: 0, activity: 2 });
    expect(await totals(tech)).toEqual({ contribution: 0, activity: 3 + 3 });
    expect(await totals(team.owner)).toEqual({ contribution: 20, activity: 0 });
    expect(await totals(sign)).toEqual({ contribution: 0, activity: 0 });
  });

  it('a catalog record: the audit and approval are activity; the release credits the record’s creator', async () => {
    const w: CatalogWorld = await openCatalogWorld(() => clock);
    try {
      const draft = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Seal leaks', severity: 8 } });
      const applied = await applyCatalogRecord(w.author, draft.id, { version: draft.version });
      const audited = await auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: 'Reviewed' });
      await approveCatalogRecord(w.approver, draft.id, { version: audited.version });
      const of = async (ctx: ServiceContext) => (await w.t.db.select().from(user).where(eq(user.id, idOf(ctx))).get())!;
      expect((await of(w.author)).contributionScore).toBe(5);
      expect((await of(w.auditor)).activityScore).toBe(2);
      expect((await of(w.approver)).activityScore).toBe(3);
    } finally {
      await w.t.dispose();
    }
  });
});

describe('ranking and history', () => {
  it('ranks by total, then contribution, over a period or all time, by department and site, with grades from all-time totals', async () => {
    const admin = await adminContext(t);
    const home = await buildSite(admin);
    const dept = await buildDepartment(admin, home.id);
    const [ann, bob, cy] = [await makeUser(t, 'ann'), await makeUser(t, 'bob'), await makeUser(t, 'cy')];
    for (const p of [ann, bob]) await t.db.update(user).set({ siteId: home.id, departmentId: dept.id }).where(eq(user.id, idOf(p)));
    for (let i = 0; i < 10; i++) await task(ann, `A-${i}`, new Date('2026-04-10T00:00:00Z'));
    await recordScore(t.db, { userId: idOf(ann), reason: 'reviewOpinion', sourceKind: 'task', sourceId: 'x', at: new Date('2026-04-10T00:00:00Z') });
    for (let i = 0; i < 3; i++) await task(bob, `B-${i}`, new Date('2026-05-01T00:00:00Z'));
    await task(cy, 'C-1', new Date('2026-05-02T00:00:00Z'));

    const inDept = await scoreRanking(admin, { departmentId: dept.id });
    expect(inDept.items.map((r) => [r.rank, r.userId, r.contributionScore, r.activityScore, r.totalScore, r.grade])).toEqual([
      [1, idOf(ann), 100, 2, 102, 'elementary'],
      [2, idOf(bob), 30, 0, 30, 'elementary'],
    ]);
    const may = await scoreRanking(admin, { siteId: home.id, from: new Date('2026-05-01T00:00:00Z'), to: new Date('2026-06-01T00:00:00Z') });
    expect(may.items.map((r) => [r.userId, r.totalScore])).toEqual([
      [idOf(bob), 30],
      [idOf(ann), 0],
    ]);
    const everyone = await scoreRanking(admin, { page: 2, limit: 1 });
    expect(everyone.items.map((r) => [r.rank, r.userId])).toEqual([[2, idOf(bob)]]);
    expect(everyone.total).toBeGreaterThanOrEqual(4);

    await saveScoreStandards(admin, { thresholds: { greenBeltContribution: 100, greenBeltActivity: 2 } });
    expect((await scoreRanking(admin, { departmentId: dept.id, from: new Date('2026-05-01T00:00:00Z') })).items.find((r) => r.userId === idOf(ann))?.grade).toBe('greenBelt');
    expect(await userScore(ann)).toMatchObject({ contributionScore: 100, activityScore: 2, grade: 'greenBelt', nextGrade: { grade: 'blackBelt', contribution: 300, activity: 100 } });
  });

  it('answers one’s own history to anyone, another’s to administrators and holders of the ranking only', async () => {
    const admin = await adminContext(t);
    const [ann, bob] = [await makeUser(t, 'ann'), await makeUser(t, 'bob')];
    await task(ann, 'A-1', new Date('2026-04-01T00:00:00Z'));
    await task(ann, 'A-2', new Date('2026-04-02T00:00:00Z'));
    expect((await scoreHistory(ann)).items.map((r) => [r.sourceId, r.reason, r.kind, r.points])).toEqual([
      ['A-2', 'taskCompleted', 'contribution', 10],
      ['A-1', 'taskCompleted', 'contribution', 10],
    ]);
    expect((await scoreHistory(admin, { userId: idOf(ann), limit: 1 })).total).toBe(2);
    await expect(scoreHistory(bob, { userId: idOf(ann) })).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(userScore(bob, idOf(ann))).rejects.toMatchObject({ code: 'not_allowed' });
    const manager = { ...bob, actor: { ...bob.actor, grants: new Map([['task_scoreRanking', new Set<string>()]]) } };
    expect((await scoreHistory(manager, { userId: idOf(ann) })).total).toBe(2);
  });
});

describe('recomputeScores', () => {
  it('sets totals that drifted back to the ledger’s sums, and logs each change', async () => {
    const admin = await adminContext(t);
    const ann = await makeUser(t, 'ann');
    await task(ann, 'A-1');
    await t.db.update(user).set({ contributionScore: 999, activityScore: 7 }).where(eq(user.id, idOf(ann)));
    expect(await recomputeScores(admin)).toEqual({ changed: 1 });
    expect(await totals(ann)).toEqual({ contribution: 10, activity: 0 });
    expect(await recomputeScores(admin)).toEqual({ changed: 0 });
    const logs = await t.db.select().from(operationLog).where(eq(operationLog.action, 'score.recompute')).orderBy(operationLog.id);
    expect(logs.map((l) => [l.entityId, l.after])).toEqual([
      [idOf(ann), { contributionScore: 10, activityScore: 0 }],
      [null, { changed: 0 }],
    ]);
  });
});
