import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { listOperations } from '../oplog/oplog.ts';
import { assertApRulesFile } from './ap-rules-upload.ts';
import { eq } from 'drizzle-orm';
import { businessRule } from '../../db/schema/index.ts';
import { SPEC_TAB_GROUPS } from '../../domain/rules/index.ts';
import { listRuleFlags, readRuleFlags, ruleFlagValues, seedRuleFlags } from './rule-flags.ts';
import { assertRuleFlagChange, scoreSupplyRules, setRuleFlags, setScoreSupplyRule } from './rule-groups.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

describe('rule flags by group', () => {
  it('refuses a flag of another group, an unknown flag and a bad value', () => {
    expect(() => assertRuleFlagChange({ ruleType: 'xmcjzRule', flag: '1' }, 'required')).toThrow(expect.objectContaining({ messageKey: 'rules.flag_not_in_group' }));
    expect(() => assertRuleFlagChange({ ruleType: 'nope', flag: '1' })).toThrow(expect.objectContaining({ messageKey: 'rules.unknown_flag' }));
    expect(() => assertRuleFlagChange({ ruleType: 'xmcjzRule', flag: '2' })).toThrow(expect.objectContaining({ messageKey: 'rules.flag_value_invalid' }));
    expect(assertRuleFlagChange({ ruleType: 'xmcjzRule', flag: '1' }, 'dataCreator')).toBe('xmcjzRule');
  });

  it('writes nothing when one change of a list is wrong', async () => {
    const error = await setRuleFlags(t.ctx, [{ ruleType: 'bomImportHeadOnly', flag: '1' }, { ruleType: 'treeCopyHeadOnly', flag: 'x' }], 'copy').catch((e) => e);
    expect(error.messageKey).toBe('rules.flag_value_invalid');
    expect((await ruleFlagValues(t.db)).bomImportHeadOnly).toBe('0');
  });

  it('sets every change of a list and logs each', async () => {
    await setRuleFlags(t.ctx, [{ ruleType: 'bomImportHeadOnly', flag: '1' }, { ruleType: 'treeCopyHeadOnly', flag: '1' }], 'copy');
    expect(await ruleFlagValues(t.db)).toMatchObject({ bomImportHeadOnly: '1', treeCopyHeadOnly: '1' });
    expect((await listOperations(t.ctx, { action: 'rules.set' })).total).toBe(2);
  });
});

describe('the copy, tree, English-required and KCDS tabs (issue 26)', () => {
  it('moves a stored flag into its tab on the next start, keeping its key and the administrator’s value', async () => {
    // a database from before the split: the copy flag under basic rules, switched on
    await t.db.update(businessRule).set({ ruleGroup: 'basic', flag: '1' }).where(eq(businessRule.ruleType, 'treeCopyHeadOnly'));
    await t.db.delete(businessRule).where(eq(businessRule.ruleType, 'kcdsCriticalSeverity'));
    await seedRuleFlags(t.db);
    expect(await t.db.select().from(businessRule).where(eq(businessRule.ruleType, 'treeCopyHeadOnly')).get()).toMatchObject({ ruleGroup: 'copy', flag: '1', ruleSort: 2 });
    expect((await readRuleFlags(t.db)).headOnly.treeCopy).toBe(true);
    expect((await listRuleFlags(t.db, 'kcds')).map((r) => [r.ruleType, r.flag])).toEqual([
      ['kcdsCriticalSeverity', '9'],
      ['kcdsIncludeSignificant', '1'],
    ]);
    // the spec's basic-rule call still covers the copy and tree flags, a KCDS flag is not one of them
    await setRuleFlags(t.ctx, [{ ruleType: 'treeDeleteHeadOnly', flag: '1' }], SPEC_TAB_GROUPS.basicRule);
    expect(() => assertRuleFlagChange({ ruleType: 'kcdsIncludeSignificant', flag: '0' }, SPEC_TAB_GROUPS.basicRule)).toThrow(expect.objectContaining({ messageKey: 'rules.flag_not_in_group' }));
    expect(() => assertRuleFlagChange({ ruleType: 'kcdsCriticalSeverity', flag: '11' }, 'kcds')).toThrow(expect.objectContaining({ messageKey: 'rules.flag_value_invalid' }));
  });
});

describe('score supply rules', () => {
  it('reads both FMEA types with their defaults and changes one', async () => {
    expect(await scoreSupplyRules(t.db)).toEqual([
      { ruleType: 'dfmea', flag: '0', defaultDet: 10 },
      { ruleType: 'pfmea', flag: '0', defaultDet: 10 },
    ]);
    expect(await setScoreSupplyRule(t.ctx, { ruleType: 'pfmea', flag: '1', defaultDet: 7 })).toEqual({ ruleType: 'pfmea', flag: '1', defaultDet: 7 });
    expect((await scoreSupplyRules(t.db))[0]).toEqual({ ruleType: 'dfmea', flag: '0', defaultDet: 10 });
  });

  it('refuses a detection outside 1 to 10 and an unknown type', async () => {
    await expect(setScoreSupplyRule(t.ctx, { ruleType: 'dfmea', defaultDet: 11 })).rejects.toMatchObject({ messageKey: 'rules.flag_value_invalid' });
    await expect(setScoreSupplyRule(t.ctx, { ruleType: 'xfmea', flag: '1' })).rejects.toMatchObject({ messageKey: 'rules.unknown_flag' });
  });
});

describe('AP rule files', () => {
  it('accepts json and spreadsheets up to 1 MB only', () => {
    expect(() => assertApRulesFile('ap.JSON', 10)).not.toThrow();
    expect(() => assertApRulesFile('ap.xlsx', 1024 * 1024)).not.toThrow();
    expect(() => assertApRulesFile('ap.csv', 10)).toThrow(expect.objectContaining({ messageKey: 'file.unsupported_type', params: { types: 'json, xlsx, xls' } }));
    expect(() => assertApRulesFile('ap.json', 1024 * 1024 + 1)).toThrow(expect.objectContaining({ messageKey: 'file.too_large', params: { limit: '1M' } }));
  });
});
