import { describe, expect, it } from 'vitest';
import { NotAllowedError } from '../../errors.ts';
import {
  DATA_CREATOR_RULES,
  assertCanOperate,
  canOperate,
  hasButtonPermission,
  isCreatorRuleOn,
  operationRefusal,
  type OperateInput,
  type RouteArea,
} from './operate.ts';
import { buildActor } from './test-builders.ts';

const me = buildActor({ userName: 'li.lei' });
const other = buildActor({ userName: 'han.meimei' });
const mine = { creatorId: me.userId, creatorName: me.userName };
const theirs = { creatorId: other.userId, creatorName: other.userName };

const input = (overrides: Partial<OperateInput> = {}): OperateInput => ({
  actor: me,
  action: 'edit',
  routePermissions: ['add', 'edit', 'del'],
  record: theirs,
  area: 'knowledge',
  creatorRules: {},
  ...overrides,
});

describe('DATA_CREATOR_RULES', () => {
  it('maps program, knowledge and master-data routes to their rule flags', () => {
    expect(DATA_CREATOR_RULES).toEqual({ program: 'xmcjzRule', knowledge: 'zskcjzRule', masterData: 'zsjcjzRule' });
  });

  it.each([
    ['program', 'xmcjzRule'],
    ['knowledge', 'zskcjzRule'],
    ['masterData', 'zsjcjzRule'],
  ] as const)('reads the %s rule from %s only', (area, flag) => {
    expect(isCreatorRuleOn(area, { [flag]: '1' })).toBe(true);
    expect(isCreatorRuleOn(area, { [flag]: '0' })).toBe(false);
    expect(isCreatorRuleOn(area, {})).toBe(false);
    const others = Object.values(DATA_CREATOR_RULES).filter((f) => f !== flag);
    expect(isCreatorRuleOn(area, Object.fromEntries(others.map((f) => [f, '1'])))).toBe(false);
  });

  it('has no rule for other routes, whatever the flags say', () => {
    expect(isCreatorRuleOn('other', { xmcjzRule: '1', zskcjzRule: '1', zsjcjzRule: '1' })).toBe(false);
  });
});

describe('hasButtonPermission', () => {
  it('grants a button listed for the route', () => {
    expect(hasButtonPermission(['add', 'edit'], 'edit')).toBe(true);
  });

  it('refuses a button not listed, matching exactly', () => {
    expect(hasButtonPermission(['add', 'edit'], 'del')).toBe(false);
    expect(hasButtonPermission(['Edit'], 'edit')).toBe(false);
    expect(hasButtonPermission([], 'edit')).toBe(false);
  });
});

