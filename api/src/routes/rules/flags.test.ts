import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RULE_FLAG_NAMES } from '@fmea/core/domain';
import { engineerToken, expectRefused, lastLogged, openTestApp, type TestApp } from '../../testing.ts';

let api: TestApp;
let admin: string;
let engineer: string;
beforeEach(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
  engineer = await engineerToken(api);
});
afterEach(() => api.dispose());

const post = (path: string, body?: unknown, token = admin, lang?: string) => api.call('POST', path, { token, body, lang });
const sessionRules = async (token = engineer) => (await api.call('GET', '/api/user/info', { token })).body.data.rules as Record<string, string>;

describe('rule flag routes: who may call them', () => {
  const reads = [
    { method: 'POST', path: '/api/requiredRule/query' },
    { method: 'POST', path: '/api/basicRule/query' },
    { method: 'POST', path: '/api/dataCreatorPermissions/query' },
    { method: 'POST', path: '/api/sysBusinessRule/query' },
    { method: 'GET', path: '/api/sysKnowledgePushRule/getData' },
    { method: 'GET', path: '/api/sysInterfaceReason/getData' },
    { method: 'GET', path: '/api/scoreSupplyRule/list' },
  ] as const;
  const writes = [
    { method: 'POST', path: '/api/requiredRule/saveOrUpdate', body: { ruleType: 'EnglishRequiredRuleFlag', flag: '1' } },
    { method: 'POST', path: '/api/basicRule/saveOrUpdate', body: { ruleType: 'bomImportHeadOnly', flag: '1' } },
    { method: 'POST', path: '/api/dataCreatorPermissions/update', body: { ruleType: 'xmcjzRule', flag: '1' } },
    { method: 'POST', path: '/api/sysBusinessRule/update', body: { ruleType: 'xmcjzRule', flag: '1' } },
    { method: 'POST', path: '/api/sysKnowledgePushRule/updateSysKnowledgePushRuleTreeRule', body: { pushRule: '1' } },
    { method: 'POST', path: '/api/sysInterfaceReason/updateSysInterfaceReasonRule', body: { ruleOpen: '1' } },
    { method: 'POST', path: '/api/scoreSupplyRule/saveOrUpdate', body: { ruleType: 'dfmea', flag: '1' } },
  ] as const;

  it('lets every signed-in user read the rules, and nobody without a session', async () => {
    for (const call of reads) {
      await expectRefused(api, call);
      expect((await api.call(call.method, call.path, { token: engineer })).status, call.path).toBe(200);
    }
  });

  it('refuses every change without a session (401) and to a plain engineer (403), changing nothing', async () => {
    for (const call of writes) await expectRefused(api, call, engineer);
    expect(await sessionRules()).toMatchObject({ EnglishRequiredRuleFlag: '0', bomImportHeadOnly: '0', xmcjzRule: '0', pushRule: '0', ruleOpen: '0', dfmeaScoreSupply: '0' });
  });
});

