import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { createContext, schema, USER_SHEET_COLUMNS, writeSheet } from '@fmea/core';
import { buildRole, buildUser, freshDatabaseUrl, TEST_PASSWORD } from '@fmea/core/testing';
import { startServer } from '../server.ts';
import { SOCKET_PATH } from './socket.ts';
import { progressReporter, sendProgress } from './progress.ts';

/**
 * The realtime events of spec 000 §7 against the real server: HTTP and the
 * WebSocket share one port; clients sign their socket in with their token.
 */
// a real server and real sockets: generous limits, the machine may be busy
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
// how long a wait that should succeed may take before the test says what it got (under the 30 s test timeout)
const WAIT_MS = 25_000;

let server: Awaited<ReturnType<typeof startServer>>;
let dir: string;
let base: string;
const open: Client[] = [];
/** The user names of seven fresh engineers (real name = user name). */
const engineers: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fmea-socket-'));
  server = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: await freshDatabaseUrl(dir, 'test.db'), adminPassword: TEST_PASSWORD, filesDir: join(dir, 'files') });
  base = `127.0.0.1:${server.port}`;
  const ctx = createContext(server.database.db);
  const role = await buildRole(ctx, { label: 'engineer', grants: [{ routeName: 'dfmea_index', buttons: ['add'] }] });
  // one engineer per test that signs one in, so no test meets another's sessions
  for (let i = 0; i < 7; i++) engineers.push((await buildUser(ctx, { label: 'eng', roles: [role.id], mustChangePassword: false })).userName);
});