describe('canOperate', () => {
  it('lets an admin do everything, even without the button or on a foreign record under the rule', () => {
    const admin = buildActor({ userName: 'admin', isAdmin: true });
    expect(canOperate(input({ actor: admin, routePermissions: [] }))).toBe(true);
    expect(canOperate(input({ actor: admin, action: 'del', creatorRules: { zskcjzRule: '1' } }))).toBe(true);
  });

  it('refuses any action whose button the route does not list', () => {
    expect(operationRefusal(input({ action: 'export' }))).toBe('permission.denied');
    expect(operationRefusal(input({ record: mine, routePermissions: ['del'] }))).toBe('permission.denied');
  });

  it('allows actions other than edit and delete with the button alone, on any record', () => {
    expect(canOperate(input({ action: 'add', creatorRules: { zskcjzRule: '1' } }))).toBe(true);
    expect(canOperate(input({ action: 'copy', routePermissions: ['copy'], record: theirs }))).toBe(true);
  });

  it('checks only the button for edit or delete without a record (toolbar state)', () => {
    expect(canOperate(input({ record: undefined, creatorRules: { zskcjzRule: '1' } }))).toBe(true);
    expect(canOperate(input({ record: null }))).toBe(true);
  });

  describe.each(['program', 'knowledge', 'masterData'] as const)('with the data-creator rule on for %s', (area) => {
    const rules = { [DATA_CREATOR_RULES[area]]: '1' } as const;
    const withRule = (overrides: Partial<OperateInput>) => input({ area, creatorRules: rules, ...overrides });

    it.each(['edit', 'del'])('lets the creator %s, matched by user id', (action) => {
      expect(canOperate(withRule({ action, record: { creatorId: me.userId } }))).toBe(true);
    });

    it.each(['edit', 'del'])('lets the creator %s, matched by user name', (action) => {
      expect(canOperate(withRule({ action, record: { creatorId: null, creatorName: me.userName } }))).toBe(true);
    });

    it('refuses to let another user edit, even with the audit permission', () => {
      const audit = ['edit', 'del', 'audit'];
      expect(operationRefusal(withRule({ routePermissions: audit }))).toBe('permission.edit_not_creator');
    });

    it('refuses to let another user delete, even with the audit permission', () => {
      const audit = ['edit', 'del', 'audit'];
      expect(operationRefusal(withRule({ action: 'del', routePermissions: audit }))).toBe('permission.del_not_creator');
    });

    it('refuses editing a record without any creator', () => {
      expect(operationRefusal(withRule({ record: {}, routePermissions: ['edit', 'audit'] }))).toBe(
        'permission.edit_not_creator',
      );
    });

    it('still refuses the creator without the button', () => {
      expect(operationRefusal(withRule({ record: mine, routePermissions: [] }))).toBe('permission.denied');
    });
  });

  describe.each(['program', 'knowledge', 'masterData', 'other'] as RouteArea[])('without the rule on %s', (area) => {
    const noRule = (overrides: Partial<OperateInput>) =>
      input({ area, creatorRules: { xmcjzRule: '0', zskcjzRule: '0', zsjcjzRule: '0' }, ...overrides });

    it.each(['edit', 'del'])('lets an audit holder %s any record', (action) => {
      expect(canOperate(noRule({ action, routePermissions: ['edit', 'del', 'audit'] }))).toBe(true);
      expect(canOperate(noRule({ action, routePermissions: ['edit', 'del', 'audit'], record: {} }))).toBe(true);
    });

    it.each(['edit', 'del'])('lets the creator %s without the audit permission', (action) => {
      expect(canOperate(noRule({ action, record: mine }))).toBe(true);
    });

    it('refuses another user editing without the audit permission', () => {
      expect(operationRefusal(noRule({}))).toBe('permission.edit_not_creator');
    });

    it('refuses another user deleting without the audit permission', () => {
      expect(operationRefusal(noRule({ action: 'del' }))).toBe('permission.del_not_creator');
    });
  });

  it('treats a missing rule flag as off', () => {
    expect(canOperate(input({ routePermissions: ['edit', 'audit'], creatorRules: {} }))).toBe(true);
  });

  it('ignores another area’s rule flag', () => {
    const rules = { xmcjzRule: '1' } as const;
    expect(canOperate(input({ area: 'knowledge', routePermissions: ['edit', 'audit'], creatorRules: rules }))).toBe(
      true,
    );
  });

  it('does not match a creator by an empty id or name', () => {
    const nameless = buildActor({ userId: '', userName: '' });
    expect(canOperate(input({ actor: nameless, record: { creatorId: '', creatorName: '' } }))).toBe(false);
  });

  it('matches user names case-sensitively', () => {
    expect(canOperate(input({ record: { creatorName: me.userName.toUpperCase() } }))).toBe(false);
  });
});

describe('assertCanOperate', () => {
  it('returns quietly when allowed', () => {
    expect(() => assertCanOperate(input({ record: mine }))).not.toThrow();
  });

  it('throws NotAllowedError permission.denied without the button', () => {
    const run = () => assertCanOperate(input({ action: 'export' }));
    expect(run).toThrow(NotAllowedError);
    expect(run).toThrow(expect.objectContaining({ messageKey: 'permission.denied', params: { action: 'export' } }));
  });

  it('throws a specific key for editing someone else’s record', () => {
    expect(() => assertCanOperate(input())).toThrow(
      expect.objectContaining({ code: 'not_allowed', messageKey: 'permission.edit_not_creator' }),
    );
  });

  it('throws a specific key for deleting someone else’s record', () => {
    expect(() => assertCanOperate(input({ action: 'del' }))).toThrow(
      expect.objectContaining({ code: 'not_allowed', messageKey: 'permission.del_not_creator' }),
    );
  });
});
