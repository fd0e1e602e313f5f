import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pdf, png } from '@fmea/core/testing';
import { engineerToken, expectRefused, lastLogged, openTestApp, signInWith, type TestApp } from '../../testing.ts';

let api: TestApp;
let admin: string;
let clock: Date;
beforeEach(async () => {
  clock = new Date('2026-06-01T08:00:00Z');
  api = await openTestApp({ now: () => clock });
  admin = await api.adminToken();
});
afterEach(() => api.dispose());

const post = (path: string, body?: unknown, token: string | undefined = admin, lang?: string) => api.call('POST', path, { token, body, lang });

describe('settings routes: who may call them', () => {
  it('refuses the administration calls without a session (401) and to a plain engineer (403)', async () => {
    const engineer = await engineerToken(api);
    for (const call of [
      { method: 'POST', path: '/api/replaceLogo/saveSysName', body: { sysName: 'x', sysNameEn: 'x' } },
      { method: 'POST', path: '/api/replaceLogo/saveWatermark', body: { watermark: true } },
      { method: 'POST', path: '/api/replaceLogo/saveUserSettings', body: { defaultLocale: 'en-US' } },
      { method: 'POST', path: '/api/replaceLogo/saveBackground', body: { which: 'login', fileName: null } },
      { method: 'GET', path: '/api/security/getPolicy' },
      { method: 'POST', path: '/api/security/savePolicy', body: { maxWrongAttempts: 3 } },
      { method: 'POST', path: '/api/operationLog/list', body: {} },
    ] as const) {
      await expectRefused(api, call, engineer);
    }
  });

  it('answers the system name and logo to anyone, signed in or not', async () => {
    const expected = { sysLogoUrl: null, sysName: 'FMEA 工作台', sysNameEn: 'FMEA Workbench', importMaxMb: 1, watermark: false, defaultLocale: null, translation: false, loginBackgroundUrl: null, homeBackgroundUrl: null };
    expect((await post('/api/replaceLogo/getInfoByClient', undefined, undefined)).body).toEqual({ meta: { success: true, code: 200, message: 'ok' }, data: expected });
    expect((await post('/api/replaceLogo/getInfoByClient', { client: 'acme' }, undefined)).body.data).toEqual(expected);
    expect((await post('/api/replaceLogo/getInfoByClient', {}, await engineerToken(api))).body.data).toEqual(expected);
  });
});

describe('POST /api/replaceLogo/saveSysName', () => {
  it('changes both names, which the login page then shows, and logs before and after', async () => {
    const res = await post('/api/replaceLogo/saveSysName', { sysName: ' 质量工作台 ', sysNameEn: 'Quality Bench' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sysLogoUrl: null, sysName: '质量工作台', sysNameEn: 'Quality Bench', watermark: false, defaultLocale: null, loginBackgroundUrl: null, homeBackgroundUrl: null });
    expect((await post('/api/replaceLogo/getInfoByClient', undefined, undefined)).body.data).toEqual({ ...res.body.data, importMaxMb: 1, translation: false });
    expect(await lastLogged(api, admin, 'settings.app')).toMatchObject({
      userName: 'admin',
      entityId: 'app',
      before: { sysName: 'FMEA 工作台' },
      after: { sysName: '质量工作台', sysNameEn: 'Quality Bench' },
    });
  });

  it('lets an app manager (system_app edit) change it', async () => {
    const manager = await signInWith(api, 'manager', [{ routeName: 'system_app', buttons: ['edit'] }]);
    expect((await post('/api/replaceLogo/saveSysName', { sysName: 'A', sysNameEn: 'A' }, manager)).status).toBe(200);
  });

  it('stores and returns SQL- and script-like names verbatim', async () => {
    const sysName = "'; UPDATE setting SET value = '' --";
    const sysNameEn = '<script>alert(1)</script>';
    await post('/api/replaceLogo/saveSysName', { sysName, sysNameEn });
    expect((await post('/api/replaceLogo/getInfoByClient', undefined, undefined)).body.data).toMatchObject({ sysName, sysNameEn });
  });

  it('refuses a blank name, a name over 50 characters and a missing English name', async () => {
    const blank = await post('/api/replaceLogo/saveSysName', { sysName: '  ', sysNameEn: 'x' });
    expect(blank.status).toBe(400);
    expect(blank.body.meta.message).toBe('系统名称不能为空');
    expect((await post('/api/replaceLogo/saveSysName', { sysName: 'x', sysNameEn: '' }, admin, 'en-US')).body.meta.message).toBe('The system name is required');
    const long = await post('/api/replaceLogo/saveSysName', { sysName: 'x'.repeat(51), sysNameEn: 'x' }, admin, 'en-US');
    expect(long.status).toBe(400);
    expect(long.body.meta.message).toBe('The request failed validation\nSystem name can be at most 50 characters long');
    const missing = await post('/api/replaceLogo/saveSysName', { sysName: 'x' });
    expect(missing.body.meta.message).toBe('请求参数校验失败\n系统英文名称为必填项');
    expect((await post('/api/replaceLogo/getInfoByClient', undefined, undefined)).body.data.sysName).toBe('FMEA 工作台');
  });
});

