import { describe, expect, it } from 'vitest';
import {
  rankOfRoles,
  roleAssignmentRefusal,
  roleChangeRefusal,
  siteActionRefusal,
  siteMemberRemovalRefusal,
  siteMembershipRefusal,
  SYSTEM_ADMINISTRATOR,
  userActionRefusal,
  userCreateRefusal,
  type Administrator,
  type ManagedUser,
} from './administration.ts';

const superAdmin: Administrator = { userId: 'super', rank: 'super', siteIds: ['A'] };
const siteAdmin: Administrator = { userId: 'site', rank: 'site', siteIds: ['A'] };
const clerk: Administrator = { userId: 'clerk', rank: 'none', siteIds: ['A'] };

const user = (overrides: Partial<ManagedUser> = {}): ManagedUser => ({
  userId: 'target',
  rank: 'none',
  isDefault: false,
  homeSiteId: 'A',
  siteIds: ['A'],
  ...overrides,
});

describe('ranks', () => {
  it('ranks the admin role and type 0 as super, type 1 as site, others as none, taking the highest', () => {
    expect(rankOfRoles([{ name: 'admin', roleType: '2' }])).toBe('super');
    expect(rankOfRoles([{ name: 'x', roleType: '0' }])).toBe('super');
    expect(rankOfRoles([{ name: 'x', roleType: '1' }, { name: 'y', roleType: '3' }])).toBe('site');
    expect(rankOfRoles([{ name: 'x', roleType: '2' }])).toBe('none');
    expect(rankOfRoles([])).toBe('none');
  });
});

describe('acting on users', () => {
  it('lets a site administrator act on lower-ranked users of their own site only', () => {
    for (const action of ['edit', 'lock', 'delete', 'resetPassword'] as const) {
      expect(userActionRefusal(siteAdmin, user(), action)).toBeNull();
      expect(userActionRefusal(siteAdmin, user({ homeSiteId: 'B', siteIds: ['B'] }), action)).toBe('permission.user_other_site');
      expect(userActionRefusal(siteAdmin, user({ rank: 'site' }), action)).toBe('permission.user_rank');
      expect(userActionRefusal(siteAdmin, user({ rank: 'super' }), action)).toBe('permission.protected_user');
      expect(userActionRefusal(siteAdmin, user({ isDefault: true }), action)).toBe('permission.protected_user');
    }
  });

  it('does not let a site administrator act on a visitor whose home is another site', () => {
    expect(userActionRefusal(siteAdmin, user({ homeSiteId: 'B', siteIds: ['B', 'A'] }), 'edit')).toBe('permission.user_other_site');
    // but may read them, and take them out of the own site
    expect(userActionRefusal(siteAdmin, user({ homeSiteId: 'B', siteIds: ['B', 'A'] }), 'read')).toBeNull();
    expect(siteMemberRemovalRefusal(siteAdmin, user({ homeSiteId: 'B', siteIds: ['B', 'A'] }), 'A')).toBeNull();
    expect(siteMemberRemovalRefusal(siteAdmin, user({ homeSiteId: 'B', siteIds: ['B', 'A'] }), 'B')).toBe('permission.site_out_of_scope');
  });

  it('lets users without an administrator role read their own site and change nobody', () => {
    expect(userActionRefusal(clerk, user(), 'read')).toBeNull();
    expect(userActionRefusal(clerk, user({ homeSiteId: 'B', siteIds: ['B'] }), 'read')).toBe('permission.user_other_site');
    expect(userActionRefusal(clerk, user(), 'edit')).toBe('permission.user_rank');
    expect(userCreateRefusal(clerk, 'A', 'none')).toBe('permission.administrator_only');
  });

  it('lets super administrators act on anyone, other supers and the default admin included', () => {
    expect(userActionRefusal(superAdmin, user({ rank: 'super', isDefault: true, homeSiteId: 'Z', siteIds: ['Z'] }), 'resetPassword')).toBeNull();
    expect(userActionRefusal(SYSTEM_ADMINISTRATOR, user({ rank: 'super' }), 'lock')).toBeNull();
  });

  it('never lets anyone lock, delete or reset themselves, while editing the own profile stays allowed', () => {
    const self = user({ userId: 'site', rank: 'site' });
    expect(userActionRefusal(siteAdmin, self, 'edit')).toBeNull();
    expect(userActionRefusal(siteAdmin, self, 'lock')).toBe('permission.cannot_target_self');
    expect(userActionRefusal(siteAdmin, self, 'delete')).toBe('permission.cannot_target_self');
    expect(userActionRefusal(superAdmin, user({ userId: 'super', rank: 'super' }), 'resetPassword')).toBe('permission.reset_own_password');
  });

  it('creates users only in the own site and below the own rank', () => {
    expect(userCreateRefusal(siteAdmin, 'A', 'none')).toBeNull();
    expect(userCreateRefusal(siteAdmin, 'B', 'none')).toBe('permission.site_out_of_scope');
    expect(userCreateRefusal(siteAdmin, 'A', 'site')).toBe('permission.role_rank');
    expect(userCreateRefusal(superAdmin, 'Z', 'super')).toBeNull();
  });
});

