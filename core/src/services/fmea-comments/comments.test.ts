import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fmeaComment, fmeaReviewAssignee, fmeaReviewRound } from '../../db/schema/index.ts';
import { adminContext, buildWindowLifter, createTeamProject, idOf, makeTeam, nameOf, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import type { DomainError } from '../../errors.ts';
import type { ProjectView } from '../fmea/projects.ts';
import { updateFailure } from '../fmea/failures.ts';
import { addAction } from '../fmea/actions.ts';
import { buildHousingPfmea } from '../../testing/control-plan.ts';
import { generateControlPlan } from '../pfmea/control-plan.ts';
import { saveControlPlanLine } from '../pfmea/control-plan-lines.ts';
import { addInterface, updateInterface } from '../fmea/interfaces.ts';
import { setShare } from '../fmea/sharing.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import { listMessages } from '../messages/inbox.ts';
import { AREAS } from '../../domain/areas/index.ts';
import { ANALYSIS_ROW_KINDS } from '../../domain/fmea-comments/index.ts';
import { addComment, commentCounts, deleteComment, listComments, markCommentsRead, projectsOfUser, rowHistory } from './index.ts';

let clock = new Date('2026-05-01T08:00:00Z');
let t: TestDatabase;
let team: Team;
let project: ProjectView;
let lifter: Awaited<ReturnType<typeof buildWindowLifter>>;
beforeEach(async () => {
  clock = new Date('2026-05-01T08:00:00Z');
  t = await openTestDatabase({ now: () => clock });
  team = await makeTeam(t);
  project = await createTeamProject(team);
  lifter = await buildWindowLifter(team.editor, project);
});
afterEach(() => t.dispose());

const tick = () => (clock = new Date(clock.getTime() + 1000));
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: DomainError) => ({ code: e.code, key: e.messageKey }));
const onWorn = (body: string, replyTo?: string) => ({ projectId: project.id, targetKind: 'failure' as const, targetId: lifter.worn.id, body, replyTo: replyTo ?? null });

