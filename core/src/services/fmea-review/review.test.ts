import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { operationLog, user } from '../../db/schema/index.ts';
import type { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { adminContext, createTeamProject, idOf, makeTeam, teamMembers, makeUser, openTestDatabase, type Team, type TestDatabase, walkAndGiveOpinion, walkReview } from '../../testing/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { addFunction } from '../fmea/functions.ts';
import { addNode } from '../fmea/structure.ts';
import { deleteProject, updateProjectHeader, type ProjectView } from '../fmea/projects.ts';
import { setShare } from '../fmea/sharing.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import { countUnreadMessages, listMessages } from '../messages/inbox.ts';
import {
  approveReview,
  getReviewHistory,
  getReviewState,
  giveReviewOpinion,
  markReviewStep,
  rejectReview,
  releaseReview,
  republishReview,
  rereviewReview,
  revokeReview,
  submitReview,
} from './index.ts';

let clock = new Date('2026-04-01T08:00:00Z');
let t: TestDatabase;
let team: Team;
let tech: ServiceContext;
let sign: ServiceContext;
let project: ProjectView;
beforeEach(async () => {
  clock = new Date('2026-04-01T08:00:00Z');
  t = await openTestDatabase({ now: () => clock });
  team = await makeTeam(t);
  tech = await makeUser(t, 'tech');
  sign = await makeUser(t, 'sign');
  project = await createTeamProject(team, {
    members: teamMembers(team, tech, sign),
  });
});
afterEach(() => t.dispose());

const tick = () => (clock = new Date(clock.getTime() + 1000));
const named = () => ({ professional: idOf(team.reader), quality: idOf(team.editor), technical: idOf(tech), countersign: idOf(sign) });
// the edits below add structure elements without function: the checks' warning is acknowledged on each step (docs/domain/fmea-checks.md)
const ACK = { acknowledgeWarnings: true };
const addRoot = () => addNode(team.editor, { parentId: project.rootNodeId!, name: `Part ${clock.getTime()}` });

async function toReleased() {
  await submitReview(team.owner, project.id, named(), ACK);
  tick();
  await walkAndGiveOpinion(team.reader, project.id, { conclusion: 'conform', text: 'complete' });
  tick();
  await walkAndGiveOpinion(team.editor, project.id, { conclusion: 'partial', text: 'controls thin' });
  tick();
  await approveReview(tech, project.id);
  tick();
  return releaseReview(tech, project.id, ACK);
}

describe('FMEA review: the whole path', () => {
  it('draft → in preparation on the first edit, then submit, opinions, approve, release', async () => {
    expect((await getReviewState(team.reader, project.id)).status).toBe('draft');
    await addRoot();
    expect((await getReviewState(team.reader, project.id)).status).toBe('in_preparation');

    const submitted = await submitReview(team.owner, project.id, named(), ACK);
    expect(submitted.review).toMatchObject({ status: 'under_review', round: 1, releaseCondition: 'one', waitingFor: [idOf(team.reader), idOf(team.editor)] });
    expect(submitted.notifications.map((n) => [n.userId, n.reason])).toEqual([
      [idOf(team.reader), 'awaiting_opinion'],
      [idOf(team.editor), 'awaiting_opinion'],
    ]);
    const first = await walkAndGiveOpinion(team.reader, project.id, { conclusion: 'conform', text: 'ok' });
    expect(first.notifications).toEqual([]);
    const second = await walkAndGiveOpinion(team.editor, project.id, { conclusion: 'conform', text: 'ok' });
    expect(second.notifications.map((n) => [n.userId, n.reason])).toEqual([[idOf(tech), 'awaiting_approval']]);
    const approved = await approveReview(tech, project.id);
    expect(approved.review.status).toBe('approved');
    expect(approved.notifications.map((n) => n.userId)).toEqual([idOf(sign)]);
    const released = await releaseReview(sign, project.id, ACK);
    expect(released.review.status).toBe('released');
    expect(released.notifications.map((n) => n.reason)).toContain('released');
    expect(released.notifications.map((n) => n.userId)).toContain(idOf(team.owner));

    const history = await getReviewHistory(team.reader, project.id);
    expect(history.map((s) => s.event)).toEqual(['release', 'approve', 'opinion', 'opinion', 'submit', 'edit']);
    const log = await t.db.select().from(operationLog).where(eq(operationLog.entityId, project.id)).orderBy(operationLog.at, sql`rowid`);
    // each reviewer's six marked steps are logged too (fmea.review.walk); the path's own steps in order:
    expect(log.map((r) => r.action).filter((a) => a.startsWith('fmea.review.'))).toHaveLength(5 + 12);
    expect(log.map((r) => r.action).filter((a) => a.startsWith('fmea.review.') && a !== 'fmea.review.walk')).toEqual([
      'fmea.review.submit',
      'fmea.review.opinion',
      'fmea.review.opinion',
      'fmea.review.approve',
      'fmea.review.release',
    ]);
  });

  it('locks the analysis under review and after release; revoking unlocks it; an edited project needs a new review', async () => {
    await submitReview(team.owner, project.id, named(), ACK);
    await expect(addRoot()).rejects.toMatchObject({ messageKey: 'status.fmea_review.under_review' });
    await expect(deleteProject(team.owner, project.id, { version: project.version })).rejects.toMatchObject({ messageKey: 'status.fmea_review.under_review' });
    await walkAndGiveOpinion(team.reader, project.id, { conclusion: 'conform', text: 'ok' });
    await walkAndGiveOpinion(team.editor, project.id, { conclusion: 'conform', text: 'ok' });
    await approveReview(tech, project.id);
    await releaseReview(tech, project.id, ACK);
    await expect(addRoot()).rejects.toMatchObject({ messageKey: 'status.fmea_review.revoke_before_editing' });
    await expect(addFunction(team.editor, { nodeId: project.rootNodeId!, description: 'Lift window' })).rejects.toMatchObject({ messageKey: 'status.fmea_review.revoke_before_editing' });
    await expect(updateProjectHeader(team.owner, project.id, { version: project.version, name: 'Renamed' })).rejects.toMatchObject({
      messageKey: 'status.fmea_review.revoke_before_editing',
    });
    // sharing is not the analysis: allowed while released
    await setShare(team.owner, { projectId: project.id, scope: 'all', expiresAt: null, userIds: [] });

    await expect(revokeReview(team.editor, project.id)).rejects.toMatchObject({ messageKey: 'permission.review_owner_only' });
    expect((await revokeReview(team.owner, project.id)).review.status).toBe('revoked');
    expect((await republishReview(team.owner, project.id)).review.status).toBe('released');
    await revokeReview(team.owner, project.id);
    await addRoot();
    expect((await getReviewState(team.owner, project.id)).status).toBe('in_preparation');
    await expect(republishReview(team.owner, project.id)).rejects.toMatchObject({ messageKey: 'status.fmea_review.invalid_transition' });
    expect((await submitReview(team.owner, project.id, named(), ACK)).review.round).toBe(2);
  });
});

describe('FMEA review: refusals', () => {
  it('only the owner or an administrator submits, naming all four roles readable by each', async () => {
    await expect(submitReview(team.editor, project.id, named())).rejects.toMatchObject({ messageKey: 'permission.review_owner_only' });
    await expect(submitReview(team.owner, project.id, { ...named(), countersign: null })).rejects.toMatchObject({ messageKey: 'status.fmea_review.reviewer_required' });
    // each reviewer who cannot read is named on their role's field, by their real name (issue 20: the role's code and a UUID)
    await t.db.update(user).set({ realName: '王五' }).where(eq(user.id, idOf(team.outsider)));
    const refused = await submitReview(team.owner, project.id, { ...named(), countersign: idOf(team.outsider) }).catch((e: DomainError) => e);
    expect(refused).toMatchObject({ code: 'not_allowed', messageKey: 'fmea.reviewers_cannot_read', issues: [{ messageKey: 'fmea.reviewer_cannot_read', field: 'assignees.countersign' }] });
    expect(translateError('zh-CN', refused as DomainError)).toBe('指定的评审人必须能查看此项目\n指定的验证会签人（王五）无权查看此项目：请将其加入团队或共享给他');
    expect(translateError('en-US', refused as DomainError)).toBe('Every named reviewer must be able to read this project\nVerification countersigner 王五 cannot read this project: add them to the team or share it with them');
    await expect(submitReview(team.owner, project.id, { ...named(), countersign: 'nobody' })).rejects.toMatchObject({ messageKey: 'fmea.user_not_found' });
    await setShare(team.owner, { projectId: project.id, scope: 'partly', expiresAt: null, userIds: [idOf(team.outsider)] });
    expect((await submitReview(team.owner, project.id, { ...named(), countersign: idOf(team.outsider) })).review.status).toBe('under_review');
  });

  it('a reviewer not named cannot approve: not the current approver', async () => {
    await submitReview(team.owner, project.id, named(), ACK);
    await expect(giveReviewOpinion(tech, project.id, { conclusion: 'conform', text: 'x' })).rejects.toMatchObject({ messageKey: 'status.fmea_review.not_current_reviewer' });
    await walkAndGiveOpinion(team.reader, project.id, { conclusion: 'conform', text: 'ok' });
    await expect(approveReview(tech, project.id)).rejects.toMatchObject({ messageKey: 'status.fmea_review.opinions_missing' });
    await walkAndGiveOpinion(team.editor, project.id, { conclusion: 'conform', text: 'ok' });
    await expect(approveReview(team.owner, project.id)).rejects.toMatchObject({ messageKey: 'status.fmea_review.not_current_approver' });
    await expect(releaseReview(tech, project.id)).rejects.toMatchObject({ messageKey: 'status.fmea_review.invalid_transition' });
  });

  it('a rejection goes back to the author with the opinion; the author edits and resubmits', async () => {
    await submitReview(team.owner, project.id, named(), ACK);
    const rejected = await rejectReview(team.editor, project.id, 'causes missing on the gear');
    expect(rejected.review.status).toBe('rejected');
    expect(rejected.notifications).toEqual([expect.objectContaining({ userId: idOf(team.owner), reason: 'rejected', opinion: 'causes missing on the gear' })]);
    await addRoot();
    const again = await submitReview(team.owner, project.id, named(), ACK);
    expect(again.review).toMatchObject({ round: 2, opinions: [] });
    const history = await getReviewHistory(team.owner, project.id);
    expect(history.find((s) => s.event === 'reject')).toMatchObject({ round: 1, opinion: 'causes missing on the gear', userId: idOf(team.editor) });
  });

  it("the release condition 'all' (rule fmeaReleaseAll) needs both releasers", async () => {
    await setRuleFlag(await adminContext(t), 'fmeaReleaseAll', '1');
    const half = await toReleased();
    expect(half.review).toMatchObject({ status: 'approved', releaseCondition: 'all', waitingFor: [idOf(sign)] });
    expect((await releaseReview(sign, project.id, ACK)).review.status).toBe('released');
  });

  it('re-review opens a new round on a released project', async () => {
    await toReleased();
    const again = await rereviewReview(team.owner, project.id, { quality: idOf(team.owner) }, ACK);
    expect(again.review).toMatchObject({ status: 'under_review', round: 2 });
    expect(again.review.assignees.find((a) => a.role === 'quality')?.userId).toBe(idOf(team.owner));
  });

  it('two opinions for the same role at once: one is kept, the other refused', async () => {
    await submitReview(team.owner, project.id, named(), ACK);
    await walkReview(team.reader, project.id);
    const both = await Promise.allSettled([
      giveReviewOpinion(team.reader, project.id, { conclusion: 'conform', text: 'first' }),
      giveReviewOpinion(team.reader, project.id, { conclusion: 'partial', text: 'second' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await getReviewState(team.reader, project.id)).opinions).toHaveLength(1);
  });

  it('an outsider cannot read the review state', async () => {
    await expect(getReviewState(team.outsider, project.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
  });
});

describe('FMEA review: the walk from the block diagram (spec 001 §4, §6)', () => {
  it('each opinion reviewer marks the steps in order; earlier unfinished steps block; the opinion waits for the whole walk', async () => {
    await submitReview(team.owner, project.id, named(), ACK);
    const opened = await getReviewState(team.reader, project.id);
    expect(opened.walkSteps).toEqual(['interfaces', 'structure', 'function', 'failure', 'risk', 'optimization']);
    expect(opened.reviewInOrder).toBe(true);
    expect(opened.walks.map((w) => [w.userId, w.roles, w.next, w.complete])).toEqual([
      [idOf(team.reader), ['professional'], 'interfaces', false],
      [idOf(team.editor), ['quality'], 'interfaces', false],
    ]);
    await expect(markReviewStep(team.reader, project.id, 'structure')).rejects.toMatchObject({ messageKey: 'status.fmea_review.earlier_steps_unfinished', params: { missing: 'interfaces' } });
    await expect(giveReviewOpinion(team.reader, project.id, { conclusion: 'conform', text: 'ok' })).rejects.toMatchObject({ messageKey: 'status.fmea_review.walk_incomplete' });
    await expect(markReviewStep(tech, project.id, 'interfaces')).rejects.toMatchObject({ messageKey: 'status.fmea_review.not_current_reviewer' });
    await expect(markReviewStep(team.outsider, project.id, 'interfaces')).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });

    tick();
    const first = await markReviewStep(team.reader, project.id, 'interfaces');
    expect(first.walks[0]!.steps[0]).toEqual({ step: 'interfaces', reviewedAt: clock });
    expect(first.walks[0]!.next).toBe('structure');
    // marking again changes nothing, and the other reviewer's walk is their own
    expect((await markReviewStep(team.reader, project.id, 'interfaces')).walks[0]!.steps[0]!.reviewedAt).toEqual(clock);
    expect(first.walks[1]!.next).toBe('interfaces');
    await walkReview(team.reader, project.id);
    expect((await getReviewState(team.editor, project.id)).walks[0]).toMatchObject({ complete: true, next: null });
    expect((await giveReviewOpinion(team.reader, project.id, { conclusion: 'conform', text: 'ok' })).review.opinions).toHaveLength(1);

    // a new round starts every walk again
    await rejectReview(team.editor, project.id, 'causes missing');
    await submitReview(team.owner, project.id, named(), ACK);
    expect((await getReviewState(team.reader, project.id)).walks.every((w) => w.next === 'interfaces')).toBe(true);
    await expect(markReviewStep(team.reader, project.id, 'flow')).rejects.toMatchObject({ messageKey: 'status.fmea_review.walk_step_unknown' });
  });

  it('switching the rule fmeaReviewInOrder off lets a reviewer mark in any order and give the opinion without the walk', async () => {
    await setRuleFlag(await adminContext(t), 'fmeaReviewInOrder', '0');
    await submitReview(team.owner, project.id, named(), ACK);
    expect((await markReviewStep(team.reader, project.id, 'risk')).reviewInOrder).toBe(false);
    expect((await giveReviewOpinion(team.editor, project.id, { conclusion: 'conform', text: 'ok' })).review.opinions).toHaveLength(1);
  });

  it('a PFMEA walk starts from the process flow chart', async () => {
    const pfmea = await createTeamProject(team, { projectType: 'pfmea', members: [{ userId: idOf(team.owner), roles: [0] }, { userId: idOf(team.reader), roles: [4] }, { userId: idOf(tech), roles: [4] }] });
    await submitReview(team.owner, pfmea.id, { professional: idOf(team.reader), quality: idOf(team.reader), technical: idOf(tech), countersign: idOf(tech) }, ACK);
    const state = await getReviewState(team.reader, pfmea.id);
    expect(state.walkSteps[0]).toBe('flow');
    expect(state.walks).toHaveLength(1);
    expect(state.walks[0]!.roles).toEqual(['professional', 'quality']);
    await expect(markReviewStep(team.reader, pfmea.id, 'structure')).rejects.toMatchObject({ params: { missing: 'flow' } });
  });
});

describe('FMEA review: every FMEA type, administrators', () => {
  it('an administrator submits and revokes; an MSR project follows the same path', async () => {
    const admin = await adminContext(t);
    const msr = await createTeamProject(team, {
      projectType: 'msr',
      members: [
        { userId: idOf(team.owner), roles: [0] },
        { userId: idOf(team.reader), roles: [4] },
        { userId: idOf(tech), roles: [4] },
      ],
    });
    const ids = { professional: idOf(team.reader), quality: idOf(team.reader), technical: idOf(tech), countersign: idOf(tech) };
    expect((await submitReview(admin, msr.id, ids, ACK)).review.status).toBe('under_review');
    await walkAndGiveOpinion(team.reader, msr.id, { conclusion: 'conform', text: 'ok', role: 'professional' });
    await walkAndGiveOpinion(team.reader, msr.id, { conclusion: 'conform', text: 'ok' });
    await approveReview(tech, msr.id);
    expect((await releaseReview(tech, msr.id, ACK)).review.status).toBe('released');
    expect((await revokeReview(admin, msr.id)).review.status).toBe('revoked');
  });
});

describe('FMEA review: the steps are kept as messages', () => {
  const pending = async (ctx: ServiceContext) => (await listMessages(ctx, 'business')).items.filter((m) => m.targetId === project.id && m.processed === 0);

  it('each awaited reviewer gets an approval message; the actor’s is processed when they act, everyone’s when the status moves', async () => {
    const submitted = await submitReview(team.owner, project.id, named(), ACK);
    expect(submitted.messages.map((m) => [m.recipientId, m.code, m.messageKey])).toEqual([
      [idOf(team.reader), '1', 'message.fmea_review_awaiting_opinion'],
      [idOf(team.editor), '1', 'message.fmea_review_awaiting_opinion'],
    ]);
    expect((await countUnreadMessages(team.reader)).business).toBe(1);
    await walkAndGiveOpinion(team.reader, project.id, { conclusion: 'conform', text: 'ok' });
    expect(await pending(team.reader)).toEqual([]);
    expect((await pending(team.editor)).map((m) => m.messageKey)).toEqual(['message.fmea_review_awaiting_opinion']);
    const rejected = await rejectReview(team.editor, project.id, 'causes missing on the gear');
    expect(await pending(team.editor)).toEqual([]);
    expect(rejected.messages).toEqual([expect.objectContaining({ recipientId: idOf(team.owner), kind: 'business', code: '2', rightType: '10', messageKey: 'message.fmea_review_rejected', content: 'causes missing on the gear', route: expect.stringContaining(project.id) })]);
    expect(rejected.messages[0]!.route).toContain('review=1');
  });

  it('a release tells author, reviewers and team (code 6, opening the baselines), a revocation likewise (code 7)', async () => {
    await submitReview(team.owner, project.id, named(), ACK);
    await walkAndGiveOpinion(team.reader, project.id, { conclusion: 'conform', text: 'ok' });
    await walkAndGiveOpinion(team.editor, project.id, { conclusion: 'conform', text: 'ok' });
    await approveReview(tech, project.id);
    const released = await releaseReview(sign, project.id, ACK);
    const told = released.messages.map((m) => m.recipientId);
    expect(told).toEqual(expect.arrayContaining([idOf(team.owner), idOf(team.reader), idOf(team.editor)]));
    expect(new Set(told).size).toBe(told.length);
    expect(told).not.toContain(idOf(sign));
    expect(released.messages.every((m) => m.code === '6' && m.rightType === '12' && m.route?.includes('baselines=1'))).toBe(true);
    // news to the whole team is a system notice: the pending list keeps the work (approvals, rejections)
    expect(released.messages.every((m) => m.kind === 'system')).toBe(true);
    expect(await pending(team.reader)).toEqual([]);
    expect((await listMessages(team.reader, 'system')).items.map((m) => m.messageKey)).toContain('message.fmea_review_released');
    const revoked = await revokeReview(team.owner, project.id);
    expect(revoked.messages.map((m) => m.code)).toEqual(revoked.messages.map(() => '7'));
    expect(revoked.messages.map((m) => m.recipientId)).not.toContain(idOf(team.owner));
    expect(revoked.messages.every((m) => m.kind === 'system')).toBe(true);
  });
});
