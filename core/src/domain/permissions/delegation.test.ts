import { describe, expect, it } from 'vitest';
import { assertCanAssignRoles, assertCanDelegate, assertCanSetRoleType, delegationRefusal, type Delegator } from './delegation.ts';

const siteAdmin: Delegator = { isAdmin: false, routes: new Map([['system_user', new Set(['add', 'edit'])], ['dfmea_index', new Set(['add'])]]) };
const admin: Delegator = { isAdmin: true, routes: new Map() };

describe('delegation', () => {
  it('lets a non-admin grant only routes and buttons they hold', () => {
    expect(delegationRefusal(siteAdmin, [{ routeName: 'dfmea_index', buttons: ['add'] }])).toBeNull();
    expect(delegationRefusal(siteAdmin, [{ routeName: 'dfmea_index', buttons: ['del'] }])).toEqual({ routeName: 'dfmea_index', button: 'del' });
    expect(delegationRefusal(siteAdmin, [{ routeName: 'system_role', buttons: [] }])).toEqual({ routeName: 'system_role' });
    expect(() => assertCanDelegate(siteAdmin, [{ routeName: 'system_role', buttons: [] }])).toThrow(expect.objectContaining({ messageKey: 'permission.cannot_delegate' }));
  });

  it('lets an admin grant anything', () => {
    expect(delegationRefusal(admin, [{ routeName: 'system_role', buttons: ['grant'] }])).toBeNull();
    expect(() => assertCanAssignRoles(admin, [{ name: 'admin', roleType: '0', permissions: [] }])).not.toThrow();
  });

  it('refuses a non-admin assigning the admin role or a super role', () => {
    expect(() => assertCanAssignRoles(siteAdmin, [{ name: 'admin', roleType: '0', permissions: [] }])).toThrow(expect.objectContaining({ messageKey: 'permission.super_role_admin_only' }));
    expect(() => assertCanAssignRoles(siteAdmin, [{ name: 'boss', roleType: '0', permissions: [] }])).toThrow(expect.objectContaining({ code: 'not_allowed' }));
    expect(() => assertCanAssignRoles(siteAdmin, [{ name: 'eng', roleType: '2', permissions: [{ routeName: 'dfmea_index', buttons: ['add'] }] }])).not.toThrow();
    expect(() => assertCanAssignRoles(siteAdmin, [{ name: 'eng', roleType: '2', permissions: [{ routeName: 'system_log', buttons: [] }] }])).toThrow(expect.objectContaining({ messageKey: 'permission.cannot_delegate' }));
  });

  it('keeps super role types for admins', () => {
    expect(() => assertCanSetRoleType(siteAdmin, '0')).toThrow(expect.objectContaining({ code: 'not_allowed' }));
    expect(() => assertCanSetRoleType(siteAdmin, '2')).not.toThrow();
    expect(() => assertCanSetRoleType(admin, '0')).not.toThrow();
  });
});