describe('roles and site memberships of users', () => {
  it('never lets anyone change their own roles or sites, not even super administrators', () => {
    expect(roleAssignmentRefusal(superAdmin, 'super', { added: [{ name: 'x', roleType: '2' }], removed: [] })).toBe('permission.own_roles');
    expect(siteMembershipRefusal(superAdmin, 'super', { added: ['B'], removed: [] })).toBe('permission.own_sites');
    expect(roleAssignmentRefusal(superAdmin, 'super', { added: [], removed: [] })).toBeNull();
  });

  it('lets a site administrator give and take only roles below their rank', () => {
    expect(roleAssignmentRefusal(siteAdmin, 'target', { added: [{ name: 'eng', roleType: '2' }], removed: [{ name: 'rev', roleType: '3' }] })).toBeNull();
    expect(roleAssignmentRefusal(siteAdmin, 'target', { added: [{ name: 'peer', roleType: '1' }], removed: [] })).toBe('permission.role_rank');
    expect(roleAssignmentRefusal(siteAdmin, 'target', { added: [], removed: [{ name: 'admin', roleType: '0' }] })).toBe('permission.role_rank');
  });

  it('lets a site administrator change memberships of their own site only', () => {
    expect(siteMembershipRefusal(siteAdmin, 'target', { added: ['A'], removed: [] })).toBeNull();
    expect(siteMembershipRefusal(siteAdmin, 'target', { added: ['B'], removed: [] })).toBe('permission.site_out_of_scope');
    expect(siteMembershipRefusal(siteAdmin, 'target', { added: [], removed: ['B'] })).toBe('permission.site_out_of_scope');
  });
});

describe('roles', () => {
  const role = { name: 'eng', roleType: '2', isBuiltIn: false, holderSiteIds: ['A'] };

  it('keeps the type, names and grants of built-in roles, for everyone', () => {
    const admin = { name: 'admin', roleType: '0', isBuiltIn: true, holderSiteIds: ['A'] };
    expect(roleChangeRefusal(SYSTEM_ADMINISTRATOR, admin, 'edit', { name: 'admin', roleType: '2' })).toBe('permission.builtin_role');
    expect(roleChangeRefusal(superAdmin, admin, 'grant')).toBe('permission.builtin_role');
    expect(roleChangeRefusal(superAdmin, admin, 'edit', admin, false)).toBeNull();
  });

  it('lets a site administrator change lower roles held in their site alone', () => {
    expect(roleChangeRefusal(siteAdmin, null, 'create', { name: 'new', roleType: '2' })).toBeNull();
    expect(roleChangeRefusal(siteAdmin, null, 'create', { name: 'new', roleType: '1' })).toBe('permission.role_rank');
    expect(roleChangeRefusal(siteAdmin, role, 'grant')).toBeNull();
    expect(roleChangeRefusal(siteAdmin, role, 'edit', { name: 'eng', roleType: '1' })).toBe('permission.role_rank');
    expect(roleChangeRefusal(siteAdmin, { ...role, holderSiteIds: ['A', 'B'] }, 'delete')).toBe('permission.role_held_elsewhere');
    expect(roleChangeRefusal(siteAdmin, { ...role, roleType: '1' }, 'grant')).toBe('permission.role_rank');
    expect(roleChangeRefusal(clerk, role, 'grant')).toBe('permission.administrator_only');
  });
});

describe('sites', () => {
  it('keeps the site list and licences for super administrators', () => {
    expect(siteActionRefusal(siteAdmin, 'A', 'configure')).toBe('permission.sites_super_only');
    expect(siteActionRefusal(superAdmin, 'B', 'configure')).toBeNull();
  });

  it('lets site administrators manage their own site and users without the role only read it', () => {
    expect(siteActionRefusal(siteAdmin, 'A', 'manage')).toBeNull();
    expect(siteActionRefusal(siteAdmin, 'B', 'manage')).toBe('permission.site_out_of_scope');
    expect(siteActionRefusal(siteAdmin, 'B', 'read')).toBe('permission.site_out_of_scope');
    expect(siteActionRefusal(clerk, 'A', 'read')).toBeNull();
    expect(siteActionRefusal(clerk, 'A', 'manage')).toBe('permission.administrator_only');
  });
});
