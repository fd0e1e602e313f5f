import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendMessages } from '@fmea/core';
import { caller, createTeamProject, engineer, makeTeam, openTestApp, watchSocket, type Person, type Team, type TestApp } from '../../testing.ts';

let api: TestApp;
let team: Team;
let guest: Person;
let project: { id: string; serialNum: string; pptSerial: string; version: number };
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  guest = await engineer(api, 'guest');
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());

const CALLS = [
  ['GET', '/api/message/businessMessageList'],
  ['GET', '/api/message/processedList'],
  ['GET', '/api/message/systemMessageList'],
  ['GET', '/api/message/dfmeaAuditList'],
  ['GET', '/api/message/getLatestMessageAndNotice'],
  ['GET', '/api/message/agreeApplication?serialNum=x'],
  ['GET', '/api/message/disagreeApplication?serialNum=x'],
  ['POST', '/api/message/applyReadProject'],
  ['POST', '/api/message/applyReadPfmeaProject'],
  ['POST', '/api/message/readMessage'],
  ['POST', '/api/message/readAllBusinessMessage'],
  ['POST', '/api/message/readAllSystemMessage'],
  ['POST', '/api/message/deleteMessage'],
  ['POST', '/api/message/appExportForModule'],
] as const;

describe('who may call the message calls', () => {
  it('refuses every call without a session', async () => {
    for (const [method, path] of CALLS) expect((await api.call(method, path, method === 'POST' ? { body: {} } : {})).status, path).toBe(401);
  });

  it('answers any signed-in user with their own (empty) inbox', async () => {
    const me = caller(api, guest);
    expect(await me.ok('GET', '/api/message/businessMessageList')).toEqual({ items: [], total: 0, page: 1, limit: 10 });
    expect(await me.ok('GET', '/api/message/dfmeaAuditList')).toEqual({ items: [], total: 0, page: 1, limit: 10 });
    expect(await me.ok('GET', '/api/message/getLatestMessageAndNotice')).toEqual({ message: null, notice: null });
    expect(await me.ok('POST', '/api/message/readAllBusinessMessage')).toEqual({ count: 0 });
  });

  it('refuses bad input with 400', async () => {
    const me = caller(api, guest, 'en-US');
    expect((await me.post('/api/message/applyReadProject', {})).status).toBe(400);
    expect((await me.post('/api/message/applyReadProject', { projectId: project.id, remark: 'x'.repeat(501) })).status).toBe(400);
    expect((await me.get('/api/message/agreeApplication')).status).toBe(400);
    expect((await me.post('/api/message/readMessage', {})).status).toBe(400);
    expect((await me.post('/api/message/appExportForModule', { oprateUser: 'x' })).status).toBe(400);
    expect((await me.get('/api/message/businessMessageList?page=0')).status).toBe(400);
  });
});

describe('read access through an application', () => {
  it('lets a non-member apply, the owner see it with a count and agree, and the applicant open the project read-only', async () => {
    const applicant = caller(api, guest, 'en-US');
    const owner = caller(api, team.owner, 'en-US');
    const ownerSocket = watchSocket(api, team.owner.token, team.owner.user.id);
    const guestSocket = watchSocket(api, guest.token, guest.user.id);
    expect((await applicant.get(`/api/project/selectProjectById?projectId=${project.id}`)).status).toBe(403);

    const applied = await applicant.ok('POST', '/api/message/applyReadProject', { serialNum: project.serialNum, remark: 'For the DVP' });
    expect(applied).toMatchObject({ status: 'pending', projectId: project.id, applyRemark: 'For the DVP', canDecide: false });
    expect(ownerSocket.messages).toEqual([{ event: 'receiveMessage', data: expect.objectContaining({ type: 'message', code: '1', title: expect.stringContaining(project.serialNum) }) }]);
    expect((await applicant.post('/api/message/applyReadProject', { projectId: project.id })).status).toBe(409);

    expect(await owner.ok('GET', '/api/message/getMessageCount')).toMatchObject({ bMessageCount: 1, unreadBusiness: 1, count: 1 });
    const approvals = await owner.ok('GET', '/api/message/myReadApprovalList');
    expect(approvals).toMatchObject({ total: 1, items: [{ serialNum: applied.serialNum, canDecide: true, applyPerson: expect.any(String) }] });
    expect((await owner.ok('GET', '/api/message/dfmeaAuditList')).total).toBe(1);
    const inbox = await owner.ok('GET', '/api/message/businessMessageList');
    expect(inbox.items[0]).toMatchObject({ code: '1', title: expect.stringContaining('applies to read'), content: 'For the DVP', applicationId: applied.serialNum });
    expect((await applicant.ok('GET', '/api/message/myReadApplicationList')).items[0]).toMatchObject({ status: 'pending' });

    // a third user (even a team member without role 0) cannot decide
    const editor = await caller(api, team.editor, 'en-US').get(`/api/message/agreeApplication?serialNum=${applied.serialNum}`);
    expect(editor.status).toBe(403);
    expect(editor.body.meta.message).toBe('You are not the current approver');
    expect((await caller(api, team.outsider).get(`/api/message/agreeApplication?serialNum=${applied.serialNum}`)).status).toBe(403);

    const agreed = await owner.ok('GET', `/api/message/agreeApplication?serialNum=${applied.serialNum}&remark=ok`);
    expect(agreed).toMatchObject({ status: 'agreed', approveRemark: 'ok', approvePerson: expect.any(String) });
    expect(guestSocket.messages.at(-1)).toMatchObject({ event: 'receiveMessage', data: { type: 'message', code: 'applicationResult', route: `/main/dfmeaProject?type=1&projectId=${project.id}` } });
    expect((await owner.get(`/api/message/disagreeApplication?serialNum=${applied.serialNum}`)).status).toBe(409);

    const opened = await applicant.ok('GET', `/api/project/selectProjectById?projectId=${project.id}`);
    expect(opened).toMatchObject({ projectId: project.id, canEdit: false, access: 'shared' });
    expect((await applicant.post('/api/fmea/addNode', { parentId: project.pptSerial, name: 'Motor' })).status).toBe(403);
    expect(await owner.ok('GET', '/api/message/getMessageCount')).toMatchObject({ bMessageCount: 0, unreadBusiness: 0 });
    expect((await owner.ok('GET', '/api/message/processedList')).items[0]).toMatchObject({ code: '1', processed: 1 });

    // the applicant reads the result, then deletes it
    const result = (await applicant.ok('GET', '/api/message/businessMessageList')).items[0];
    expect(result).toMatchObject({ code: 'applicationResult', title: expect.stringContaining('agreed') });
    expect((await owner.post('/api/message/readMessage', { id: result.id })).status).toBe(404);
    expect(await applicant.ok('POST', '/api/message/readMessage', { id: result.id })).toMatchObject({ readFlag: 1, processed: 1 });
    expect((await owner.post('/api/message/deleteMessage', { id: result.id })).status).toBe(404);
    await applicant.ok('POST', '/api/message/deleteMessage', { id: result.id });
    expect((await applicant.ok('GET', '/api/message/processedList')).total).toBe(0);
  });

  it('keeps a refused applicant out, and refuses members and PFMEA calls for a DFMEA', async () => {
    const applicant = caller(api, guest);
    const applied = await applicant.ok('POST', '/api/message/applyReadProject', { projectId: project.id });
    const refused = await caller(api, team.owner).ok('GET', `/api/message/disagreeApplication?serialNum=${applied.serialNum}&remark=no`);
    expect(refused.status).toBe('disagreed');
    expect((await applicant.get(`/api/project/selectProjectById?projectId=${project.id}`)).status).toBe(403);
    expect((await caller(api, team.reader).post('/api/message/applyReadProject', { projectId: project.id })).status).toBe(409);
    expect((await applicant.post('/api/message/applyReadPfmeaProject', { projectId: project.id })).status).toBe(404);
  });
});

