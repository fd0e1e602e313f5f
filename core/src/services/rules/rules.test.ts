import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { listOperations } from '../oplog/oplog.ts';
import { apEvaluator, getApRuleSet, replaceApRules } from './ap-rules.ts';
import { decodeApRules, encodeApRules } from './ap-rules-file.ts';
import { ruleFlagValues, setRuleFlag } from './rule-flags.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

describe('rule flags', () => {
  it('seeds the spec defaults', async () => {
    const values = await ruleFlagValues(t.db);
    expect(values).toMatchObject({ EnglishRequiredRuleFlag: '0', isGenerateProcessNoRequired: '1', treeDeleteHeadOnly: '0', xmcjzRule: '0' });
  });

  it('sets a flag and logs it', async () => {
    await setRuleFlag(t.ctx, 'xmcjzRule', '1');
    expect((await ruleFlagValues(t.db)).xmcjzRule).toBe('1');
    const log = await listOperations(t.ctx, { action: 'rules.set' });
    expect(log.items[0]).toMatchObject({ entityId: 'xmcjzRule', before: { flag: '0' }, after: { flag: '1' } });
  });

  it('refuses an unknown flag and a value outside the allowed ones', async () => {
    await expect(setRuleFlag(t.ctx, 'noSuchFlag', '1')).rejects.toMatchObject({ messageKey: 'rules.unknown_flag' });
    await expect(setRuleFlag(t.ctx, 'xmcjzRule', 'yes')).rejects.toMatchObject({ messageKey: 'rules.flag_value_invalid' });
    await expect(setRuleFlag(t.ctx, 'dfmeaDefaultDet', '11')).rejects.toMatchObject({ messageKey: 'rules.flag_value_invalid' });
  });
});

describe('AP rules in the database', () => {
  it('seeds the handbook table and evaluates with it', async () => {
    const evaluate = await apEvaluator(t.db, 'dfmea');
    expect(evaluate(9, 6, 5)).toBe('H');
    expect(evaluate(5, 4, 5)).toBe('L');
    expect(evaluate(1, 10, 10)).toBe('L');
    expect((await getApRuleSet(t.db, 'msr')).rules.length).toBeGreaterThan(0);
  });

  it('replaces the rules of one table, and the evaluator follows', async () => {
    await replaceApRules(t.ctx, 'pfmea', [{ ruleType: 'RPN', ap: 'H', rpnMin: 100, rpnMax: 1000 }], 'RPN');
    const pfmea = await apEvaluator(t.db, 'pfmea');
    expect(pfmea(5, 5, 4)).toBe('H');
    expect(pfmea(9, 10, 1)).toBe('L');
    expect((await apEvaluator(t.db, 'dfmea'))(9, 10, 1)).toBe('H');
  });

  it('writes nothing when any rule is invalid', async () => {
    const before = await getApRuleSet(t.db, 'dfmea');
    const error = await replaceApRules(t.ctx, 'dfmea', [{ ruleType: 'SOD', ap: 'H', sMin: 0, sMax: 12 }]).catch((e) => e);
    expect(error).toMatchObject({ code: 'invalid_input', messageKey: 'rules.ap_rules_invalid' });
    expect(error.issues.length).toBeGreaterThan(0);
    expect(await getApRuleSet(t.db, 'dfmea')).toEqual(before);
  });

  it('refuses an unknown table', async () => {
    await expect(getApRuleSet(t.db, 'xfmea')).rejects.toMatchObject({ messageKey: 'rules.unknown_ap_table' });
  });

  it('round-trips rules through json and xlsx files', async () => {
    const set = await getApRuleSet(t.db, 'dfmea');
    for (const name of ['ap.json', 'ap.xlsx']) {
      const decoded = await decodeApRules(await encodeApRules(set, name), name);
      expect(decoded.rules).toEqual(set.rules);
    }
  });
});