describe('comments on FMEA rows', () => {
  it('a member comments on a cause mentioning a reader: the reader gets a comment message that opens the project at the row', async () => {
    const { comment, messages } = await addComment(team.editor, onWorn(`@${nameOf(team.reader)} please check the wear rating`));
    expect(comment).toMatchObject({ targetKind: 'failure', targetId: lifter.worn.id, nodeId: lifter.gear.id, authorId: idOf(team.editor), canDelete: true });
    expect(comment.mentions.map((m) => m.userId)).toEqual([idOf(team.reader)]);
    expect(messages).toEqual([
      expect.objectContaining({
        recipientId: idOf(team.reader),
        code: 'comment',
        messageKey: 'message.fmea_comment',
        content: `@${nameOf(team.reader)} please check the wear rating`,
        projectId: project.id,
        rightType: 'failure',
        route: `/main/dfmeaProject?type=1&projectId=${project.id}&rightType=failure&thread=${encodeURIComponent(`failure:${lifter.worn.id}`)}`,
        targetId: comment.id,
      }),
    ]);
    const inbox = await listMessages(team.reader, 'business');
    expect(inbox.items.map((m) => m.code)).toEqual(['comment']);
    // nobody else was told
    expect((await listMessages(team.owner, 'business')).items).toEqual([]);
  });

  it('a mention of someone who cannot read the project refuses the comment; an unknown name stays text', async () => {
    expect(await refusal(addComment(team.editor, onWorn(`@${nameOf(team.outsider)} look`)))).toEqual({ code: 'invalid_input', key: 'fmea_comment.mention_cannot_read' });
    expect(await t.db.select().from(fmeaComment)).toEqual([]);
    const { comment, messages } = await addComment(team.editor, onWorn('mail me at someone@nowhere-user.example'));
    expect(comment.mentions).toEqual([]);
    expect(messages).toEqual([]);
    // once the project is shared with them, they can be mentioned
    await setShare(team.owner, { projectId: project.id, scope: 'partly', expiresAt: null, userIds: [idOf(team.outsider)] });
    const shared = await addComment(team.editor, onWorn(`@${nameOf(team.outsider)} look`));
    expect(shared.messages.map((m) => m.recipientId)).toEqual([idOf(team.outsider)]);
  });

  it('reads for whoever opens the project; writes for members and reviewers only; deletes for the author or an administrator', async () => {
    const { comment } = await addComment(team.reader, onWorn('a read-only member may discuss'));
    await setShare(team.owner, { projectId: project.id, scope: 'partly', expiresAt: null, userIds: [idOf(team.outsider)] });
    expect(await listComments(team.outsider, { projectId: project.id, targetKind: 'failure', targetId: lifter.worn.id })).toMatchObject({ rowText: 'Teeth worn', items: [{ body: 'a read-only member may discuss' }] });
    expect(await refusal(addComment(team.outsider, onWorn('a shared reader')))).toEqual({ code: 'not_allowed', key: 'fmea_comment.write_not_allowed' });
    expect(await refusal(deleteComment(team.editor, comment.id))).toEqual({ code: 'not_allowed', key: 'fmea_comment.delete_not_allowed' });
    const reply = await addComment(team.editor, onWorn('a reply', comment.id));
    expect(reply.comment.replyTo).toBe(comment.id);
    await deleteComment(await adminContext(t), comment.id);
    await deleteComment(team.editor, reply.comment.id);
    expect((await listComments(team.owner, { projectId: project.id, targetKind: 'failure', targetId: lifter.worn.id })).items).toEqual([]);
  });

  it('lets a shared reader comment once they are a named reviewer of the project', async () => {
    await setShare(team.owner, { projectId: project.id, scope: 'partly', expiresAt: null, userIds: [idOf(team.outsider)] });
    expect(await refusal(addComment(team.outsider, onWorn('before being named')))).toEqual({ code: 'not_allowed', key: 'fmea_comment.write_not_allowed' });
    const [round] = await t.db.insert(fmeaReviewRound).values({ projectId: project.id, round: 1, releaseCondition: 'one', submittedBy: idOf(team.owner), submittedAt: clock }).returning();
    await t.db.insert(fmeaReviewAssignee).values({ roundId: round!.id, role: 'quality', userId: idOf(team.outsider) });
    const { comment } = await addComment(team.outsider, onWorn('as the quality reviewer'));
    expect(comment).toMatchObject({ authorId: idOf(team.outsider), canDelete: true });
  });

  it('on a PFMEA the message opens the PFMEA project (leftType -1) at the row’s step', async () => {
    const pf = await buildHousingPfmea(team.owner, [
      { userId: idOf(team.owner), roles: [0] },
      { userId: idOf(team.editor), roles: [1] },
    ]);
    const { messages } = await addComment(team.owner, { projectId: pf.project.id, targetKind: 'action', targetId: (await addAction(team.owner, { causeId: pf.ids.worn!, kind: 'prevention', description: 'Tool change every 500 parts' })).id, body: `@${nameOf(team.editor)} ok?` });
    expect(messages).toEqual([
      expect.objectContaining({ code: 'comment', rightType: 'optimization', leftType: '-1', route: expect.stringMatching(/^\/main\/pfmeaProject\?type=1&projectId=.*&rightType=optimization&thread=action%3A/) }),
    ]);
  });

  it('a control plan line has its thread and its history, and the message opens the control plan', async () => {
    const pf = await buildHousingPfmea(team.owner, [
      { userId: idOf(team.owner), roles: [0] },
      { userId: idOf(team.editor), roles: [1] },
    ]);
    const line = (await generateControlPlan(team.owner, pf.project.id, { phase: 'production' })).lines[0]!;
    const { comment, messages } = await addComment(team.owner, { projectId: pf.project.id, targetKind: 'controlPlanLine', targetId: line.id, body: `@${nameOf(team.editor)} sample size per shift?` });
    expect(messages).toEqual([expect.objectContaining({ code: 'comment', rightType: 'controlPlan', route: expect.stringContaining('thread=controlPlanLine%3A') })]);
    expect((await listComments(team.editor, { projectId: pf.project.id, targetKind: 'controlPlanLine', targetId: line.id })).items.map((c) => c.id)).toEqual([comment.id]);
    await saveControlPlanLine(team.editor, line.id, { version: line.version, sampleSize: '5 pcs' });
    const history = await rowHistory(team.owner, { projectId: pf.project.id, targetKind: 'controlPlanLine', targetId: line.id });
    expect(history.flatMap((e) => e.changes.map((c) => [c.field, c.after]))).toContainEqual(['sampleSize', '5 pcs']);
    // a DFMEA row id is no control plan line
    expect(await refusal(addComment(team.owner, { projectId: pf.project.id, targetKind: 'controlPlanLine', targetId: lifter.worn.id, body: 'x' }))).toEqual({ code: 'not_found', key: 'fmea_comment.target_not_found' });
    // the kinds a project takes are its area's contribution: a PFMEA area contributing no control plan lines takes no comment on one
    const noPlanComments = AREAS.map((area) => (area.id === 'pfmea' ? { ...area, contributes: { ...area.contributes, commentTargets: ANALYSIS_ROW_KINDS } } : area));
    const onLine = { projectId: pf.project.id, targetKind: 'controlPlanLine' as const, targetId: line.id, body: 'again' };
    expect(await refusal(addComment(team.owner, onLine, noPlanComments))).toEqual({ code: 'not_found', key: 'fmea_comment.target_not_found' });
    expect((await addComment(team.owner, onLine)).comment.targetKind).toBe('controlPlanLine');
  });

  it('refuses an empty or too long body, a row of another project, and a non-member', async () => {
    expect(await refusal(addComment(team.editor, onWorn('   ')))).toMatchObject({ code: 'invalid_input' });
    expect(await refusal(addComment(team.editor, onWorn('x'.repeat(201))))).toMatchObject({ code: 'invalid_input' });
    const other = await createTeamProject(team);
    expect(await refusal(addComment(team.editor, { ...onWorn('wrong project'), projectId: other.id }))).toEqual({ code: 'not_found', key: 'fmea_comment.target_not_found' });
    expect(await refusal(addComment(team.outsider, onWorn('not a member')))).toMatchObject({ code: 'not_allowed' });
  });

  it('counts comments per row, and unread comments per project for getProjectsOfUser until marked read', async () => {
    await addComment(team.editor, onWorn('one'));
    tick();
    await addComment(team.editor, { projectId: project.id, targetKind: 'node', targetId: lifter.gear.id, body: 'two' });
    tick();
    await addComment(team.owner, onWorn('three'));
    expect(await commentCounts(team.reader, project.id)).toEqual(
      expect.arrayContaining([
        { targetKind: 'failure', targetId: lifter.worn.id, count: 2 },
        { targetKind: 'node', targetId: lifter.gear.id, count: 1 },
      ]),
    );
    const quiet = await createTeamProject(team);
    const forReader = await projectsOfUser(team.reader);
    expect(forReader.total).toBe(2);
    expect(forReader.items[0]).toMatchObject({ projectId: project.id, unread: 3, lastComment: { body: 'three' } });
    expect(forReader.items[1]).toMatchObject({ projectId: quiet.id, unread: 0, lastComment: null });
    // the editor wrote two of them: only the owner's is unread for them
    expect((await projectsOfUser(team.editor)).items[0]).toMatchObject({ projectId: project.id, unread: 1 });
    tick();
    await markCommentsRead(team.reader, project.id);
    expect((await projectsOfUser(team.reader)).items.find((p) => p.projectId === project.id)?.unread).toBe(0);
    tick();
    await addComment(team.owner, onWorn('four'));
    expect((await projectsOfUser(team.reader)).items[0]).toMatchObject({ projectId: project.id, unread: 1 });
    expect((await projectsOfUser(team.outsider)).total).toBe(0);
  });
});