describe('POST /api/replaceLogo/saveWatermark', () => {
  it('turns the watermark on for every page (the public app info says so) and off, logged; a non-boolean is refused', async () => {
    const on = await post('/api/replaceLogo/saveWatermark', { watermark: true });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ watermark: true, sysName: 'FMEA 工作台' });
    expect((await post('/api/replaceLogo/getInfoByClient', undefined, undefined)).body.data.watermark).toBe(true);
    expect(await lastLogged(api, admin, 'settings.app')).toMatchObject({ before: { watermark: false }, after: { watermark: true } });
    const bad = await post('/api/replaceLogo/saveWatermark', { watermark: 'yes' }, admin, 'en-US');
    expect(bad.status).toBe(400);
    expect(bad.body.meta.message).toContain('Watermark');
    expect((await post('/api/replaceLogo/saveWatermark', { watermark: false })).body.data.watermark).toBe(false);
  });
});

describe('POST /api/replaceLogo/saveUserSettings', () => {
  it('sets the language new users start in (the public app info says it), logged; another language is refused with its label and nothing changes', async () => {
    const bad = await post('/api/replaceLogo/saveUserSettings', { defaultLocale: 'fr-FR' }, admin, 'en-US');
    expect(bad.status).toBe(400);
    expect(bad.body.meta.message).toContain('Default language');
    expect((await post('/api/replaceLogo/getInfoByClient', undefined, undefined)).body.data.defaultLocale).toBeNull();
    const saved = await post('/api/replaceLogo/saveUserSettings', { defaultLocale: 'en-US' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.defaultLocale).toBe('en-US');
    expect((await post('/api/replaceLogo/getInfoByClient', undefined, undefined)).body.data.defaultLocale).toBe('en-US');
    expect(await lastLogged(api, admin, 'settings.app')).toMatchObject({ before: { defaultLocale: null }, after: { defaultLocale: 'en-US' } });
    expect((await post('/api/replaceLogo/saveUserSettings', { defaultLocale: null })).body.data.defaultLocale).toBeNull();
  });
});

describe('POST /api/replaceLogo/saveBackground', () => {
  const picture = async (data: Uint8Array, name: string, path = '/api/fileOperate/uploadFmeaImg', kind?: string) => {
    const raw = new FormData();
    raw.append('file', new File([Buffer.from(data)], name));
    if (kind) raw.append('kind', kind);
    return (await api.call('POST', path, { token: admin, raw })).body.data.fileName as string;
  };
  const get = (path: string, token?: string) => api.app.request(path, { headers: token ? { token } : {} });

  it('serves the login background without a session and the home one to signed-in users, only once set', async () => {
    const engineer = await engineerToken(api);
    const wide = await picture(png(40, 20), 'wide.png'); // not square: backgrounds may be any shape
    expect((await get('/api/replaceLogo/loginBackground')).status).toBe(404);
    expect((await get(`/api/fileOperate/downloadFile?fileName=${wide}`, engineer)).status).toBe(404);
    const login = await post('/api/replaceLogo/saveBackground', { which: 'login', fileName: wide });
    expect(login.body.data.loginBackgroundUrl).toBe(`/api/replaceLogo/loginBackground?v=${wide}`);
    const served = await get(login.body.data.loginBackgroundUrl);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    const home = await post('/api/replaceLogo/saveBackground', { which: 'home', fileName: wide });
    expect((await post('/api/replaceLogo/getInfoByClient', undefined, undefined)).body.data).toMatchObject({ homeBackgroundUrl: `/api/fileOperate/downloadFile?fileName=${wide}` });
    expect(home.status).toBe(200);
    expect((await get(home.body.data.homeBackgroundUrl, engineer)).status).toBe(200);
    expect((await get(home.body.data.homeBackgroundUrl)).status).toBe(401);
    await post('/api/replaceLogo/saveBackground', { which: 'login', fileName: null });
    expect((await get('/api/replaceLogo/loginBackground')).status).toBe(404);
  });

  it('refuses a file that is not an uploaded picture and a wrong target, changing nothing', async () => {
    const doc = await picture(pdf(), 'a.pdf', '/api/fileOperate/uploadSingleFile', 'attachment');
    expect((await post('/api/replaceLogo/saveBackground', { which: 'login', fileName: doc })).status).toBe(404);
    expect((await post('/api/replaceLogo/saveBackground', { which: 'sidebar', fileName: null })).status).toBe(400);
    expect((await post('/api/replaceLogo/getInfoByClient', undefined, undefined)).body.data).toMatchObject({ loginBackgroundUrl: null, homeBackgroundUrl: null });
  });
});

describe('password and security settings', () => {
  it('answers the policy', async () => {
    const res = await api.call('GET', '/api/security/getPolicy?timestamp=1', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      minLength: 12,
      maxLength: 16,
      requireLower: true,
      requireUpper: true,
      requireDigit: true,
      requireSpecial: true,
      forbidSequences: true,
      historyCount: 3,
      maxWrongAttempts: 5,
      lockoutMinutes: 30,
      addressMaxFailures: 20,
      addressWindowMinutes: 15,
      idleLogoutMinutes: 30,
      forceChangeOnFirstLogin: true,
      expiryDays: 90,
      expiryWarningDays: 7,
    });
  });

  it('changes what is sent, logs it, and sessions follow the new idle time at once', async () => {
    const res = await post('/api/security/savePolicy', { idleLogoutMinutes: 5, maxWrongAttempts: 3 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ idleLogoutMinutes: 5, maxWrongAttempts: 3, minLength: 12 });
    expect((await api.call('GET', '/api/security/getPolicy', { token: admin })).body.data).toMatchObject({ idleLogoutMinutes: 5, maxWrongAttempts: 3 });
    expect(await lastLogged(api, admin, 'security.policy')).toMatchObject({ before: { idleLogoutMinutes: 30 }, after: { idleLogoutMinutes: 5 } });
    const engineer = await engineerToken(api);
    clock = new Date(clock.getTime() + 6 * 60_000);
    api.services.auth.clear();
    expect((await api.call('GET', '/api/user/info', { token: engineer })).status).toBe(401);
  });

  it('refuses an inconsistent policy with core’s messages, and a value of the wrong type', async () => {
    const range = await post('/api/security/savePolicy', { minLength: 20, maxLength: 16 }, admin, 'en-US');
    expect(range.status).toBe(400);
    expect(range.body.meta.message).toBe('The password and security settings have errors\nThe minimum length (20) must not be greater than the maximum length (16)');
    const classes = await post('/api/security/savePolicy', { requireLower: false, requireUpper: false, requireDigit: false, requireSpecial: false }, admin, 'en-US');
    expect(classes.body.meta.message).toBe('The password and security settings have errors\nTick at least one required character type');
    const whole = await post('/api/security/savePolicy', { historyCount: 1.5 }, admin, 'en-US');
    expect(whole.body.meta.message).toBe('The password and security settings have errors\nPassword history must be a whole number');
    const type = await post('/api/security/savePolicy', { maxLength: '16' });
    expect(type.body.meta.message).toBe('请求参数校验失败\n密码最大长度必须是数字');
    expect((await api.call('GET', '/api/security/getPolicy', { token: admin })).body.data).toMatchObject({ minLength: 12, maxLength: 16, historyCount: 3 });
  });
});

