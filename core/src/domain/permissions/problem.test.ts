import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.ts';
import { assertProblemOperate, mayOperateProblem, type ProblemAction, type ProblemPeople } from './problem.ts';

const actor = (userId: string, isAdmin = false): Actor => ({ userId, userName: userId, isAdmin, roleTypes: [], productTypes: [] });
const problem: ProblemPeople = { creatorId: 'creator', creatorName: 'creator', responsibleId: 'resp', memberIds: ['member'], siteId: 'north' };
const may = (who: string, buttons: string[] | null, action: ProblemAction, sites = ['north'], on: ProblemPeople | null = problem) =>
  mayOperateProblem({ actor: actor(who), buttons: buttons ? new Set(buttons) : null, siteIds: sites, action, problem: on ?? undefined });

describe('who may open, change or delete a problem', () => {
  it('lets an administrator do everything, without the route', () => {
    expect(mayOperateProblem({ actor: actor('root', true), buttons: null, siteIds: [], action: 'del', problem })).toBe(true);
  });

  it('reads with the route held, within the caller’s sites (a problem without a site is everyone’s)', () => {
    expect(may('stranger', [], 'read')).toBe(true);
    expect(may('stranger', null, 'read')).toBe(false);
    expect(may('stranger', ['edit', 'audit', 'del'], 'read', ['south'])).toBe(false);
    expect(may('stranger', [], 'read', ['south'], { ...problem, siteId: null })).toBe(true);
  });

  it('changes with edit when one of the 8D’s people, or an audit holder', () => {
    for (const who of ['creator', 'resp', 'member']) expect(may(who, ['edit'], 'edit')).toBe(true);
    expect(may('stranger', ['edit'], 'edit')).toBe(false);
    expect(may('stranger', ['edit', 'audit'], 'edit')).toBe(true);
    expect(may('member', [], 'edit')).toBe(false);
  });

  it('deletes with del as the creator or an audit holder, not as the responsible person', () => {
    expect(may('creator', ['del'], 'del')).toBe(true);
    expect(may('resp', ['del', 'edit'], 'del')).toBe(false);
    expect(may('stranger', ['del', 'audit'], 'del')).toBe(true);
  });

  it('adds, imports and exports with the button', () => {
    expect(may('x', ['add'], 'add', [], null)).toBe(true);
    expect(may('x', ['edit'], 'import', [], null)).toBe(false);
  });

  it('refuses with the spec’s words, naming the problem', () => {
    expect(() => assertProblemOperate({ actor: actor('stranger'), buttons: new Set(['edit']), siteIds: ['north'], action: 'edit', problem }, { problem: 'RS1' })).toThrow(
      expect.objectContaining({ code: 'not_allowed', messageKey: 'permission.problem_denied', params: { action: 'edit', problem: 'RS1' } }),
    );
  });
});
