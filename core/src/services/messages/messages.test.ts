import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminContext, createTeamProject, idOf, makeTeam, makeUser, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { readAnalysis } from '../fmea/analysis-read.ts';
import { deleteProject, type ProjectView } from '../fmea/projects.ts';
import { getShare, setShare } from '../fmea/sharing.ts';
import type { ServiceContext } from '../shared/context.ts';
import { applyReadProject, countPendingReadApprovals, decideApplication, listMyReadApplications, listReadApprovals } from './applications.ts';
import { countUnreadMessages, deleteMessage, latestMessageAndNotice, listMessages, readAllMessages, readMessage, requestModuleExport, sendMessages } from './inbox.ts';

let clock = new Date('2026-03-01T08:00:00Z');
let t: TestDatabase;
let team: Team;
let guest: ServiceContext;
let project: ProjectView;
beforeEach(async () => {
  clock = new Date('2026-03-01T08:00:00Z');
  t = await openTestDatabase({ now: () => clock });
  team = await makeTeam(t);
  guest = await makeUser(t, 'guest');
  project = await createTeamProject(team);
});
afterEach(() => t.dispose());
const tick = () => (clock = new Date(clock.getTime() + 60_000));

describe('the inbox', () => {
  it('lists, counts, reads, reads all and deletes only the reader’s own messages', async () => {
    await sendMessages(t.db, [
      { recipientId: idOf(guest), senderId: idOf(team.owner), code: 'task', messageKey: 'message.export_request', params: { sender: 'x', serialNum: 'A' } },
      { recipientId: idOf(guest), code: 'system', kind: 'system', messageKey: 'message.export_request', params: { sender: 'x', serialNum: 'B' } },
      { recipientId: idOf(team.owner), code: 'task', messageKey: 'message.export_request', params: { sender: 'x', serialNum: 'C' } },
    ]);
    expect(await countUnreadMessages(guest)).toEqual({ business: 1, system: 1 });
    const business = await listMessages(guest, 'business');
    expect(business.total).toBe(1);
    expect(business.items[0]).toMatchObject({ code: 'task', senderName: expect.any(String), readFlag: 0 });
    const id = business.items[0]!.id;
    await expect(readMessage(team.owner, id)).rejects.toMatchObject({ messageKey: 'message.not_found' });
    await expect(deleteMessage(team.owner, id)).rejects.toMatchObject({ messageKey: 'message.not_found' });

    tick();
    const read = await readMessage(guest, id);
    expect(read).toMatchObject({ readFlag: 1, readAt: clock, processed: 1 });
    expect((await listMessages(guest, 'business')).total).toBe(0);
    expect((await listMessages(guest, 'processed')).total).toBe(1);
    expect(await readAllMessages(guest, 'system')).toBe(1);
    expect(await countUnreadMessages(guest)).toEqual({ business: 0, system: 0 });
    await deleteMessage(guest, id);
    expect((await listMessages(guest, 'processed')).total).toBe(0);
    expect((await countUnreadMessages(team.owner)).business).toBe(1);
  });

  it('stores an export request for the named user, by id or user name', async () => {
    await requestModuleExport(guest, { serialNum: 'DF00001', oprateUser: team.owner.actor.userName, remark: 'please', type: '1', programId: 'P1' });
    const latest = await latestMessageAndNotice(team.owner);
    expect(latest.message).toMatchObject({ code: 'exportRequest', content: 'please', params: { serialNum: 'DF00001', type: '1', programId: 'P1' } });
    await requestModuleExport(guest, { serialNum: 'DF00001', oprateUser: idOf(team.editor) });
    expect((await countUnreadMessages(team.editor)).business).toBe(1);
    await expect(requestModuleExport(guest, { serialNum: 'DF00001', oprateUser: 'nobody-here' })).rejects.toMatchObject({ messageKey: 'message.user_not_found' });
  });
});