describe('row history', () => {
  it('shows who changed which field from what to what, oldest first, only to readers of the project', async () => {
    tick();
    await updateFailure(team.editor, lifter.worn.id, { version: lifter.worn.version, occurrence: 4 });
    const history = await rowHistory(team.reader, { projectId: project.id, targetKind: 'failure', targetId: lifter.worn.id }, 'en-US');
    expect(history.map((h) => h.action)).toEqual(['fmea.failure.create', 'fmea.failure.update']);
    expect(history[1]).toMatchObject({ userId: idOf(team.editor), actionLabel: expect.any(String), changes: [{ field: 'occurrence', before: '6', after: '4' }], reason: null });
    const other = await createTeamProject(team);
    expect(await rowHistory(team.owner, { projectId: other.id, targetKind: 'failure', targetId: lifter.worn.id })).toEqual([]);
    expect(await refusal(rowHistory(team.outsider, { projectId: project.id, targetKind: 'failure', targetId: lifter.worn.id }))).toMatchObject({ code: 'not_allowed' });
  });

  it('asks an interface change for a reason when the interface reason rule is on, and shows it', async () => {
    const link = await addInterface(team.editor, { firstNodeId: lifter.gear.id, secondNodeId: lifter.housing.id, interfaceType: 1, description: 'press fit' });
    await setRuleFlag(await adminContext(t), 'ruleOpen', '1');
    expect(await refusal(updateInterface(team.editor, link.id, { version: link.version, description: 'glued' }))).toMatchObject({ code: 'invalid_input' });
    await updateInterface(team.editor, link.id, { version: link.version, description: 'glued', reason: 'supplier change' });
    const history = await rowHistory(team.owner, { projectId: project.id, targetKind: 'interface', targetId: link.id });
    expect(history.at(-1)).toMatchObject({ changes: [{ field: 'description', before: 'press fit', after: 'glued' }], reason: 'supplier change' });
  });
});
