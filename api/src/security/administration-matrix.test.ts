import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { findRole, findSite, hashPassword, schema, type RouteGrant } from '@fmea/core';
import { buildDepartment, buildRole, buildSite, insertUser as insertTestUser } from '@fmea/core/testing';
import { openTestApp, TEST_PASSWORD, type TestApp } from '../testing.ts';

/**
 * The administration permission matrix (docs/domain/administration.md):
 * actor role type × target rank × same/other site × every user, role, site
 * and department route. Every actor holds every button of the three pages,
 * so only the rank and site rules decide. A cell that answers anything but
 * what the matrix says fails, and a refused cell must change nothing.
 */

type Actor = 'admin' | 'super' | 'site' | 'clerk';
const ACTORS: Actor[] = ['admin', 'super', 'site', 'clerk'];
type Kind = 'default' | 'admin' | 'super' | 'site' | 'other';
const KINDS: Kind[] = ['default', 'admin', 'super', 'site', 'other'];
type Where = 'same' | 'other';

/** The oracle, written out per actor: may this actor change a user of this kind in this site? */
function mayManageUser(actor: Actor, kind: Kind, where: Where): boolean {
  switch (actor) {
    case 'admin':
    case 'super':
      return true;
    case 'site':
      return kind === 'other' && where === 'same';
    case 'clerk':
      return false;
  }
}
/** May the actor see the user (list, record, export, sites)? Super: all; everyone else: their own site's users. */
const maySeeUser = (actor: Actor, where: Where) => actor === 'admin' || actor === 'super' || where === 'same';
const isSuper = (actor: Actor) => actor === 'admin' || actor === 'super';

const ALL_BUTTONS: RouteGrant[] = [
  { routeName: 'system_user', buttons: ['add', 'edit', 'del', 'import', 'export', 'resetPwd', 'lock'] },
  { routeName: 'system_role', buttons: ['add', 'edit', 'del', 'grant'] },
  { routeName: 'system_site', buttons: ['add', 'edit', 'del'] },
  { routeName: 'dfmea_index', buttons: ['add', 'edit'] },
];

let api: TestApp;
let hash: string;
let siteA: string; // the actors' site (the default site, where the default admin lives)
let siteB: string;
let siteBName: string;
const tokens = {} as Record<Actor, string>;
const actorIds = {} as Record<Actor, string>;
const actorNames = {} as Record<Actor, string>;
const kindRoles = {} as Record<Exclude<Kind, 'default'>, string>;
let serial = 0;

/** A fresh user row written directly (a precomputed hash keeps hundreds of targets fast). */
const insertUser = (homeSiteId: string, roleIds: string[], extraSites: string[] = []) =>
  insertTestUser(api.t.db, { label: 't', passwordHash: hash, siteId: homeSiteId, siteIds: extraSites, roleIds });

async function target(kind: Kind, where: Where): Promise<{ id: string; userName: string }> {
  if (kind === 'default') {
    // the default admin lives in site A, the actors' site
    const admin = await api.t.db.select().from(schema.user).where(eq(schema.user.userName, 'admin')).get();
    return { id: admin!.id, userName: 'admin' };
  }
  return insertUser(where === 'same' ? siteA : siteB, [kindRoles[kind]]);
}

/** Everything an administrator could change about a user, to prove a refusal changed nothing. */
async function fingerprint(userId: string) {
  const row = await api.t.db.select().from(schema.user).where(eq(schema.user.id, userId)).get();
  const roles = await api.t.db.select().from(schema.userRole).where(eq(schema.userRole.userId, userId));
  const sites = await api.t.db.select().from(schema.userSite).where(eq(schema.userSite.userId, userId));
  return JSON.stringify({ row, roles: roles.map((r) => r.roleId).sort(), sites: sites.map((s) => s.siteId).sort() });
}

const post = (actor: Actor, path: string, body: unknown) => api.call('POST', path, { token: tokens[actor], body });
const get = (actor: Actor, path: string) => api.call('GET', path, { token: tokens[actor] });

beforeAll(async () => {
  api = await openTestApp();
  hash = await hashPassword(TEST_PASSWORD);
  siteA = (await findSite(api.t.db, '总部')).id;
  ({ id: siteB, name: siteBName } = await buildSite(api.t.ctx));
  const adminRole = await findRole(api.t.db, 'admin');
  const roleOf = async (label: string, roleType: '0' | '1' | '2') => (await buildRole(api.t.ctx, { label, roleType, grants: ALL_BUTTONS })).id;
  kindRoles.admin = adminRole.id;
  kindRoles.super = await roleOf('super-kind', '0');
  kindRoles.site = await roleOf('site-kind', '1');
  kindRoles.other = await roleOf('engineer-kind', '2');
  const actorRoles: Record<Actor, string> = { admin: adminRole.id, super: kindRoles.super, site: kindRoles.site, clerk: kindRoles.other };
  for (const actor of ACTORS) {
    const { id, userName } = await insertUser(siteA, [actorRoles[actor]]);
    actorIds[actor] = id;
    actorNames[actor] = userName;
    tokens[actor] = await api.login(userName);
  }
});
afterAll(() => api.dispose());

