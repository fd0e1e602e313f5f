import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NUMBERING_MODULES } from '@fmea/core/domain';
import { engineerToken, expectRefused, lastLogged, openTestApp, signInWith, type TestApp } from '../../testing.ts';

let api: TestApp;
let admin: string;
beforeEach(async () => {
  api = await openTestApp({ now: () => new Date('2026-06-01T08:00:00Z') });
  admin = await api.adminToken();
});
afterEach(() => api.dispose());

const DEFAULT_ELEMENTS = [{ kind: 'prefix' }, { kind: 'date', format: 'yyMMdd' }, { kind: 'serial', digits: 4 }];
const save = (body: Record<string, unknown>, token = admin, lang?: string) => api.call('POST', '/api/numberingRule/save', { token, body, lang });
const next = (module: string, token = admin, lang?: string) => api.call('POST', '/api/numberingRule/next', { token, body: { module }, lang });
const preview = (module: string, token = admin, lang?: string) => api.call('GET', `/api/numberingRule/preview?module=${encodeURIComponent(module)}`, { token, lang });

describe('numbering rule routes: who may call them', () => {
  it('refuses every call without a session (401) and to a plain engineer (403)', async () => {
    const engineer = await engineerToken(api);
    for (const call of [
      { method: 'GET', path: '/api/numberingRule/list' },
      { method: 'POST', path: '/api/numberingRule/save', body: { module: 'dfmeaProject', prefix: 'DF', elements: DEFAULT_ELEMENTS, allowManual: false } },
      { method: 'POST', path: '/api/numberingRule/next', body: { module: 'dfmeaProject' } },
      { method: 'GET', path: '/api/numberingRule/preview?module=dfmeaProject' },
    ] as const) {
      await expectRefused(api, call, engineer);
    }
  });

  it('lets a viewer of the page list the rules but neither change them nor take numbers', async () => {
    const viewer = await signInWith(api, 'viewer', [{ routeName: 'system_numbering', buttons: [] }]);
    expect((await api.call('GET', '/api/numberingRule/list', { token: viewer })).status).toBe(200);
    expect((await preview('dfmeaProject', viewer)).status).toBe(200);
    expect((await save({ module: 'dfmeaProject', prefix: 'DF', elements: DEFAULT_ELEMENTS, allowManual: true }, viewer)).status).toBe(403);
    expect((await next('dfmeaProject', viewer)).status).toBe(403);
  });
});

describe('GET /api/numberingRule/list', () => {
  it('answers every module, with the default rule where unchanged', async () => {
    const { items } = (await api.call('GET', '/api/numberingRule/list?timestamp=1', { token: admin })).body.data;
    // every module the code numbers (the spec's 30 prefixes and the catalogs' and areas' own, FT among them)
    expect(items.map((r: { module: string }) => r.module).sort()).toEqual([...NUMBERING_MODULES].sort());
    expect(items.length).toBeGreaterThanOrEqual(44);
    expect(items.find((r: { module: string }) => r.module === 'dfmeaProject')).toEqual({ module: 'dfmeaProject', prefix: 'DF', elements: DEFAULT_ELEMENTS, allowManual: false });
  });
});

