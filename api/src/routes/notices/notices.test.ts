import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engineerToken, expectRefused, lastLogged, listen, openTestApp, signInWith, type TestApp } from '../../testing.ts';

let api: TestApp;
let admin: string;
let clock: Date;
beforeEach(async () => {
  clock = new Date('2026-06-01T08:00:00Z');
  api = await openTestApp({ now: () => clock });
  admin = await api.adminToken();
});
afterEach(() => api.dispose());

const save = (body: Record<string, unknown>, token = admin, lang?: string) => api.call('POST', '/api/notice/saveOrUpdate', { token, body, lang });
const publish = (id: string, status = '1', token = admin) => api.call('POST', '/api/notice/updateStatus', { token, body: { id, status } });
const unread = async (token: string) => (await api.call('GET', '/api/notice/getNoticeCount?timestamp=1', { token })).body.data.count as number;

describe('notice routes: who may call them', () => {
  it('refuses the administration calls without a session (401) and to a plain engineer (403)', async () => {
    const engineer = await engineerToken(api);
    for (const call of [
      { method: 'GET', path: '/api/notice/list' },
      { method: 'POST', path: '/api/notice/saveOrUpdate', body: { title: 'x' } },
      { method: 'POST', path: '/api/notice/delete', body: { id: 'x' } },
      { method: 'POST', path: '/api/notice/updateStatus', body: { id: 'x', status: '1' } },
    ] as const) {
      await expectRefused(api, call, engineer);
    }
  });

  it('lets every signed-in user read published notices, and nobody without a session', async () => {
    const engineer = await engineerToken(api);
    for (const call of [
      { method: 'GET', path: '/api/notice/selectList' },
      { method: 'POST', path: '/api/notice/getNotice', body: { id: 'x' } },
      { method: 'GET', path: '/api/notice/getNoticeCount' },
    ] as const) {
      await expectRefused(api, call);
    }
    expect((await api.call('GET', '/api/notice/selectList', { token: engineer })).status).toBe(200);
    expect((await api.call('GET', '/api/notice/getNoticeCount', { token: engineer })).body.data).toEqual({ count: 0 });
  });

  it('checks the button: add and edit may write but not publish', async () => {
    const editor = await signInWith(api, 'editor', [{ routeName: 'system_notice', buttons: ['add', 'edit'] }]);
    const created = await save({ title: '停机通知' }, editor);
    expect(created.status).toBe(200);
    expect((await save({ id: created.body.data.id, title: '停机通知（更新）' }, editor)).status).toBe(200);
    expect((await publish(created.body.data.id, '1', editor)).status).toBe(403);
    expect((await api.call('POST', '/api/notice/delete', { token: editor, body: { id: created.body.data.id } })).status).toBe(403);
  });
});

describe('POST /api/notice/saveOrUpdate', () => {
  it('creates a draft, converting publishTime from milliseconds, and logs it', async () => {
    const publishTime = Date.parse('2026-05-20T00:00:00Z');
    const res = await save({ title: '系统升级', content: '<p>周六停机</p>', publishTime, createTime: 1700000000000, status: '1' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: '系统升级', content: '<p>周六停机</p>', status: '0', number: 'N00001', publishTime: '2026-05-20T00:00:00.000Z' });
    // the server keeps its own creation time, whatever the client sends
    expect(res.body.data.createTime).not.toBe(new Date(1700000000000).toISOString());
    expect(await lastLogged(api, admin, 'notice.create')).toMatchObject({ entityId: res.body.data.id, after: { title: '系统升级', status: '0' } });
  });

  it('accepts ISO times, changes a notice and logs before and after', async () => {
    const created = (await save({ title: 'a' })).body.data;
    const res = await save({ id: created.id, title: 'b', publishTime: '2026-05-21T10:00:00+08:00', createTime: '2026-01-01' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, title: 'b', publishTime: '2026-05-21T02:00:00.000Z' });
    expect(await lastLogged(api, admin, 'notice.update')).toMatchObject({ entityId: created.id, before: { title: 'a' }, after: { title: 'b' } });
  });

  it('stores and returns SQL- and script-like text verbatim', async () => {
    const title = "x'); DELETE FROM notice; --";
    const content = '<img src=x onerror="alert(1)">';
    const id = (await save({ title, content })).body.data.id;
    const res = await api.call('POST', '/api/notice/getNotice', { token: admin, body: { id } });
    expect(res.body.data).toMatchObject({ title, content });
  });

  it('refuses a time that is not one, in both languages', async () => {
    const zh = await save({ title: 'a', publishTime: 'yesterday' });
    expect(zh.status).toBe(400);
    expect(zh.body.meta.message).toBe('publishTime 不是有效的时间：yesterday（请使用毫秒时间戳或 ISO 8601 格式）');
    const en = await save({ title: 'a', createTime: '2026-13-45' }, admin, 'en-US');
    expect(en.body.meta.message).toBe('createTime is not a valid time: 2026-13-45 (use milliseconds since the epoch or ISO 8601)');
    expect((await api.call('GET', '/api/notice/list', { token: admin })).body.data.total).toBe(0);
  });

  it('refuses a missing, blank or too long title', async () => {
    const missing = await save({ content: 'x' }, admin, 'en-US');
    expect(missing.status).toBe(400);
    expect(missing.body.meta.message).toBe('The request failed validation\nTitle is required');
    expect((await save({ title: '   ' })).body.meta.message).toBe('表单校验失败\n标题不能为空');
    expect((await save({ title: 't'.repeat(201) })).body.meta.message).toBe('请求参数校验失败\n标题最多 200 个字符');
  });

  it('answers 404 for an unknown notice', async () => {
    const res = await save({ id: 'missing', title: 'a' }, admin, 'en-US');
    expect(res.status).toBe(404);
    expect(res.body.meta.message).toBe('Notice not found: missing');
  });
});