describe('administration matrix: users', () => {
  const changes: { name: string; call: (actor: Actor, user: { id: string; userName: string }) => Promise<{ status: number }> }[] = [
    { name: 'edit the profile', call: (a, u) => post(a, '/api/user/saveUser', { id: u.id, userName: u.userName, realName: 'changed' }) },
    { name: 'strip the roles', call: (a, u) => post(a, '/api/user/saveUser', { id: u.id, userName: u.userName, roleIdList: [] }) },
    { name: 'reset the password', call: (a, u) => post(a, '/api/user/adminResetPwd', { id: u.id, password: 'Zq8#mV4!tW2$pK' }) },
    { name: 'lock', call: (a, u) => post(a, '/api/user/lock', { id: u.id }) },
    { name: 'unlock', call: (a, u) => post(a, '/api/user/unlock', { id: u.id }) },
    { name: 'delete', call: (a, u) => post(a, '/api/user/deleteUser', { id: u.id }) },
  ];

  for (const actor of ACTORS) {
    for (const kind of KINDS) {
      for (const where of ['same', 'other'] as Where[]) {
        if (kind === 'default' && where === 'other') continue;
        it(`${actor} × ${kind} user in the ${where} site: changes exactly when allowed, and a refusal changes nothing`, async () => {
          for (const change of changes) {
            const user = await target(kind, where);
            const before = await fingerprint(user.id);
            const res = await change.call(actor, user);
            // the default admin can never be locked or deleted, by anyone
            const protectedDefault = kind === 'default' && (change.name === 'lock' || change.name === 'delete' || change.name === 'strip the roles');
            const allowed = mayManageUser(actor, kind, where) && !protectedDefault;
            expect(res.status, `${change.name}: ${JSON.stringify(res)}`).toBe(allowed ? 200 : protectedDefault && isSuper(actor) ? 409 : 403);
            if (!allowed) expect(await fingerprint(user.id), change.name).toBe(before);
          }
        });
      }
    }
  }

  for (const actor of ACTORS) {
    it(`${actor}: sees the users of other sites only as a super administrator (record, list, export, sites)`, async () => {
      const mine = await insertUser(siteA, [kindRoles.other]);
      const theirs = await insertUser(siteB, [kindRoles.other]);
      expect((await post(actor, '/api/user/getUserInfo', { id: mine.id })).status).toBe(200);
      expect((await post(actor, '/api/user/getUserInfo', { id: theirs.id })).status).toBe(maySeeUser(actor, 'other') ? 200 : 403);
      expect((await get(actor, `/api/siteUser/getSiteUsersByUserId/${theirs.id}`)).status).toBe(maySeeUser(actor, 'other') ? 200 : 403);
      const listed = (await post(actor, '/api/user/sysUserList', { limit: 500 })).body.data.items.map((u: { id: string }) => u.id);
      expect(listed).toContain(mine.id);
      expect(listed.includes(theirs.id)).toBe(maySeeUser(actor, 'other'));
      expect((await post(actor, '/api/user/sysUserList', { siteId: siteB })).status).toBe(maySeeUser(actor, 'other') ? 200 : 403);
      const exported = await api.app.request('/api/user/exportUser', { headers: { token: tokens[actor] } });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await exported.arrayBuffer());
      const names = workbook.worksheets[0]!.getColumn(1).values.map(String);
      expect(names).toContain(mine.userName);
      expect(names.includes(theirs.userName)).toBe(maySeeUser(actor, 'other'));
    });

    it(`${actor}: creates users only where allowed, with roles below the own rank`, async () => {
      const create = (siteId: string, roleId: string) => post(actor, '/api/user/saveUser', { userName: `new${++serial}`, siteId, roleIdList: [roleId] });
      expect((await create(siteA, kindRoles.other)).status).toBe(actor === 'clerk' ? 403 : 200);
      expect((await create(siteB, kindRoles.other)).status).toBe(isSuper(actor) ? 200 : 403);
      expect((await create(siteA, kindRoles.site)).status).toBe(isSuper(actor) ? 200 : 403);
      expect((await create(siteA, kindRoles.admin)).status).toBe(actor === 'admin' ? 200 : 403);
    });

    it(`${actor}: moves users between sites only inside the own scope, and never oneself`, async () => {
      const mine = await insertUser(siteA, [kindRoles.other]);
      const before = await fingerprint(mine.id);
      const joined = await post(actor, '/api/user/saveUser', { id: mine.id, userName: mine.userName, siteIds: [siteA, siteB] });
      expect(joined.status).toBe(isSuper(actor) ? 200 : 403);
      if (!isSuper(actor)) expect(await fingerprint(mine.id)).toBe(before);
      expect((await post(actor, '/api/siteUser/saveSiteUsers', { siteId: siteB, userIds: [mine.id] })).status).toBe(isSuper(actor) ? 200 : 403);
      // joining the own site: only administrators of it
      const visitor = await insertUser(siteA, [kindRoles.other]);
      expect((await post(actor, '/api/siteUser/saveSiteUsers', { siteId: siteA, userIds: [visitor.id] })).status).toBe(actor === 'clerk' ? 403 : 200);
      const stranger = await insertUser(siteB, [kindRoles.other], [siteA]);
      expect((await post(actor, '/api/siteUser/deleteSiteUsers', { siteId: siteA, userIds: [stranger.id] })).status).toBe(actor === 'clerk' ? 403 : 200);
      const self = actorIds[actor];
      const selfName = actorNames[actor];
      const selfBefore = await fingerprint(self);
      expect((await post(actor, '/api/siteUser/saveSiteUsers', { siteId: siteB, userIds: [self] })).status).toBe(403);
      expect((await post(actor, '/api/user/saveUser', { id: self, userName: selfName, siteIds: [siteA, siteB] })).status).toBe(403);
      expect((await post(actor, '/api/user/saveUser', { id: self, userName: selfName, roleIdList: [] })).status).toBe(403);
      expect((await post(actor, '/api/user/adminResetPwd', { id: self })).status).toBe(403);
      expect((await post(actor, '/api/user/lock', { id: self })).status).toBe(403);
      expect(await fingerprint(self)).toBe(selfBefore);
    });
  }
});