describe('the inbox calls', () => {
  it('counts the unread messages (the mail badge, My messages) apart from the approvals queue (My approvals)', async () => {
    // unread news but nothing to decide: the mail badge shows them, the approvals badge nothing
    const news = ['S1', 'S2', 'S3'].map((serialNum) => ({ recipientId: guest.user.id, code: 'comment' as const, messageKey: 'message.export_request', params: { sender: 'x', serialNum } }));
    await sendMessages(api.t.db, [...news, { recipientId: guest.user.id, kind: 'system', code: 'system', messageKey: 'message.export_request', params: { sender: 'x', serialNum: 'S4' } }]);
    const me = caller(api, guest);
    expect(await me.ok('GET', '/api/message/getMessageCount')).toEqual({ bMessageCount: 0, unreadBusiness: 3, sMessageCount: 1, count: 4 });
    // an application waiting for the owner: the queue counts it, and its message is one unread more
    await me.ok('POST', '/api/message/applyReadProject', { projectId: project.id });
    expect(await caller(api, team.owner).ok('GET', '/api/message/getMessageCount')).toEqual({ bMessageCount: 1, unreadBusiness: 1, sMessageCount: 0, count: 1 });
    const [first] = (await me.ok('GET', '/api/message/businessMessageList')).items;
    await me.ok('POST', '/api/message/readMessage', { id: first.id });
    expect(await me.ok('GET', '/api/message/getMessageCount')).toMatchObject({ bMessageCount: 0, count: 3 });
  });

  it('lists system messages, reads them all, and asks another user to export', async () => {
    await sendMessages(api.t.db, [{ recipientId: guest.user.id, kind: 'system', code: 'system', messageKey: 'message.export_request', params: { sender: 'x', serialNum: 'S1' } }]);
    const me = caller(api, guest, 'en-US');
    expect(await me.ok('GET', '/api/message/getMessageCount')).toMatchObject({ sMessageCount: 1, count: 1 });
    expect((await me.ok('GET', '/api/message/systemMessageList?unread=1')).total).toBe(1);
    expect(await me.ok('POST', '/api/message/readAllSystemMessage')).toEqual({ count: 1 });
    expect((await me.ok('GET', '/api/message/systemMessageList?unread=1')).total).toBe(0);

    const ownerSocket = watchSocket(api, team.owner.token, team.owner.user.id);
    const sent = await me.ok('POST', '/api/message/appExportForModule', { serialNum: project.serialNum, oprateUser: team.owner.user.userName, remark: 'Need the workbook', type: '1', libraryType: '2', programId: 'P7' });
    expect(sent).toMatchObject({ code: 'exportRequest', params: { serialNum: project.serialNum, type: '1', libraryType: '2', programId: 'P7' } });
    expect(ownerSocket.messages).toHaveLength(1);
    const latest = await caller(api, team.owner, 'en-US').ok('GET', '/api/message/getLatestMessageAndNotice');
    expect(latest.message).toMatchObject({ code: 'exportRequest', content: 'Need the workbook', title: expect.stringContaining(project.serialNum) });
    expect((await me.post('/api/message/appExportForModule', { serialNum: 'X', oprateUser: 'nobody-at-all' })).status).toBe(404);
  });
});