afterAll(async () => {
  for (const client of open) client.ws.terminate();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function http(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`http://${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', lang: 'en-US', ...(options.token ? { token: options.token } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json()) as { meta: { success: boolean; message: string }; data: any } };
}

async function signIn(username: string, extra: Record<string, unknown> = {}) {
  const res = await http('POST', '/api/login', { body: { username, password: TEST_PASSWORD, ...extra } });
  if (res.body.data?.flag !== 1) throw new Error(`sign-in of ${username}: ${JSON.stringify(res.body)}`);
  return { token: res.body.data.token as string, userId: res.body.data.userId as string };
}

interface Message {
  event: string;
  data: any;
}

interface Client {
  ws: WebSocket;
  messages: Message[];
  /** The first message of that event (optionally matching), waiting up to WAIT_MS. */
  next(event: string, match?: (data: any) => boolean): Promise<Message>;
  closed: Promise<{ code: number; reason: string }>;
  login(token: string): void;
}

async function connect(headers: Record<string, string> = {}): Promise<Client> {
  const ws = new WebSocket(`ws://${base}${SOCKET_PATH}`, { headers });
  const messages: Message[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)));
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const client: Client = {
    ws,
    messages,
    closed,
    login: (token) => ws.send(JSON.stringify({ event: 'login', data: { token } })),
    next(event, match = () => true) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} within ${WAIT_MS} ms; got ${JSON.stringify(messages.map((m) => m.event))}`)), WAIT_MS);
        const look = () => {
          const found = messages.find((m) => m.event === event && match(m.data));
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else waiters.push(look);
        };
        look();
      });
    },
  };
  open.push(client);
  return client;
}

/** Waits until the hub holds a socket of this user (the login message is handled asynchronously). */
async function bound(userId: string) {
  for (let i = 0; i < WAIT_MS / 20; i++) {
    if (server.services.realtime.all().some((b) => b.userId === userId)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`socket of ${userId} never bound`);
}

/**
 * Sends `userId`'s sockets a marker and waits for it: a socket delivers in
 * order, so whatever the server sent that socket before has arrived by then
 * (how a test shows something was not sent, without waiting a while).
 */
async function barrier(client: Client, userId: string): Promise<void> {
  const id = Math.random().toString(36).slice(2);
  server.services.realtime.toUser(userId, 'receiveMessage', { type: 'barrier', id });
  await client.next('receiveMessage', (data) => data.id === id);
}
const withoutBarriers = (messages: Message[]) => messages.filter((m) => m.data?.type !== 'barrier');

describe('the realtime socket', () => {
  it('reports the port it really bound when asked for port 0', () => {
    expect(server.port).toBeGreaterThan(0);
  });

  it('answers a bad token with loginFail and closes the socket', async () => {
    const client = await connect();
    client.login('not-a-token');
    expect(await client.next('loginFail')).toEqual({ event: 'loginFail', data: {} });
    expect((await client.closed).code).toBe(4000);
  });

  it('ignores anything but a login message, and keeps a signed-in socket open', async () => {
    const { token, userId } = await signIn(engineers[0]!);
    const client = await connect();
    client.ws.send('not json');
    client.ws.send(JSON.stringify({ event: 'hello', data: {} }));
    client.login(token);
    await bound(userId);
    await barrier(client, userId);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    // a plain engineer does not watch the online list
    expect(withoutBarriers(client.messages)).toEqual([]);
  });

  it('tells the first tab forceLogin when the same user signs in elsewhere with forceLogin, and ends its token', async () => {
    const first = await signIn(engineers[1]!);
    const tab = await connect();
    tab.login(first.token);
    await bound(first.userId);
    const again = await http('POST', '/api/login', { body: { username: engineers[1]!, password: TEST_PASSWORD } });
    expect(again.body.data).toEqual({ flag: 3, reason: 'forceLogin' });
    const second = await signIn(engineers[1]!, { forceLogin: true });
    expect(await tab.next('forceLogin')).toEqual({ event: 'forceLogin', data: { reason: 'loginOtherPlace' } });
    expect(await tab.closed).toEqual({ code: 4001, reason: 'forceLogin' });
    expect((await http('GET', '/api/user/info', { token: first.token })).status).toBe(401);
    expect((await http('GET', '/api/user/info', { token: second.token })).status).toBe(200);
  });

  it('tells a kicked-out user removeLogin', async () => {
    const admin = await signIn('admin', { forceLogin: true });
    const eng = await signIn(engineers[2]!);
    const tab = await connect();
    tab.login(eng.token);
    await bound(eng.userId);
    const kicked = await http('POST', '/api/removeLoginUser', { token: admin.token, body: { userId: eng.userId } });
    expect(kicked.body.data).toEqual({ flag: 1, ended: 1 });
    expect(await tab.next('removeLogin')).toEqual({ event: 'removeLogin', data: { reason: 'kickedOut' } });
    expect((await tab.closed).code).toBe(4001);
    expect((await http('GET', '/api/user/info', { token: eng.token })).status).toBe(401);
  });

  it("sends an admin's socket amountChange with the online list when someone signs in", async () => {
    const admin = await signIn('admin', { forceLogin: true });
    const watcher = await connect();
    watcher.login(admin.token);
    const own = await watcher.next('amountChange');
    expect(own.data.user).toMatchObject({ userName: 'admin' });
    const eng = await signIn(engineers[3]!);
    const arrival = await watcher.next('amountChange', (data) => data.user?.userName === engineers[3]);
    expect(arrival.data.onlineUsers.map((u: { userName: string }) => u.userName)).toEqual(expect.arrayContaining(['admin', engineers[3]]));
    expect(arrival.data.count).toBe(arrival.data.onlineUsers.length);
    expect(arrival.data.user).toMatchObject({ userId: eng.userId, realName: engineers[3] });
    expect(JSON.stringify(arrival.data)).not.toMatch(/passwordHash|argon2/);
  });

  it('binds a socket by the session cookie only when it opens from our own origin', async () => {
    const eng = await signIn(engineers[5]!, { forceLogin: true });
    const cookie = `fmea_session=${eng.token}`;
    // another site's page may open a socket, and the browser would send our cookie with it
    const foreign = await connect({ cookie, origin: 'http://evil.example' });
    const own = await connect({ cookie, origin: `http://${base}` });
    await bound(eng.userId);
    expect(server.services.realtime.all().filter((b) => b.userId === eng.userId)).toHaveLength(1);
    // the foreign socket can still sign in the way the token-holding client does, and a bad token fails there
    foreign.login('not-a-token');
    expect(await foreign.next('loginFail')).toEqual({ event: 'loginFail', data: {} });
    own.ws.close();
  });

  // the workbench marks live updates on when its socket opens (html[data-realtime]); browser tests act on that mark
  it('has a socket bound by its cookie by the time the browser sees it open, so a change sent at once reaches it', async () => {
    const eng = await signIn(engineers[6]!, { forceLogin: true });
    // a session not seen for a while and not cached: checking it writes (lastSeenAt), which takes real time
    await server.database.db.update(schema.session).set({ lastSeenAt: new Date(Date.now() - 60_000) }).where(eq(schema.session.userId, eng.userId));
    server.services.auth.clear();
    const ws = new WebSocket(`ws://${base}${SOCKET_PATH}`, { headers: { cookie: `fmea_session=${eng.token}`, origin: `http://${base}` } });
    open.push({ ws } as Client);
    const reached = await new Promise<number>((resolve, reject) => {
      ws.once('open', () => resolve(server.services.realtime.toUser(eng.userId, 'receiveMessage', { type: 'probe' })));
      ws.once('error', reject);
    });
    expect(reached).toBe(1);
    ws.close();
  });

  it('delivers a published notice to every signed-in socket as receiveMessage', async () => {
    const admin = await signIn('admin', { forceLogin: true });
    const eng = await signIn(engineers[4]!, { forceLogin: true });
    const tab = await connect();
    tab.login(eng.token);
    await bound(eng.userId);
    const draft = await http('POST', '/api/notice/saveOrUpdate', { token: admin.token, body: { title: 'Plant shutdown on Friday', content: 'No uploads after 18:00' } });
    expect(draft.status).toBe(200);
    expect(tab.messages.filter((m) => m.event === 'receiveMessage')).toEqual([]);
    const published = await http('POST', '/api/notice/updateStatus', { token: admin.token, body: { id: draft.body.data.id, status: '1' } });
    expect(published.status).toBe(200);
    const message = await tab.next('receiveMessage');
    expect(message.data).toMatchObject({ type: 'notice', id: draft.body.data.id, title: 'Plant shutdown on Friday' });
  });

  it('sends receiveProgressInfo { val, text } to that user only', async () => {
    const eng = await signIn(engineers[4]!, { forceLogin: true });
    const admin = await signIn('admin', { forceLogin: true });
    const engTab = await connect();
    engTab.login(eng.token);
    const adminTab = await connect();
    adminTab.login(admin.token);
    await bound(eng.userId);
    await bound(admin.userId);
    expect(sendProgress(server.services, eng.userId, 42.4, 'Importing users')).toBe(1);
    expect((await engTab.next('receiveProgressInfo')).data).toEqual({ val: 42, text: 'Importing users' });
    sendProgress(server.services, eng.userId, 250);
    expect((await engTab.next('receiveProgressInfo', (d) => d.val === 100)).data).toEqual({ val: 100, text: '' });
    await barrier(adminTab, admin.userId);
    expect(adminTab.messages.filter((m) => m.event === 'receiveProgressInfo')).toEqual([]);
  });
});