describe('GET /api/notice/list', () => {
  it('pages every notice newest first and filters by status', async () => {
    for (const title of ['一', '二', '三']) {
      await save({ title });
      clock = new Date(clock.getTime() + 60_000);
    }
    const page = await api.call('GET', '/api/notice/list?page=1&limit=2&timestamp=1', { token: admin });
    expect(page.body.data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.body.data.items.map((n: { title: string }) => n.title)).toEqual(['三', '二']);
    const [first] = (await api.call('GET', '/api/notice/list?page=2&limit=2', { token: admin })).body.data.items;
    await publish(first.id);
    const published = await api.call('GET', '/api/notice/list?status=1', { token: admin });
    expect(published.body.data.items.map((n: { title: string }) => n.title)).toEqual(['一']);
  });

  it('refuses an unknown status and a limit over 500', async () => {
    const status = await api.call('GET', '/api/notice/list?status=9', { token: admin, lang: 'en-US' });
    expect(status.status).toBe(400);
    expect(status.body.meta.message).toBe('The request failed validation\nStatus must be one of: 0, 1, 2');
    expect((await api.call('GET', '/api/notice/list?limit=501', { token: admin })).status).toBe(400);
  });
});

describe('POST /api/notice/updateStatus and the readers’ calls', () => {
  it('publishing tells everyone (receiveMessage), counts as unread until opened, and opening marks it read', async () => {
    const engineer = await engineerToken(api);
    const received = listen(api);
    const { id } = (await save({ title: '年度审核安排' })).body.data;
    expect(await unread(engineer)).toBe(0);

    const res = await publish(id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: '1', publishTime: clock.toISOString() });
    expect(received).toEqual([{ event: 'receiveMessage', data: { type: 'notice', id, title: '年度审核安排' } }]);
    expect(await unread(engineer)).toBe(1);
    const list = await api.call('GET', '/api/notice/selectList?page=1&limit=10', { token: engineer });
    expect(list.body.data).toMatchObject({ total: 1, items: [{ id, title: '年度审核安排', read: false }] });

    const opened = await api.call('POST', '/api/notice/getNotice', { token: engineer, body: { id } });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ id, read: true });
    expect(await unread(engineer)).toBe(0);
    expect(await unread(admin)).toBe(1);
    expect((await api.call('GET', '/api/notice/selectList', { token: engineer })).body.data.items[0].read).toBe(true);
    expect(await lastLogged(api, admin, 'notice.status')).toMatchObject({ entityId: id, before: { status: '0' }, after: { status: '1' } });
  });

  it('does not announce a notice again when it is already published, and withdrawing hides it from readers', async () => {
    const engineer = await engineerToken(api);
    const { id } = (await save({ title: 'a' })).body.data;
    await publish(id);
    const received = listen(api);
    expect((await publish(id)).status).toBe(200);
    expect(received).toEqual([]);
    expect((await publish(id, '2')).body.data.status).toBe('2');
    expect(await unread(engineer)).toBe(0);
    expect((await api.call('GET', '/api/notice/selectList', { token: engineer })).body.data.total).toBe(0);
    const hidden = await api.call('POST', '/api/notice/getNotice', { token: engineer, body: { id } });
    expect(hidden.status).toBe(404);
    expect(hidden.body.meta.message).toBe(`公告不存在：${id}`);
  });

  it('lets a notice administrator open a draft without marking it read', async () => {
    const { id } = (await save({ title: '草稿' })).body.data;
    const res = await api.call('POST', '/api/notice/getNotice', { token: admin, body: { id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: '0', read: false });
  });

  it('refuses an unknown status (400) and an unknown notice (404)', async () => {
    const { id } = (await save({ title: 'a' })).body.data;
    const bad = await api.call('POST', '/api/notice/updateStatus', { token: admin, body: { id, status: '5' }, lang: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.meta.message).toBe('The request failed validation\nStatus must be one of: 0, 1, 2');
    expect((await publish('missing')).status).toBe(404);
    expect((await api.call('POST', '/api/notice/getNotice', { token: admin, body: { id: 'missing' } })).status).toBe(404);
    expect((await api.call('POST', '/api/notice/getNotice', { token: admin, body: {} })).status).toBe(400);
  });
});

describe('POST /api/notice/delete', () => {
  it('deletes a notice and logs it; a second delete is 404', async () => {
    const engineer = await engineerToken(api);
    const { id } = (await save({ title: 'a' })).body.data;
    await publish(id);
    expect(await unread(engineer)).toBe(1);
    expect((await api.call('POST', '/api/notice/delete', { token: admin, body: { id } })).status).toBe(200);
    expect(await unread(engineer)).toBe(0);
    expect(await lastLogged(api, admin, 'notice.delete')).toMatchObject({ entityId: id, before: { title: 'a' } });
    const again = await api.call('POST', '/api/notice/delete', { token: admin, body: { id }, lang: 'en-US' });
    expect(again.status).toBe(404);
    expect(again.body.meta.message).toBe(`Notice not found: ${id}`);
  });
});
