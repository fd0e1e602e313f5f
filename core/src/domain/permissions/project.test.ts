import { describe, expect, it } from 'vitest';
import { NotAllowedError, NotFoundError } from '../../errors.ts';
import {
  PROJECT_MEMBER_ROLES,
  assertCanEditProject,
  assertCanOpenProject,
  isProjectMember,
  isProjectOwner,
  isReadOnlyMember,
  isSharedWith,
  memberRoles,
  projectAccessLevel,
  type ProjectShare,
  type ProjectAccess,
} from './project.ts';
import { buildActor } from './test-builders.ts';

const me = buildActor({ userName: 'li.lei' });
const admin = buildActor({ userName: 'admin', isAdmin: true });

const design = (userRole: number | null, deleted = false): ProjectAccess => ({
  kind: 'design',
  deleted,
  members: [{ userId: 'id-someone', userRole: 0 }, ...(userRole === null ? [] : [{ userId: me.userId, userRole }])],
});
const process = (roles: readonly number[] | null, deleted = false): ProjectAccess => ({
  kind: 'process',
  deleted,
  members: [{ userId: 'id-someone', roles: [0] }, ...(roles === null ? [] : [{ userId: me.userId, roles }])],
});

describe('PROJECT_MEMBER_ROLES', () => {
  it('follows the member-role dictionary of spec 001 §3', () => {
    expect(PROJECT_MEMBER_ROLES).toEqual({
      responsible: 0,
      collaborator: 1,
      counsellor: 2,
      systemOwner: 3,
      reviewer: 4,
      processReviewer: 5,
    });
  });

});

describe('membership', () => {
  it('finds a design member and their role', () => {
    expect(isProjectMember(design(2), me.userId)).toBe(true);
    expect(memberRoles(design(2), me.userId)).toEqual([2]);
  });

  it('finds a process member and their roles', () => {
    expect(isProjectMember(process([4, 5]), me.userId)).toBe(true);
    expect(memberRoles(process([4, 5]), me.userId)).toEqual([4, 5]);
  });

  it('does not count a non-member', () => {
    expect(isProjectMember(design(null), me.userId)).toBe(false);
    expect(isProjectMember(process(null), me.userId)).toBe(false);
    expect(memberRoles(design(null), me.userId)).toBeNull();
  });

  it('counts a process member with an empty role list as a member', () => {
    expect(isProjectMember(process([]), me.userId)).toBe(true);
  });

  it('joins the roles of a user listed twice', () => {
    const project: ProjectAccess = {
      kind: 'design',
      deleted: false,
      members: [
        { userId: me.userId, userRole: 2 },
        { userId: me.userId, userRole: 1 },
      ],
    };
    expect(memberRoles(project, me.userId)).toEqual([2, 1]);
    expect(isReadOnlyMember(project, me.userId)).toBe(false);
  });
});

describe('isReadOnlyMember', () => {
  it.each([0, 1])('lets a design member with role %i edit', (role) => {
    expect(isReadOnlyMember(design(role), me.userId)).toBe(false);
  });

  it.each([2, 3, 4, 5])('makes a design member with role %i read-only', (role) => {
    expect(isReadOnlyMember(design(role), me.userId)).toBe(true);
  });

  it.each([[[0]], [[1]], [[4, 1]], [[2, 0, 5]]])('lets a process member with roles %j edit', (roles) => {
    expect(isReadOnlyMember(process(roles), me.userId)).toBe(false);
  });

  it.each([[[]], [[2]], [[3, 4, 5]]])('makes a process member with roles %j read-only', (roles) => {
    expect(isReadOnlyMember(process(roles), me.userId)).toBe(true);
  });

  it('is false for a non-member, who is not even a reader', () => {
    expect(isReadOnlyMember(design(null), me.userId)).toBe(false);
  });
});

describe('isProjectOwner', () => {
  it('is the responsible person', () => {
    expect(isProjectOwner(design(0), me.userId)).toBe(true);
    expect(isProjectOwner(process([1, 0]), me.userId)).toBe(true);
  });

  it('is not a collaborator or a non-member', () => {
    expect(isProjectOwner(design(1), me.userId)).toBe(false);
    expect(isProjectOwner(process(null), me.userId)).toBe(false);
  });
});