describe('POST /api/operationLog/list', () => {
  const list = async (body: Record<string, unknown>, token = admin, lang?: string) => post('/api/operationLog/list', body, token, lang);

  const seedLog = async () => {
    await post('/api/replaceLogo/saveSysName', { sysName: 'A', sysNameEn: 'A' });
    clock = new Date('2026-06-01T08:10:00Z');
    await post('/api/requiredRule/saveOrUpdate', { ruleType: 'EnglishRequiredRuleFlag', flag: '1' });
    clock = new Date('2026-06-01T08:20:00Z');
    await post('/api/notice/saveOrUpdate', { title: 'n' });
  };

  it('lists newest first with who, what, before and after, and pages', async () => {
    await seedLog();
    const res = await list({ page: 1, limit: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, limit: 2 });
    expect(res.body.data.items.map((e: { action: string }) => e.action)).toEqual(['notice.create', 'rules.set']);
    expect(res.body.data.items[1]).toMatchObject({ userName: 'admin', entity: 'business_rule', entityId: 'EnglishRequiredRuleFlag', at: '2026-06-01T08:10:00.000Z', before: { flag: '0' }, after: { flag: '1' } });
    expect(res.body.data.items[1].userId).toEqual(expect.any(String));
  });

  it('filters by action prefix, entity, user, time and search', async () => {
    await seedLog();
    const actions = async (body: Record<string, unknown>) => (await list(body)).body.data.items.map((e: { action: string }) => e.action);
    expect(await actions({ action: 'rules.' })).toEqual(['rules.set']);
    expect(await actions({ entity: 'setting' })).toEqual(['settings.app']);
    expect(await actions({ userName: 'nobody' })).toEqual([]);
    expect(await actions({ from: '2026-06-01T08:05:00Z', to: Date.parse('2026-06-01T08:15:00Z') })).toEqual(['rules.set']);
    expect(await actions({ search: 'notice' })).toEqual(['notice.create']);
    expect(await actions({ search: "%' OR 1=1 --" })).toEqual([]);
  });

  it('names each action and record type in the caller’s language beside its code', async () => {
    await seedLog();
    const named = async (lang: string) =>
      (await list({ action: 'rules.' }, admin, lang)).body.data.items.map((e: Record<string, string>) => [e.action, e.actionLabel, e.entity, e.entityLabel]);
    expect(await named('zh-CN')).toEqual([['rules.set', '修改业务规则', 'business_rule', '业务规则']]);
    expect(await named('en-US')).toEqual([['rules.set', 'Business rule changed', 'business_rule', 'Business rule']]);
    // search finds an action by its name in the caller's language too
    const found = async (search: string, lang: string) => (await list({ search }, admin, lang)).body.data.items.map((e: { action: string }) => e.action);
    expect(await found('业务规则', 'zh-CN')).toEqual(['rules.set']);
    expect(await found('business rule', 'en-US')).toEqual(['rules.set']);
    expect(await found('业务规则', 'en-US')).toEqual([]);
    const seed = (await list({ action: 'system.seed' }, admin, 'zh-CN')).body.data.items[0];
    expect([seed.actionLabel, seed.entityLabel]).toEqual(['初始化系统', '用户']);
  });

  it('lets a log reader (system_log) read it', async () => {
    const reader = await signInWith(api, 'auditor', [{ routeName: 'system_log', buttons: [] }]);
    const res = await list({}, reader);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThan(0);
  });

  it('refuses a time that is not one and a limit over 500', async () => {
    const time = await list({ from: 'last week' }, admin, 'en-US');
    expect(time.status).toBe(400);
    expect(time.body.meta.message).toBe('from is not a valid time: last week (use milliseconds since the epoch or ISO 8601)');
    const limit = await list({ limit: 501 }, admin, 'en-US');
    expect(limit.body.meta.message).toBe('The request failed validation\nRows per page can be at most 500');
  });
});

