import { describe, expect, it } from 'vitest';
import { NotAllowedError } from '../../errors.ts';
import { ROLE_TYPES, assertCanKick, canKick, canSeeOnlineUsers, kickRefusal, onlineUsersScope } from './online.ts';
import { buildActor } from './test-builders.ts';

const superUser = buildActor({ userName: 'root', roleTypes: ['0'] });
const siteAdmin = buildActor({ userName: 'site.admin', roleTypes: ['1'] });
const plain = buildActor({ userName: 'engineer', roleTypes: ['2', '3'] });
const admin = buildActor({ userName: 'admin', isAdmin: true, roleTypes: [] });
const sameSite = { actorSiteId: 'site-a', targetSiteId: 'site-a' };
const otherSite = { actorSiteId: 'site-a', targetSiteId: 'site-b' };

describe('ROLE_TYPES', () => {
  it('names super as 0 and site-level as 1', () => {
    expect(ROLE_TYPES).toEqual({ super: '0', site: '1' });
  });
});

describe('online users', () => {
  it('shows a super user everyone', () => {
    expect(onlineUsersScope(superUser)).toBe('all');
    expect(canSeeOnlineUsers(superUser)).toBe(true);
  });

  it('shows an admin everyone', () => {
    expect(onlineUsersScope(admin)).toBe('all');
  });

  it('shows a site admin their own site', () => {
    expect(onlineUsersScope(siteAdmin)).toBe('site');
    expect(canSeeOnlineUsers(siteAdmin)).toBe(true);
  });

  it('prefers the wider scope for a user holding both role types', () => {
    expect(onlineUsersScope(buildActor({ roleTypes: ['1', '0'] }))).toBe('all');
  });

  it('shows other users nobody', () => {
    expect(onlineUsersScope(plain)).toBe('none');
    expect(canSeeOnlineUsers(plain)).toBe(false);
    expect(canSeeOnlineUsers(buildActor({ roleTypes: [] }))).toBe(false);
  });
});

describe('canKick', () => {
  it('lets a super user kick anyone else on any site', () => {
    expect(canKick(superUser, 'id-x', otherSite)).toBe(true);
    expect(canKick(superUser, 'id-x')).toBe(true);
  });

  it('lets an admin kick anyone else', () => {
    expect(canKick(admin, 'id-x', otherSite)).toBe(true);
  });

  it.each([superUser, siteAdmin, admin, plain])('never lets $userName kick themselves', (actor) => {
    expect(kickRefusal(actor, actor.userId, sameSite)).toBe('permission.cannot_kick_self');
  });

  it('lets a site admin kick a user of the same site', () => {
    expect(canKick(siteAdmin, 'id-x', sameSite)).toBe(true);
  });

  it('refuses a site admin kicking a user of another site', () => {
    expect(kickRefusal(siteAdmin, 'id-x', otherSite)).toBe('permission.kick_denied');
  });

  it('refuses a site admin when either site is unknown', () => {
    expect(canKick(siteAdmin, 'id-x')).toBe(false);
    expect(canKick(siteAdmin, 'id-x', { actorSiteId: null, targetSiteId: null })).toBe(false);
    expect(canKick(siteAdmin, 'id-x', { actorSiteId: '', targetSiteId: '' })).toBe(false);
  });

  it('refuses an ordinary user', () => {
    expect(kickRefusal(plain, 'id-x', sameSite)).toBe('permission.kick_denied');
  });
});

describe('assertCanKick', () => {
  it('returns quietly when allowed', () => {
    expect(() => assertCanKick(siteAdmin, 'id-x', sameSite)).not.toThrow();
  });

  it('throws NotAllowedError for kicking oneself', () => {
    const run = () => assertCanKick(superUser, superUser.userId);
    expect(run).toThrow(NotAllowedError);
    expect(run).toThrow(expect.objectContaining({ messageKey: 'permission.cannot_kick_self' }));
  });

  it('throws NotAllowedError for a user without the role', () => {
    expect(() => assertCanKick(plain, 'id-x', sameSite)).toThrow(
      expect.objectContaining({ code: 'not_allowed', messageKey: 'permission.kick_denied' }),
    );
  });
});