describe('assertCanOpenProject', () => {
  it('lets a read-only member open a project', () => {
    expect(() => assertCanOpenProject(design(4), me)).not.toThrow();
    expect(() => assertCanOpenProject(process([5]), me)).not.toThrow();
  });

  it('refuses a deleted project as not found', () => {
    const run = () => assertCanOpenProject(design(0, true), me);
    expect(run).toThrow(NotFoundError);
    expect(run).toThrow(expect.objectContaining({ code: 'not_found', messageKey: 'permission.project_deleted' }));
  });

  it('refuses a deleted project to an admin too', () => {
    expect(() => assertCanOpenProject(process([0], true), admin)).toThrow(
      expect.objectContaining({ messageKey: 'permission.project_deleted' }),
    );
  });

  it('refuses a non-member', () => {
    const run = () => assertCanOpenProject(design(null), me);
    expect(run).toThrow(NotAllowedError);
    expect(run).toThrow(expect.objectContaining({ messageKey: 'permission.not_project_member' }));
  });

  it('does not let the creator in without membership', () => {
    const project = { ...design(null), creatorId: me.userId };
    expect(() => assertCanOpenProject(project, me)).toThrow(
      expect.objectContaining({ messageKey: 'permission.not_project_member' }),
    );
  });

  it('lets an admin open any live project', () => {
    expect(() => assertCanOpenProject(design(null), admin)).not.toThrow();
  });
});

describe('assertCanEditProject', () => {
  it('lets role 0 and 1 members edit', () => {
    expect(() => assertCanEditProject(design(1), me)).not.toThrow();
    expect(() => assertCanEditProject(process([3, 0]), me)).not.toThrow();
  });

  it('refuses a read-only member', () => {
    const run = () => assertCanEditProject(design(2), me);
    expect(run).toThrow(NotAllowedError);
    expect(run).toThrow(expect.objectContaining({ messageKey: 'permission.project_read_only' }));
  });

  it('refuses a non-member as a non-member, not as read-only', () => {
    expect(() => assertCanEditProject(process(null), me)).toThrow(
      expect.objectContaining({ messageKey: 'permission.not_project_member' }),
    );
  });

  it('refuses a deleted project before anything else', () => {
    expect(() => assertCanEditProject(design(0, true), me)).toThrow(
      expect.objectContaining({ messageKey: 'permission.project_deleted' }),
    );
  });

  it('lets an admin edit any live project', () => {
    expect(() => assertCanEditProject(design(null), admin)).not.toThrow();
  });
});

describe('sharing', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const share = (over: Partial<ProjectShare> = {}): ProjectShare => ({ scope: 'all', expiresAt: null, userIds: [], ...over });
  const shared = (s: ProjectShare, userRole: number | null = null, deleted = false): ProjectAccess => ({ ...design(userRole, deleted), share: s });

  it('applies to everyone with scope all and to the named users with scope partly', () => {
    expect(isSharedWith(share(), me.userId, now)).toBe(true);
    expect(isSharedWith(share({ scope: 'partly', userIds: [me.userId] }), me.userId, now)).toBe(true);
    expect(isSharedWith(share({ scope: 'partly', userIds: ['id-other'] }), me.userId, now)).toBe(false);
    expect(isSharedWith(share({ scope: 'none', userIds: [me.userId] }), me.userId, now)).toBe(false);
  });

  it('stops applying at the expiry moment', () => {
    expect(isSharedWith(share({ expiresAt: new Date(now.getTime() + 1) }), me.userId, now)).toBe(true);
    expect(isSharedWith(share({ expiresAt: now }), me.userId, now)).toBe(false);
  });

  it('lets a shared reader open but not edit, with the read-only refusal', () => {
    expect(projectAccessLevel(shared(share()), me, now)).toBe('shared');
    expect(() => assertCanOpenProject(shared(share()), me, now)).not.toThrow();
    expect(() => assertCanEditProject(shared(share()), me, now)).toThrow(expect.objectContaining({ messageKey: 'permission.project_read_only' }));
  });

  it('ignores the share without a clock and on a deleted project', () => {
    expect(() => assertCanOpenProject(shared(share()), me)).toThrow(expect.objectContaining({ messageKey: 'permission.not_project_member' }));
    expect(() => assertCanOpenProject(shared(share(), null, true), me, now)).toThrow(expect.objectContaining({ messageKey: 'permission.project_deleted' }));
  });

  it('keeps membership first: an editing member shared with stays an editor', () => {
    expect(projectAccessLevel(shared(share(), 1), me, now)).toBe('member');
    expect(() => assertCanEditProject(shared(share(), 1), me, now)).not.toThrow();
    expect(projectAccessLevel(shared(share()), admin, now)).toBe('admin');
  });
});
