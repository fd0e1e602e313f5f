import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChain, caller, createTeamProject, engineer, makeTeam, openTestApp, watchSocket, type Person, type Team, type TestApp } from '../../testing.ts';

let api: TestApp;
let team: Team;
let project: { id: string; serialNum: string; pptSerial: string; version: number };
let chain: Awaited<ReturnType<typeof buildChain>>;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  project = await createTeamProject(api, team);
  chain = await buildChain(api, team.editor, project);
});
afterEach(() => api.dispose());

const CALLS = [
  ['GET', '/api/fmea/comments?projectId=x&rowKind=failure&rowId=y'],
  ['GET', '/api/fmea/commentCounts?projectId=x'],
  ['POST', '/api/fmea/addComment'],
  ['POST', '/api/fmea/deleteComment'],
  ['GET', '/api/fmea/rowHistory?projectId=x&rowKind=failure&rowId=y'],
  ['GET', '/api/communication/getProjectsOfUser'],
  ['POST', '/api/communication/markRead'],
  ['GET', '/api/task/myTasks'],
] as const;

const onCause = (body: string) => ({ projectId: project.id, rowKind: 'failure', rowId: chain.cause.id, body });

describe('who may call the communication calls', () => {
  it('refuses every call without a session (401)', async () => {
    for (const [method, path] of CALLS) expect((await api.call(method, path, method === 'POST' ? { body: {} } : {})).status, path).toBe(401);
  });

  it('refuses bad input (400): unknown row kind, empty or long body, bad task status', async () => {
    const me = caller(api, team.editor, 'en-US');
    expect((await me.get(`/api/fmea/comments?projectId=${project.id}&rowKind=chain&rowId=x`)).status).toBe(400);
    expect((await me.post('/api/fmea/addComment', onCause('  '))).status).toBe(400);
    expect((await me.post('/api/fmea/addComment', onCause('x'.repeat(201)))).status).toBe(400);
    expect((await me.get('/api/task/myTasks?taskStatus=9')).status).toBe(400);
    expect((await me.post('/api/communication/markRead', {})).status).toBe(400);
  });

  it('refuses a non-member (403), a member without the route (403), and deleting someone else’s comment (403)', async () => {
    const outsider = caller(api, team.outsider, 'en-US');
    expect((await outsider.get(`/api/fmea/comments?projectId=${project.id}&rowKind=failure&rowId=${chain.cause.id}`)).status).toBe(403);
    expect((await outsider.post('/api/fmea/addComment', onCause('hello'))).status).toBe(403);
    expect((await outsider.get(`/api/fmea/rowHistory?projectId=${project.id}&rowKind=failure&rowId=${chain.cause.id}`)).status).toBe(403);
    const noRoute: Person = await engineer(api, 'noroute', []);
    expect((await caller(api, noRoute).get(`/api/fmea/commentCounts?projectId=${project.id}`)).status).toBe(403);
    const comment = await caller(api, team.editor).ok('POST', '/api/fmea/addComment', onCause('mine'));
    const refused = await caller(api, team.reader, 'en-US').post('/api/fmea/deleteComment', { id: comment.id });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toBe('Only the author or an administrator may delete a comment');
  });
});

describe('a comment with a mention', () => {
  it('pushes a comment message to the mentioned reader, counts it unread in getProjectsOfUser until read, and lists the thread', async () => {
    const socket = watchSocket(api, team.reader.token, team.reader.user.id);
    const comment = await caller(api, team.editor).ok('POST', '/api/fmea/addComment', onCause(`@${team.reader.user.userName} is O6 right?`));
    expect(comment).toMatchObject({ rowKind: 'failure', rowId: chain.cause.id, nodeId: chain.gear.id, mentions: [{ userId: team.reader.user.id }], canDelete: true });
    const pushed = socket.messages.filter((m) => m.event === 'receiveMessage').map((m) => m.data as Record<string, unknown>);
    expect(pushed.filter((d) => d.type === 'message')).toEqual([expect.objectContaining({ type: 'message', code: 'comment', route: expect.stringContaining(`thread=${encodeURIComponent(`failure:${chain.cause.id}`)}`) })]);
    // the members' open views are told the project's comments changed (their markers read again)
    expect(pushed.filter((d) => d.type === 'fmeaComment')).toEqual([{ type: 'fmeaComment', projectId: project.id }]);

    const reader = caller(api, team.reader, 'en-US');
    const discussions = await reader.ok('GET', '/api/communication/getProjectsOfUser');
    expect(discussions).toMatchObject({ flag: true, total: 1, items: [{ projectId: project.id, serialNum: project.serialNum, unread: 1, lastComment: { body: `@${team.reader.user.userName} is O6 right?` } }] });
    const thread = await reader.ok('GET', `/api/fmea/comments?projectId=${project.id}&rowKind=failure&rowId=${chain.cause.id}`);
    expect(thread.rowText).toBe('Teeth worn');
    expect(thread.items.map((c: { body: string; canDelete: boolean }) => [c.body, c.canDelete])).toEqual([[`@${team.reader.user.userName} is O6 right?`, false]]);
    expect(await reader.ok('GET', `/api/fmea/commentCounts?projectId=${project.id}`)).toEqual([{ rowKind: 'failure', rowId: chain.cause.id, count: 1 }]);
    await reader.ok('POST', '/api/communication/markRead', { projectId: project.id });
    expect(await reader.ok('GET', '/api/communication/getProjectsOfUser')).toMatchObject({ flag: false, items: [{ unread: 0 }] });
    const business = await reader.ok('GET', '/api/message/businessMessageList');
    expect(business.items.map((m: { code: string }) => m.code)).toEqual(['comment']);
  });

  it('refuses a mention of someone who cannot read the project, naming them', async () => {
    const res = await caller(api, team.editor, 'en-US').post('/api/fmea/addComment', onCause(`@${team.outsider.user.userName} see this`));
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toContain('cannot read this project');
  });
});

describe('row history and my tasks', () => {
  it('shows an edited rating as old → new with who did it', async () => {
    await caller(api, team.editor).ok('POST', '/api/fmea/updateFailure', { id: chain.cause.id, version: chain.cause.version, occurrence: 4 });
    const history = await caller(api, team.reader, 'en-US').ok('GET', `/api/fmea/rowHistory?projectId=${project.id}&rowKind=failure&rowId=${chain.cause.id}`);
    expect(history.at(-1)).toMatchObject({ userId: team.editor.user.id, changes: [{ field: 'occurrence', before: '6', after: '4' }], reason: null });
  });

  it('lists the action given to the reader with its task message pushed, and not to others', async () => {
    const socket = watchSocket(api, team.reader.token, team.reader.user.id);
    await caller(api, team.editor).ok('POST', '/api/fmea/addAction', { causeId: chain.cause.id, kind: 'prevention', description: 'Harden the gear', responsibleUserId: team.reader.user.id, targetDate: '2026-12-01' });
    expect(socket.messages.filter((m) => m.event === 'receiveMessage' && (m.data as { type: string }).type === 'message').map((m) => (m.data as { code: string }).code)).toEqual(['task']);
    const tasks = await caller(api, team.reader).ok('GET', '/api/task/myTasks?taskStatus=0,1');
    expect(tasks).toMatchObject({ total: 1, items: [{ taskSource: 'action', taskType: '6', taskDesc: 'Harden the gear', fmeaNum: project.serialNum, nodeName: 'Gear', taskEndDate: '2026-12-01', taskStatus: '0' }] });
    expect((await caller(api, team.owner).ok('GET', '/api/task/myTasks')).total).toBe(0);
  });
});