describe('POST /api/numberingRule/save and /next', () => {
  it('hands out numbers by the stored rule, changes the rule and logs both', async () => {
    expect((await next('dfmeaProject')).body.data).toEqual({ number: 'DF2606010001' });
    expect((await next('dfmeaProject')).body.data).toEqual({ number: 'DF2606010002' });
    expect(await lastLogged(api, admin, 'numbering.allocate')).toMatchObject({ entityId: 'dfmeaProject', after: { number: 'DF2606010002' } });

    const rule = {
      module: 'dfmeaProject',
      prefix: 'DFM',
      elements: [{ kind: 'prefix', digits: 9 }, { kind: 'separator', value: '-' }, { kind: 'date', format: 'yyyyMM' }, { kind: 'separator', value: '-' }, { kind: 'serial', digits: 5 }],
      allowManual: true,
    };
    const res = await save(rule);
    expect(res.status).toBe(200);
    const stored = { ...rule, elements: [{ kind: 'prefix' }, ...rule.elements.slice(1)] };
    expect(res.body.data).toEqual(stored);
    const { items } = (await api.call('GET', '/api/numberingRule/list', { token: admin })).body.data;
    expect(items.find((r: { module: string }) => r.module === 'dfmeaProject')).toEqual(stored);
    expect(await lastLogged(api, admin, 'numbering.set_rule')).toMatchObject({ entityId: 'dfmeaProject', before: { prefix: 'DF' }, after: { prefix: 'DFM' } });
    expect((await next('dfmeaProject')).body.data).toEqual({ number: 'DFM-202606-00001' });
  });

  it('refuses a rule core finds wrong, listing every problem, and changes nothing', async () => {
    const res = await save({ module: 'dfmeaProject', prefix: 'df', elements: [{ kind: 'date', format: 'ddMM' }], allowManual: false });
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe(
      '编号规则有误\n前缀必须是 1 到 10 位大写字母或数字（当前为 df）\n第 1 个部分的日期格式 ddMM 未知，可选 yyMMdd、yyyyMMdd、yyMM、yyyyMM 或 yyyy\n编号规则必须有且只有一个流水号部分（当前规则有 0 个）',
    );
    expect(res.body.data.issues.map((i: { field: string }) => i.field)).toEqual(['prefix', 'elements', 'elements']);
    expect((await next('dfmeaProject')).body.data.number).toBe('DF2606010001');
  });

  it('refuses an unknown module, a missing allowManual and a module name over 50 characters', async () => {
    const unknown = await save({ module: 'spaceship', prefix: 'SP', elements: DEFAULT_ELEMENTS, allowManual: false }, admin, 'en-US');
    expect(unknown.status).toBe(400);
    expect(unknown.body.meta.message).toBe('Unknown numbering module: spaceship');
    const flag = await save({ module: 'dfmeaProject', prefix: 'DF', elements: DEFAULT_ELEMENTS }, admin, 'en-US');
    expect(flag.body.meta.message).toBe('The request failed validation\nAllow manual numbers is required');
    const nextUnknown = await next('spaceship');
    expect(nextUnknown.status).toBe(400);
    expect(nextUnknown.body.meta.message).toBe('未知的编号模块：spaceship');
    expect((await next('m'.repeat(51), admin, 'en-US')).body.meta.message).toBe('The request failed validation\nModule can be at most 50 characters long');
  });
});

describe('GET /api/numberingRule/preview', () => {
  it('answers the real next number (0003 after two), takes nothing and logs nothing', async () => {
    expect((await preview('dfmeaProject')).body.data).toEqual({ module: 'dfmeaProject', number: 'DF2606010001', serial: 1, allowManual: false });
    await next('dfmeaProject');
    await next('dfmeaProject');
    const res = await preview('dfmeaProject');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ module: 'dfmeaProject', number: 'DF2606010003', serial: 3, allowManual: false });
    expect((await preview('dfmeaProject')).body.data.number).toBe('DF2606010003');
    // the last allocation logged is still the second one
    expect(await lastLogged(api, admin, 'numbering.allocate')).toMatchObject({ after: { number: 'DF2606010002' } });
    expect((await next('dfmeaProject')).body.data).toEqual({ number: 'DF2606010003' });
  });

  it('follows the stored rule, its format and whether it allows manual numbers', async () => {
    await save({ module: 'product', prefix: 'PRD', elements: [{ kind: 'prefix' }, { kind: 'separator', value: '-' }, { kind: 'serial', digits: 5 }], allowManual: true });
    expect((await preview('product')).body.data).toEqual({ module: 'product', number: 'PRD-00001', serial: 1, allowManual: true });
  });

  it('refuses an unknown module (400, translated) and a missing one', async () => {
    const unknown = await preview('spaceship', admin, 'en-US');
    expect(unknown.status).toBe(400);
    expect(unknown.body.meta.message).toBe('Unknown numbering module: spaceship');
    expect((await api.call('GET', '/api/numberingRule/preview', { token: admin })).status).toBe(400);
  });
});