describe('the user import', () => {
  it("reports its progress to the importing admin's socket, ending at 100", async () => {
    const admin = await signIn('admin', { forceLogin: true });
    const tab = await connect();
    tab.login(admin.token);
    await bound(admin.userId);
    const rows = Array.from({ length: 4 }, (_, i) => ({ userName: `imported${i}`, realName: `Imported ${i}` }));
    const body = new FormData();
    body.append('excelFile', new File([Buffer.from(await writeSheet('users', USER_SHEET_COLUMNS, rows))], 'users.xlsx'));
    const res = await fetch(`http://${base}/api/user/userImport`, { method: 'POST', headers: { token: admin.token, lang: 'en-US' }, body });
    expect(res.status).toBe(200);
    const done = await tab.next('receiveProgressInfo', (d) => d.val === 100);
    expect(done.data).toEqual({ val: 100, text: 'Importing users.xlsx' });
    const values = tab.messages.filter((m) => m.event === 'receiveProgressInfo').map((m) => m.data.val);
    expect(values).toEqual([25, 50, 75, 100]);
  });

  it('still ends the progress bar when the file is refused', async () => {
    const admin = await signIn('admin', { forceLogin: true });
    const tab = await connect();
    tab.login(admin.token);
    await bound(admin.userId);
    const body = new FormData();
    body.append('excelFile', new File([Buffer.from(await writeSheet('users', USER_SHEET_COLUMNS, [{ userName: 'bad name with spaces' }]))], 'bad.xlsx'));
    const res = await fetch(`http://${base}/api/user/userImport`, { method: 'POST', headers: { token: admin.token, lang: 'zh-CN' }, body });
    expect(res.status).toBe(400);
    expect((await tab.next('receiveProgressInfo')).data).toEqual({ val: 100, text: '正在导入 bad.xlsx' });
  });
});

describe('progressReporter', () => {
  it('sends whole percents, once per change', () => {
    const sent: unknown[] = [];
    const hub = { toUser: (_user: string, event: string, data: unknown) => (sent.push([event, data]), 1) };
    const report = progressReporter({ realtime: hub as never }, 'u1', 'Import');
    for (let done = 0; done <= 400; done++) report(done, 400);
    expect(sent).toHaveLength(101);
    expect(sent[0]).toEqual(['receiveProgressInfo', { val: 0, text: 'Import' }]);
    expect(sent.at(-1)).toEqual(['receiveProgressInfo', { val: 100, text: 'Import' }]);
    const empty: unknown[] = [];
    progressReporter({ realtime: { toUser: (_u: string, _e: string, d: unknown) => (empty.push(d), 1) } as never }, 'u1')(0, 0);
    expect(empty).toEqual([{ val: 100, text: '' }]);
  });
});