describe('required rules', () => {
  it('lists the required-group flags with names in both languages', async () => {
    const res = await post('/api/requiredRule/query', { timestamp: 1 });
    expect(res.body.data.requiredRules).toEqual([
      { ruleType: 'EnglishRequiredRuleFlag', flag: '0', ruleName: '英文必填', ruleNameEn: 'English required', serialNum: 1 },
      { ruleType: 'failureToUseRequired', flag: '0', ruleName: '失效使用类型必填', ruleNameEn: 'Failure use type required', serialNum: 2 },
      { ruleType: 'isGenerateProcessNoRequired', flag: '1', ruleName: '自动生成过程编号', ruleNameEn: 'Generate process numbers automatically', serialNum: 3 },
    ]);
  });

  it('sets one flag, which every session then reads, and logs it', async () => {
    const res = await post('/api/requiredRule/saveOrUpdate', { ruleType: 'EnglishRequiredRuleFlag', flag: '1', ruleName: 'ignored', createTime: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data.requiredRules[0]).toMatchObject({ ruleType: 'EnglishRequiredRuleFlag', flag: '1', ruleName: '英文必填' });
    expect((await sessionRules()).EnglishRequiredRuleFlag).toBe('1');
    expect(await lastLogged(api, admin, 'rules.set')).toMatchObject({ entityId: 'EnglishRequiredRuleFlag', before: { flag: '0' }, after: { flag: '1' } });
  });

  it('sets a list of flags, numbers accepted as text', async () => {
    const res = await post('/api/requiredRule/saveOrUpdate', [
      { ruleType: 'failureToUseRequired', flag: 1 },
      { ruleType: 'isGenerateProcessNoRequired', flag: '0' },
    ]);
    expect(res.status).toBe(200);
    expect(await sessionRules()).toMatchObject({ failureToUseRequired: '1', isGenerateProcessNoRequired: '0' });
  });

  it('refuses a flag of another tab, an unknown flag and a bad value, writing nothing', async () => {
    const other = await post('/api/requiredRule/saveOrUpdate', { ruleType: 'xmcjzRule', flag: '1' });
    expect(other.status).toBe(400);
    expect(other.body.meta.message).toBe('规则开关 xmcjzRule 不属于此页签的规则');
    const unknown = await post('/api/requiredRule/saveOrUpdate', { ruleType: "x'; DROP TABLE business_rule; --", flag: '1' }, admin, 'en-US');
    expect(unknown.status).toBe(400);
    expect(unknown.body.meta.message).toBe("Unknown rule flag: x'; DROP TABLE business_rule; --");
    const value = await post('/api/requiredRule/saveOrUpdate', [
      { ruleType: 'failureToUseRequired', flag: '1' },
      { ruleType: 'EnglishRequiredRuleFlag', flag: 'yes' },
    ], admin, 'en-US');
    expect(value.status).toBe(400);
    expect(value.body.meta.message).toBe('Rule flag EnglishRequiredRuleFlag accepts only: 0, 1');
    expect(await sessionRules()).toMatchObject({ failureToUseRequired: '0', EnglishRequiredRuleFlag: '0' });
  });

  it('refuses a change without a flag or with a ruleType over 50 characters', async () => {
    const noFlag = await post('/api/requiredRule/saveOrUpdate', { ruleType: 'EnglishRequiredRuleFlag' }, admin, 'en-US');
    expect(noFlag.status).toBe(400);
    expect(noFlag.body.meta.message).toBe('The request failed validation\nSetting (row 1) is required');
    const long = await post('/api/requiredRule/saveOrUpdate', { ruleType: 'r'.repeat(51), flag: '1' });
    expect(long.body.meta.message).toBe('请求参数校验失败\n规则类型（第 1 行）最多 50 个字符');
  });
});

describe('basic rules and data creator permissions', () => {
  it('lists and sets the basic rules', async () => {
    expect((await post('/api/basicRule/query')).body.data.basicRules.map((r: { ruleType: string }) => r.ruleType)).toEqual([
      'bomImportHeadOnly',
      'treeCopyHeadOnly',
      'treeDeleteHeadOnly',
      'fmeaReleaseAll',
      'fmeaReviewInOrder',
      'separationOfDuties',
    ]);
    const res = await post('/api/basicRule/saveOrUpdate', { ruleType: 'treeDeleteHeadOnly', flag: '1' });
    expect(res.body.data.basicRules[2]).toMatchObject({ ruleType: 'treeDeleteHeadOnly', flag: '1' });
    expect((await sessionRules()).treeDeleteHeadOnly).toBe('1');
    expect((await post('/api/basicRule/saveOrUpdate', { ruleType: 'EnglishRequiredRuleFlag', flag: '1' }, admin, 'en-US')).body.meta.message).toBe(
      "Rule flag EnglishRequiredRuleFlag is not one of this tab's rules",
    );
  });

  it('lists and sets the data creator permissions', async () => {
    expect((await post('/api/dataCreatorPermissions/query', {}, engineer)).body.data.dataCreatorRules.map((r: { ruleType: string }) => r.ruleType)).toEqual([
      'xmcjzRule',
      'zskcjzRule',
      'zsjcjzRule',
    ]);
    const res = await post('/api/dataCreatorPermissions/update', [{ ruleType: 'zskcjzRule', flag: '1', createTime: 1, updateTime: 2 }]);
    expect(res.status).toBe(200);
    expect((await sessionRules()).zskcjzRule).toBe('1');
  });
});

describe('POST /api/sysBusinessRule/query and /update', () => {
  it('lists every rule, or one group’s', async () => {
    const all = (await post('/api/sysBusinessRule/query', undefined, engineer)).body.data.items;
    expect(all).toHaveLength(RULE_FLAG_NAMES.length);
    // the tabs' order: basic first (its flags kept their sort when the copy and tree flags got tabs of their own)
    expect(all[0]).toEqual(expect.objectContaining({ ruleGroup: 'basic', ruleType: 'fmeaReleaseAll', ruleSort: 4, createTime: expect.any(String), updateTime: expect.any(String) }));
    const score = (await post('/api/sysBusinessRule/query', { ruleGroup: 'scoreSupply' })).body.data.items;
    expect(score.map((r: { ruleType: string }) => r.ruleType)).toEqual(['dfmeaScoreSupply', 'dfmeaDefaultDet', 'pfmeaScoreSupply', 'pfmeaDefaultDet']);
  });

  it('refuses an unknown group', async () => {
    const res = await post('/api/sysBusinessRule/query', { ruleGroup: 'other' }, admin, 'en-US');
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe(
      'The request failed validation\nRule group must be one of: basic, copy, tree, required, englishRequired, dataCreator, interfaceReason, knowledgePush, scoreSupply, kcds, report, controlPlanTemplate',
    );
  });

  it('updates rules of any group, dropping times and names', async () => {
    const res = await post('/api/sysBusinessRule/update', [
      { ruleGroup: 'dataCreator', ruleType: 'xmcjzRule', ruleName: 'changed?', flag: '1', createTime: '2020-01-01', updateTime: 5 },
      { ruleType: 'dfmeaDefaultDet', flag: '8' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((r: { ruleType: string; flag: string; ruleName: string }) => [r.ruleType, r.flag, r.ruleName])).toEqual([
      ['xmcjzRule', '1', '项目创建者权限'],
      ['dfmeaDefaultDet', '8', 'DFMEA 默认探测度'],
    ]);
    expect(await sessionRules()).toMatchObject({ xmcjzRule: '1', dfmeaDefaultDet: '8' });
    const bad = await post('/api/sysBusinessRule/update', { ruleType: 'dfmeaDefaultDet', flag: '11' });
    expect(bad.status).toBe(400);
    expect(bad.body.meta.message).toBe('规则开关 dfmeaDefaultDet 的取值只能是：1, 2, 3, 4, 5, 6, 7, 8, 9, 10');
  });
});

describe('knowledge push and interface reason rules', () => {
  it('reads and switches the knowledge push rule', async () => {
    expect((await api.call('GET', '/api/sysKnowledgePushRule/getData?timestamp=1', { token: engineer })).body.data).toEqual({ items: { pushRule: '0' } });
    const res = await post('/api/sysKnowledgePushRule/updateSysKnowledgePushRuleTreeRule', { pushRule: 1 });
    expect(res.body.data).toEqual({ items: { pushRule: '1' } });
    expect((await api.call('GET', '/api/sysKnowledgePushRule/getData', { token: engineer })).body.data.items.pushRule).toBe('1');
    expect((await sessionRules()).pushRule).toBe('1');
    const bad = await post('/api/sysKnowledgePushRule/updateSysKnowledgePushRuleTreeRule', { pushRule: '2' }, admin, 'en-US');
    expect(bad.status).toBe(400);
    expect(bad.body.meta.message).toBe('Rule flag pushRule accepts only: 0, 1');
    const missing = await post('/api/sysKnowledgePushRule/updateSysKnowledgePushRuleTreeRule', {}, admin, 'en-US');
    expect(missing.body.meta.message).toBe('The request failed validation\nKnowledge push is required');
  });

  it('reads and switches the interface reason rule', async () => {
    expect((await api.call('GET', '/api/sysInterfaceReason/getData', { token: engineer })).body.data).toEqual({ items: { ruleOpen: '0' } });
    expect((await post('/api/sysInterfaceReason/updateSysInterfaceReasonRule', { ruleOpen: '1' })).body.data).toEqual({ items: { ruleOpen: '1' } });
    expect((await sessionRules()).ruleOpen).toBe('1');
    expect(await lastLogged(api, admin, 'rules.set')).toMatchObject({ entityId: 'ruleOpen', before: { flag: '0' }, after: { flag: '1' } });
    const bad = await post('/api/sysInterfaceReason/updateSysInterfaceReasonRule', { ruleOpen: 'on' });
    expect(bad.body.meta.message).toBe('规则开关 ruleOpen 的取值只能是：0, 1');
  });
});

describe('score supply rules', () => {
  it('lists DFMEA and PFMEA, and changes one', async () => {
    expect((await api.call('GET', '/api/scoreSupplyRule/list', { token: engineer })).body.data).toEqual({
      items: [
        { ruleType: 'dfmea', flag: '0', defaultDet: 10 },
        { ruleType: 'pfmea', flag: '0', defaultDet: 10 },
      ],
    });
    const res = await post('/api/scoreSupplyRule/saveOrUpdate', { ruleType: 'pfmea', flag: '1', defaultDet: 7 });
    expect(res.body.data).toEqual({ ruleType: 'pfmea', flag: '1', defaultDet: 7 });
    expect((await api.call('GET', '/api/scoreSupplyRule/list', { token: engineer })).body.data.items[1]).toEqual({ ruleType: 'pfmea', flag: '1', defaultDet: 7 });
    expect(await sessionRules()).toMatchObject({ pfmeaScoreSupply: '1', pfmeaDefaultDet: '7', dfmeaDefaultDet: '10' });
  });

  it('refuses a detection outside 1 to 10 or not whole, and an unknown FMEA type', async () => {
    const high = await post('/api/scoreSupplyRule/saveOrUpdate', { ruleType: 'dfmea', defaultDet: 11 }, admin, 'en-US');
    expect(high.status).toBe(400);
    expect(high.body.meta.message).toBe('The request failed validation\nDefault detection (D) can be at most 10');
    expect((await post('/api/scoreSupplyRule/saveOrUpdate', { ruleType: 'dfmea', defaultDet: 0 })).body.meta.message).toBe(
      '请求参数校验失败\n默认探测度 (D)不能小于 1',
    );
    expect((await post('/api/scoreSupplyRule/saveOrUpdate', { ruleType: 'dfmea', defaultDet: 2.5 }, admin, 'en-US')).body.meta.message).toBe(
      'The request failed validation\nDefault detection (D) must be a whole number',
    );
    const type = await post('/api/scoreSupplyRule/saveOrUpdate', { ruleType: 'xfmea', flag: '1' }, admin, 'en-US');
    expect(type.body.meta.message).toBe('The request failed validation\nRule type must be one of: dfmea, pfmea');
    expect((await post('/api/scoreSupplyRule/saveOrUpdate', { ruleType: 'dfmea', flag: '3' }, admin, 'en-US')).body.meta.message).toBe(
      'Rule flag dfmeaScoreSupply accepts only: 0, 1',
    );
    expect(await sessionRules()).toMatchObject({ dfmeaScoreSupply: '0', dfmeaDefaultDet: '10' });
  });
});
