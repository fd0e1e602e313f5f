import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { listPublishedNotices, readNotice } from './inbox.ts';
import { saveNotice, setNoticeStatus, unreadNoticeCount } from './notices.ts';

let t: TestDatabase;
let clock: Date;
beforeEach(async () => {
  clock = new Date('2026-03-01T08:00:00Z');
  t = await openTestDatabase({ now: () => clock });
});
afterEach(() => t.dispose());

const reader = () => buildUser(t.ctx, { label: 'reader' });

describe('notices', () => {
  it('keeps a chosen publication time when publishing, and stamps the clock otherwise', async () => {
    const chosen = new Date('2026-02-14T00:00:00Z');
    const planned = await saveNotice(t.ctx, { title: '计划公告', publishTime: chosen });
    expect(planned.status).toBe('0');
    expect((await setNoticeStatus(t.ctx, planned.id, '1')).publishTime).toEqual(chosen);
    const plain = await saveNotice(t.ctx, { title: '普通公告' });
    expect(plain.publishTime).toBeNull();
    expect((await setNoticeStatus(t.ctx, plain.id, '1')).publishTime).toEqual(clock);
  });

  it('keeps the publication time on an edit that does not mention it, and clears it on null', async () => {
    const chosen = new Date('2026-02-14T00:00:00Z');
    const n = await saveNotice(t.ctx, { title: 'a', publishTime: chosen });
    expect((await saveNotice(t.ctx, { id: n.id, title: 'b' })).publishTime).toEqual(chosen);
    expect((await saveNotice(t.ctx, { id: n.id, title: 'b', publishTime: null })).publishTime).toBeNull();
  });
});

describe('notice inbox', () => {
  it('lists only published notices with the reader’s read state, and reading marks them', async () => {
    const user = await reader();
    const draft = await saveNotice(t.ctx, { title: '草稿' });
    const first = await saveNotice(t.ctx, { title: '第一条' });
    await setNoticeStatus(t.ctx, first.id, '1');
    clock = new Date('2026-03-02T08:00:00Z');
    const second = await saveNotice(t.ctx, { title: '第二条' });
    await setNoticeStatus(t.ctx, second.id, '1');

    const before = await listPublishedNotices(t.ctx, user.id);
    expect(before.total).toBe(2);
    expect(before.items.map((n) => [n.title, n.read])).toEqual([['第二条', false], ['第一条', false]]);
    expect(await unreadNoticeCount(t.db, user.id)).toBe(2);

    expect((await readNotice(t.ctx, first.id, user.id)).read).toBe(true);
    expect((await listPublishedNotices(t.ctx, user.id)).items.map((n) => n.read)).toEqual([false, true]);
    expect(await unreadNoticeCount(t.db, user.id)).toBe(1);

    await expect(readNotice(t.ctx, draft.id, user.id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await readNotice(t.ctx, draft.id, user.id, { anyStatus: true })).read).toBe(false);
  });

  it('pages the inbox', async () => {
    const user = await reader();
    for (let i = 1; i <= 3; i++) await setNoticeStatus(t.ctx, (await saveNotice(t.ctx, { title: `n${i}` })).id, '1');
    const page = await listPublishedNotices(t.ctx, user.id, { page: 2, limit: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.items).toHaveLength(1);
  });
});
