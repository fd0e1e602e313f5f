import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, openTestDatabase, TEST_PASSWORD, type TestDatabase } from '../../testing/index.ts';
import { createSession } from '../auth/session.ts';
import { listOperations } from '../oplog/oplog.ts';
import { createUser } from '../users/users.ts';
import { onlineCountsBySite, siteConcurrency } from './concurrency.ts';
import { addSiteUsers, listSiteUsers, removeSiteUsers, siteMembers } from './site-users.ts';
import { createSite } from './sites.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

describe('site users', () => {
  it('lists home users and linked users of a site by offset, with a search', async () => {
    const wuhan = await createSite(t.ctx, { name: 'Wuhan' });
    for (const name of ['wa', 'wb', 'wc']) await createUser(t.ctx, { userName: name, realName: `R-${name}`, password: TEST_PASSWORD, site: 'Wuhan' });
    const guest = await buildUser(t.ctx, { label: 'guest' });
    await addSiteUsers(t.ctx, wuhan.id, [guest.id]);
    const page = await listSiteUsers(t.ctx, wuhan.id, { offset: 1, limit: 2 });
    expect(page).toMatchObject({ total: 4, offset: 1, limit: 2 });
    expect(page.items.map((u) => u.userName)).toEqual(['wa', 'wb']);
    expect((await listSiteUsers(t.ctx, wuhan.id, { search: 'R-wc' })).items.map((u) => u.userName)).toEqual(['wc']);
    const members = await siteMembers(t.ctx, 'Wuhan');
    expect(members.find((m) => m.userName === guest.userName)).toMatchObject({ homeSite: false });
    expect(members.find((m) => m.userName === 'wa')).toMatchObject({ homeSite: true });
  });

  it('adds users once, removes linked users, and keeps a user in the home site', async () => {
    const wuhan = await createSite(t.ctx, { name: 'Wuhan' });
    const home = await buildUser(t.ctx, { label: 'home', site: 'Wuhan' });
    const guest = await buildUser(t.ctx, { label: 'guest' });
    expect(await addSiteUsers(t.ctx, wuhan.id, [guest.id, guest.id])).toEqual({ siteId: wuhan.id, userIds: [guest.id] });
    expect(await addSiteUsers(t.ctx, wuhan.id, [guest.id])).toEqual({ siteId: wuhan.id, userIds: [] });
    await expect(removeSiteUsers(t.ctx, wuhan.id, [home.id])).rejects.toMatchObject({ messageKey: 'siteUser.home_site', params: { userName: home.userName } });
    expect(await removeSiteUsers(t.ctx, wuhan.id, [guest.id])).toEqual({ siteId: wuhan.id, userIds: [guest.id] });
    expect((await siteMembers(t.ctx, wuhan.id)).map((m) => m.userName)).toEqual([home.userName]);
    const log = await listOperations(t.ctx, { entity: 'site', action: 'site.users_' });
    expect(log.items.map((e) => e.action)).toEqual(['site.users_remove', 'site.users_add', 'site.users_add']);
  });

  it('refuses unknown users and sites', async () => {
    await expect(addSiteUsers(t.ctx, 'nowhere', [])).rejects.toMatchObject({ messageKey: 'site.not_found' });
    await expect(addSiteUsers(t.ctx, '总部', ['nobody'])).rejects.toMatchObject({ messageKey: 'user.not_found' });
  });
});

describe('site concurrency', () => {
  it('counts online users against the licences', async () => {
    const now = new Date();
    const small = await createSite(t.ctx, { name: 'Small', licenceCount: 2 });
    const a = await buildUser(t.ctx, { site: 'Small' });
    await createSession(t.db, { userId: a.id, siteId: small.id }, now);
    expect(await siteConcurrency(t.ctx, small.id, 30)).toEqual({ siteId: small.id, licenceCount: 2, online: 1, surplus: 1, isExceedConcurrency: false });
    const b = await buildUser(t.ctx, { site: 'Small' });
    await createSession(t.db, { userId: b.id, siteId: small.id }, now);
    expect(await siteConcurrency(t.ctx, small.id, 30)).toMatchObject({ online: 2, surplus: 0, isExceedConcurrency: true });
    expect((await onlineCountsBySite(t.db, now, 30)).get(small.id)).toBe(2);
  });

  it('never exceeds on an unlimited site', async () => {
    expect(await siteConcurrency(t.ctx, '总部', 30)).toMatchObject({ licenceCount: 0, surplus: null, isExceedConcurrency: false });
  });
});