describe('the OpenAPI document', () => {
  it('describes every dictionary, notice, rule and settings call with its access', async () => {
    const doc = (await (await api.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { 'x-access': unknown }>> };
    const access = (path: string, method = 'post') => doc.paths[path]?.[method]?.['x-access'];
    expect(access('/api/dictionary/getDics', 'get')).toBe('user');
    expect(access('/api/dictionary/importDic')).toEqual({ route: 'system_dictionary', button: 'import' });
    expect(access('/api/notice/updateStatus')).toEqual({ route: 'system_notice', button: 'publish' });
    expect(access('/api/apRule/evaluate')).toBe('user');
    expect(access('/api/numberingRule/next')).toEqual({ route: 'system_numbering', button: 'edit' });
    expect(access('/api/replaceLogo/getInfoByClient')).toBe('public');
    expect(access('/api/operationLog/list')).toEqual({ route: 'system_log' });
    const ours = [
      ...['getDics', 'saveOrUpdate', 'deleteDictionary', 'checkDictCode', 'selectDictionary', 'validateDictName', 'checkDelFlag', 'importDic', 'exportDic'].map((p) => `/api/dictionary/${p}`),
      ...['list', 'saveOrUpdate', 'delete', 'updateStatus', 'selectList', 'getNotice', 'getNoticeCount'].map((p) => `/api/notice/${p}`),
      '/api/requiredRule/query',
      '/api/requiredRule/saveOrUpdate',
      '/api/basicRule/query',
      '/api/basicRule/saveOrUpdate',
      '/api/sysBusinessRule/query',
      '/api/sysBusinessRule/update',
      '/api/dataCreatorPermissions/query',
      '/api/dataCreatorPermissions/update',
      '/api/sysKnowledgePushRule/getData',
      '/api/sysKnowledgePushRule/updateSysKnowledgePushRuleTreeRule',
      '/api/sysInterfaceReason/getData',
      '/api/sysInterfaceReason/updateSysInterfaceReasonRule',
      '/api/scoreSupplyRule/list',
      '/api/scoreSupplyRule/saveOrUpdate',
      ...['list', 'save', 'evaluate', 'export', 'import'].map((p) => `/api/apRule/${p}`),
      ...['list', 'save', 'next'].map((p) => `/api/numberingRule/${p}`),
      '/api/replaceLogo/getInfoByClient',
      '/api/replaceLogo/saveSysName',
      '/api/security/getPolicy',
      '/api/security/savePolicy',
      '/api/operationLog/list',
    ];
    expect(ours).toHaveLength(43);
    for (const path of ours) expect(Object.values(doc.paths[path] ?? {})[0]?.['x-access'], path).toBeDefined();
  });
});