describe('administration matrix: roles', () => {
  type RoleKind = 'builtin' | 'super' | 'site' | 'mine' | 'shared';
  const roleOracle = (actor: Actor, kind: RoleKind) =>
    kind === 'builtin' ? false : isSuper(actor) ? true : actor === 'site' ? kind === 'mine' : false;

  async function roleTarget(kind: RoleKind): Promise<string> {
    if (kind === 'builtin') return kindRoles.admin;
    const roleType = kind === 'super' ? '0' : kind === 'site' ? '1' : '2';
    const role = await buildRole(api.t.ctx, { label: kind, roleType });
    // "mine" is held in the actors' site only; "shared" also by a user of the other site
    await insertUser(siteA, [role.id]);
    if (kind === 'shared') await insertUser(siteB, [role.id]);
    return role.id;
  }
  const roleFingerprint = async (id: string) =>
    JSON.stringify([
      await api.t.db.select().from(schema.role).where(eq(schema.role.id, id)),
      await api.t.db.select().from(schema.rolePermission).where(eq(schema.rolePermission.roleId, id)),
    ]);

  for (const actor of ACTORS) {
    for (const kind of ['builtin', 'super', 'site', 'mine', 'shared'] as RoleKind[]) {
      it(`${actor} × ${kind} role: type, name, grants and deletion only when allowed`, async () => {
        const calls: [string, (role: { id: string; name: string }) => Promise<{ status: number; body: unknown }>][] = [
          ['change the type', (r) => post(actor, '/api/role/save', { id: r.id, name: r.name, roleType: kind === 'mine' ? '3' : '2' })],
          ['rename', (r) => post(actor, '/api/role/save', { id: r.id, name: `renamed${++serial}` })],
          ['replace the grants', (r) => post(actor, '/api/role/savePermissions', { id: r.id, permissions: [{ routeName: 'dfmea_index', buttons: ['add'] }] })],
          ['delete', (r) => post(actor, '/api/role/delete', { id: r.id, confirm: true })],
        ];
        for (const [name, call] of calls) {
          const id = await roleTarget(kind);
          const before = await roleFingerprint(id);
          const current = (await api.t.db.select().from(schema.role).where(eq(schema.role.id, id)).get())!;
          const res = await call(current);
          const allowed = roleOracle(actor, kind);
          const expected = allowed ? 200 : kind === 'builtin' && name === 'delete' ? 409 : 403;
          expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(expected);
          if (!allowed) expect(await roleFingerprint(id), name).toBe(before);
        }
      });
    }

    it(`${actor}: creates roles only below the own rank`, async () => {
      const create = (roleType: string) => post(actor, '/api/role/save', { name: `created${++serial}`, roleType });
      expect((await create('2')).status).toBe(actor === 'clerk' ? 403 : 200);
      expect((await create('1')).status).toBe(isSuper(actor) ? 200 : 403);
      // defining super roles stays with holders of the admin role (delegation rule)
      expect((await create('0')).status).toBe(actor === 'admin' ? 200 : 403);
    });
  }
});