describe('read-access applications', () => {
  it('lets a non-member apply, the responsible person agree, and the applicant read the project read-only', async () => {
    await expect(readAnalysis(guest, project.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    const applied = await applyReadProject(guest, 'dfmea', { project: project.serialNum, remark: 'For the DVP' });
    expect(applied.application).toMatchObject({ status: 'pending', approverIds: [idOf(team.owner)], remark: 'For the DVP', projectSerialNum: project.serialNum });
    expect(applied.messages).toHaveLength(1);
    expect(applied.messages[0]).toMatchObject({ recipientId: idOf(team.owner), code: '1', projectId: project.id, applicationId: applied.application.id });

    expect(await countPendingReadApprovals(team.owner)).toBe(1);
    const approvals = await listReadApprovals(team.owner, { tab: 'pending' });
    expect(approvals.items[0]).toMatchObject({ id: applied.application.id, canDecide: true, applicantName: expect.any(String) });
    expect((await listMyReadApplications(guest)).items[0]).toMatchObject({ status: 'pending', canDecide: false });
    await expect(applyReadProject(guest, 'dfmea', { project: project.id })).rejects.toMatchObject({ messageKey: 'message.application_pending' });

    await expect(decideApplication(team.editor, applied.application.id, true)).rejects.toMatchObject({ messageKey: 'message.not_current_approver' });
    await expect(decideApplication(guest, applied.application.id, true)).rejects.toMatchObject({ messageKey: 'message.not_current_approver' });
    tick();
    const agreed = await decideApplication(team.owner, applied.application.id, true, 'ok');
    expect(agreed.application).toMatchObject({ status: 'agreed', decidedBy: idOf(team.owner), decidedAt: clock, decisionRemark: 'ok' });
    expect(agreed.messages[0]).toMatchObject({ recipientId: idOf(guest), code: 'applicationResult', route: `/main/dfmeaProject?type=1&projectId=${project.id}` });
    await expect(decideApplication(team.owner, applied.application.id, false)).rejects.toMatchObject({ messageKey: 'message.application_decided' });

    await expect(readAnalysis(guest, project.id)).resolves.toBeDefined();
    expect((await getShare(team.owner, project.id)).userIds).toEqual([idOf(guest)]);
    // the approval message moved to the owner's processed list
    expect((await listMessages(team.owner, 'business')).total).toBe(0);
    expect((await listMessages(team.owner, 'processed')).items[0]).toMatchObject({ code: '1', processed: 1 });
    expect(await countPendingReadApprovals(team.owner)).toBe(0);
  });

  it('keeps a disagreed applicant out', async () => {
    const applied = await applyReadProject(guest, 'dfmea', { project: project.id });
    const refused = await decideApplication(team.owner, applied.application.id, false, 'confidential');
    expect(refused.application.status).toBe('disagreed');
    expect(refused.messages[0]).toMatchObject({ messageKey: 'message.read_disagreed', content: 'confidential' });
    await expect(readAnalysis(guest, project.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    // a new application may follow a decided one
    await expect(applyReadProject(guest, 'dfmea', { project: project.id })).resolves.toBeDefined();
  });

  it('adds the applicant to an existing named share and leaves a share with everyone as it is', async () => {
    const other = await makeUser(t, 'other');
    await setShare(team.owner, { projectId: project.id, scope: 'partly', expiresAt: null, userIds: [idOf(other)] });
    const applied = await applyReadProject(guest, 'dfmea', { project: project.id });
    await decideApplication(team.owner, applied.application.id, true);
    expect((await getShare(team.owner, project.id)).userIds.sort()).toEqual([idOf(other), idOf(guest)].sort());
  });

  it('refuses members, administrators, deleted projects and the wrong family', async () => {
    await expect(applyReadProject(team.reader, 'dfmea', { project: project.id })).rejects.toMatchObject({ messageKey: 'message.already_can_read' });
    await expect(applyReadProject(await adminContext(t), 'dfmea', { project: project.id })).rejects.toMatchObject({ messageKey: 'message.already_can_read' });
    await expect(applyReadProject(guest, 'pfmea', { project: project.id })).rejects.toMatchObject({ messageKey: 'fmea.project_not_found' });
    await deleteProject(team.owner, project.id, { version: project.version });
    await expect(applyReadProject(guest, 'dfmea', { project: project.id })).rejects.toMatchObject({ messageKey: 'fmea.project_not_found' });
  });

  it('applies for a PFMEA with applyReadPfmeaProject', async () => {
    const pfmea = await createTeamProject(team, { projectType: 'pfmea' });
    const applied = await applyReadProject(guest, 'pfmea', { project: pfmea.id });
    expect(applied.application.projectType).toBe('pfmea');
    expect((await listReadApprovals(team.owner, { family: 'pfmea' })).total).toBe(1);
    expect((await listReadApprovals(team.owner, { family: 'dfmea' })).total).toBe(0);
    const agreed = await decideApplication(team.owner, applied.application.id, true);
    expect(agreed.messages[0]!.route).toBe(`/main/pfmeaProject?type=1&projectId=${pfmea.id}`);
  });
});