describe('administration matrix: sites and departments', () => {
  for (const actor of ACTORS) {
    it(`${actor}: the site list and licences are super-administrator settings`, async () => {
      const before = JSON.stringify(await api.t.db.select().from(schema.site));
      const results = [
        await post(actor, '/api/site/saveSite', { siteName: `site${++serial}` }),
        await post(actor, '/api/site/saveSite', { id: siteB, siteName: siteBName, licenceCount: 1 }),
        await post(actor, '/api/site/saveSite', { id: siteA, siteName: '总部', licenceCount: 1 }),
      ];
      for (const res of results) expect(res.status).toBe(isSuper(actor) ? 200 : 403);
      if (isSuper(actor)) {
        await api.t.db.update(schema.site).set({ licenceCount: 0 });
        await api.t.db.delete(schema.site).where(eq(schema.site.name, `site${serial}`));
      } else expect(JSON.stringify(await api.t.db.select().from(schema.site))).toBe(before);
      const spare = await buildSite(api.t.ctx);
      expect((await post(actor, '/api/site/deleteSites', { ids: [spare.id] })).status).toBe(isSuper(actor) ? 200 : 403);
    });

    it(`${actor}: sees and manages the own site only (lists, members, online users, licences, departments)`, async () => {
      const listed = (await get(actor, '/api/site/selectSiteList')).body.data.map((s: { id: string }) => s.id);
      expect(listed).toContain(siteA);
      expect(listed.includes(siteB)).toBe(isSuper(actor));
      for (const [siteId, where] of [[siteA, 'same'], [siteB, 'other']] as const) {
        const readable = isSuper(actor) || where === 'same';
        for (const path of [
          `/api/siteUser/selectSiteUsers/0/10/${siteId}`,
          `/api/siteUser/getUserListBySiteId?siteId=${siteId}`,
          `/api/site/getUserListBySiteId?siteId=${siteId}`,
          `/api/site/getSurplusConcurrencyAmount?siteId=${siteId}`,
          `/api/department/list?siteId=${siteId}`,
        ]) {
          expect((await get(actor, path)).status, path).toBe(readable ? 200 : 403);
        }
        const manageable = isSuper(actor) || (actor === 'site' && where === 'same');
        const created = await post(actor, '/api/department/save', { siteId, number: `D${++serial}`, name: `dept${serial}` });
        expect(created.status).toBe(manageable ? 200 : 403);
        const dept = await buildDepartment(api.t.ctx, siteId);
        expect((await post(actor, '/api/department/save', { id: dept.id, number: dept.number, name: 'renamed' })).status).toBe(manageable ? 200 : 403);
        expect((await post(actor, '/api/department/delete', { id: dept.id })).status).toBe(manageable ? 200 : 403);
      }
      const allDepartments = (await get(actor, '/api/department/list')).body.data.map((d: { siteId: string }) => d.siteId);
      expect(allDepartments.includes(siteB)).toBe(isSuper(actor));
    });

    it(`${actor}: forces users off-line only below the own rank`, async () => {
      const other = await insertUser(siteA, [kindRoles.other]);
      const peer = await insertUser(siteA, [kindRoles.site]);
      await api.login(other.userName);
      await api.login(peer.userName);
      const kick = (id: string) => post(actor, '/api/removeLoginUser', { userId: id });
      expect((await kick(other.id)).status).toBe(actor === 'clerk' ? 403 : 200);
      expect((await kick(peer.id)).status).toBe(isSuper(actor) ? 200 : 403);
    });
  }
});

describe('pages are told what the rules allow', () => {
  it('marks each listed user with the actions the caller may take, each role with whether it may change it, and the caller’s rank', async () => {
    const engineer = await insertUser(siteA, [kindRoles.other]);
    const peer = await insertUser(siteA, [kindRoles.site]);
    const items = (await post('site', '/api/user/sysUserList', { limit: 500 })).body.data.items as { id: string; actions: string[] }[];
    expect(items.find((u) => u.id === engineer.id)!.actions).toEqual(['edit', 'resetPassword', 'lock', 'delete']);
    expect(items.find((u) => u.id === peer.id)!.actions).toEqual([]);
    expect(items.find((u) => u.id === actorIds.site)!.actions).toEqual(['edit']);
    const roles = (await get('site', '/api/role/list')).body.data as { id: string; manageable: boolean }[];
    expect(roles.find((r) => r.id === kindRoles.admin)!.manageable).toBe(false);
    expect(roles.find((r) => r.id === kindRoles.site)!.manageable).toBe(false);
    expect((await get('site', '/api/user/info')).body.data.adminRank).toBe('site');
    expect((await get('super', '/api/user/info')).body.data.adminRank).toBe('super');
    expect((await get('clerk', '/api/user/info')).body.data.adminRank).toBe('none');
  });
});
