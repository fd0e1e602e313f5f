import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zodLocales from 'zod/locales';
import { LOCALES, loadCatalogs, type Locale } from '@fmea/core/i18n';
import { openTestApp, type TestApp } from '../testing.ts';
import { issueText } from './errors.ts';
import { REQUEST_MESSAGE_KEYS, requestIssues } from './validation.ts';

/** What zod's schema would say, read in plain words. */
function read(schema: z.ZodType, input: unknown, locale: Locale = 'en-US'): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  return requestIssues(result.error, input).map((issue) => issueText(locale, issue));
}

describe('the mapping of zod issues to our messages', () => {
  it('has every message in both catalogs', () => {
    for (const locale of LOCALES) {
      const catalog = loadCatalogs()[locale];
      expect(REQUEST_MESSAGE_KEYS.filter((key) => !catalog[key]?.includes('{field}'))).toEqual([]);
    }
  });

  it('says what is wrong with a text', () => {
    const body = z.object({ userName: z.string().trim().min(1).max(50), jobNumber: z.string().min(3).optional(), mobile: z.string().length(11).optional() });
    expect(read(body, { userName: '' })).toEqual(['User name cannot be empty']);
    expect(read(body, { userName: '  ' }, 'zh-CN')).toEqual(['用户名不能为空']);
    expect(read(body, {})).toEqual(['User name is required']);
    expect(read(body, { userName: 5 })).toEqual(['User name must be text']);
    expect(read(body, { userName: 'x'.repeat(51) }, 'zh-CN')).toEqual(['用户名最多 50 个字符']);
    expect(read(body, { userName: 'a', jobNumber: 'ab' })).toEqual(['Job number must be at least 3 characters long']);
    expect(read(body, { userName: 'a', mobile: '123' })).toEqual(['Mobile must be exactly 11 characters long']);
  });

  it('says what is wrong with a number, a choice, a list, a date, an e-mail address and a format', () => {
    const body = z.object({
      severity: z.number().int().min(1).max(10).optional(),
      frequencyRatio: z.number().positive().lt(1).optional(),
      sort: z.number().multipleOf(10).optional(),
      gender: z.enum(['0', '1', '2']).optional(),
      confirm: z.boolean().optional(),
      roleIdList: z.array(z.string()).max(2).optional(),
      sopFrom: z.iso.date().optional(),
      validityDate: z.union([z.null(), z.string().pipe(z.coerce.date()), z.number().pipe(z.coerce.date())]).optional(),
      email: z.email().optional(),
      ap: z.string().regex(/^[HML]$/).optional(),
    });
    expect(read(body, { severity: 11 })).toEqual(['Severity (S) can be at most 10']);
    expect(read(body, { severity: 0 }, 'zh-CN')).toEqual(['严重度 (S)不能小于 1']);
    expect(read(body, { severity: 2.5 })).toEqual(['Severity (S) must be a whole number']);
    expect(read(body, { severity: '7' })).toEqual(['Severity (S) must be a number']);
    expect(read(body, { frequencyRatio: 0 })).toEqual(['Frequency ratio must be greater than 0']);
    expect(read(body, { frequencyRatio: 1 })).toEqual(['Frequency ratio must be less than 1']);
    expect(read(body, { sort: 15 })).toEqual(['Sort must be a multiple of 10']);
    expect(read(body, { gender: '7' })).toEqual(['Gender must be one of: 0, 1, 2']);
    expect(read(body, { confirm: 'yes' }, 'zh-CN')).toEqual(['确认只能是 true 或 false']);
    expect(read(body, { roleIdList: 'admin' })).toEqual(['Roles must be a list']);
    expect(read(body, { roleIdList: ['a', 'b', 'c'] })).toEqual(['Roles can hold at most 2 entries']);
    expect(read(body, { sopFrom: '2026-02-30' })).toEqual(['SOP date from is not a valid date']);
    expect(read(body, { validityDate: 'someday' }, 'zh-CN')).toEqual(['有效期不是有效的日期']);
    expect(read(body, { email: 'not-an-address' })).toEqual(['E-mail is not a valid e-mail address']);
    expect(read(body, { ap: 'X' })).toEqual(['Action priority (AP) is not in the expected format']);
  });

  it('names a row of a list and an unknown field, and reads a refinement’s own message', () => {
    const body = z.strictObject({
      projectMembers: z.array(z.object({ userId: z.string(), userRole: z.number().int() })),
      version: z.number().optional(),
    });
    expect(read(body, { projectMembers: [{ userId: 'u1', userRole: 0 }, { userId: 'u2', userRole: 'owner' }] })).toEqual(['Member role (row 2) must be a number']);
    expect(read(body, { projectMembers: [], colour: 'red' }, 'zh-CN')).toEqual(['colour不是此请求可接受的字段']);
    const refined = body.refine((b) => b.version !== undefined, { path: ['version'], params: { messageKey: 'validation.required' } });
    expect(read(refined, { projectMembers: [] })).toEqual(['Version cannot be empty']);
    expect(read(z.object({}).refine(() => false, { path: ['name'] }), {})).toEqual(['Name is required']);
    expect(read(z.object({ name: z.string() }).refine(() => false, { path: ['name'] }), { name: 'x' })).toEqual(['Name is not valid']);
  });

  it('keeps the path as the issue’s field and one problem per field', () => {
    const result = z.object({ siteIds: z.array(z.string().min(1)) }).safeParse({ siteIds: ['a', ''] });
    expect(result.success).toBe(false);
    expect(requestIssues(result.error!, { siteIds: ['a', ''] })).toEqual([{ messageKey: 'validation.required', field: 'siteIds.1', params: { field: 'siteIds.1' } }]);
  });
});

describe('validation messages over HTTP', () => {
  let api: TestApp;
  let admin: string;
  beforeAll(async () => {
    api = await openTestApp();
    admin = await api.adminToken();
  });
  afterAll(() => api.dispose());

  const post = (path: string, body: unknown, lang: Locale) => api.call('POST', path, { token: admin, body, lang });

  it('says "user name cannot be empty" when a user is saved without one, in both languages (issue 10)', async () => {
    const zh = await post('/api/user/saveUser', { userName: '', realName: '张三' }, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.meta.message).toBe('请求参数校验失败\n用户名不能为空');
    expect(zh.body.data.issues).toEqual([{ messageKey: 'validation.required', field: 'userName', params: { field: 'userName' }, message: '用户名不能为空' }]);
    const en = await post('/api/user/saveUser', { userName: '', realName: 'Zhang San' }, 'en-US');
    expect(en.body.meta.message).toBe('The request failed validation\nUser name cannot be empty');
    expect(en.body.data.issues[0]).toMatchObject({ field: 'userName', message: 'User name cannot be empty' });
  });

  /** zod's own wording, in both languages, for the same issues: none of it may reach a reader. */
  const ZOD_WORDING = /Invalid input|Too (small|big)|expected|received|无效|数值过|期望|实际接收/;
  const CAMEL_CASE = /\b[a-z]+[A-Z][A-Za-z]*\b/;

  it.each([
    ['/api/user/saveUser', { userName: 'x'.repeat(51), realName: 5, gender: '9', siteIds: 'hq', validityDate: 'someday' }],
    ['/api/user/updateBasicInfo', { realName: 'x'.repeat(201), mobile: 1, email: ['a'] }],
    ['/api/site/saveSite', { siteName: '', licenceCount: -1, siteNameEn: 'x'.repeat(201) }],
    ['/api/role/savePermissions', { id: 'r1', permissions: [{ routeName: 5, buttons: 'add' }] }],
    ['/api/project/save', { projectType: 'nope', name: 'n', productName: 'p', projectMembers: [{ userId: '', userRole: 'x' }], sopDate: 7 }],
    ['/api/security/savePolicy', { minLength: 'eight', historyCount: 1.5, requireDigit: 'yes' }],
  ] as const)('names the fields of %s by label and says what is wrong in plain words', async (path, body) => {
    for (const lang of LOCALES) {
      const res = await post(path, body, lang);
      expect(res.status, `${path} ${lang}`).toBe(400);
      const lines: string[] = res.body.meta.message.split('\n').slice(1);
      expect(lines.length, `${path} ${lang}`).toBeGreaterThan(0);
      expect(lines).toEqual(res.body.data.issues.map((i: { message: string }) => i.message));
      for (const line of lines) {
        expect(line, `${path} ${lang}`).not.toMatch(ZOD_WORDING);
        expect(line, `${path} ${lang}`).not.toMatch(CAMEL_CASE);
        expect(line, `${path} ${lang}`).not.toMatch(/\{\w+\}/);
      }
      if (lang === 'zh-CN') for (const line of lines) expect(line).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('is not zod’s text', () => {
    const schema = z.object({ userName: z.string().min(1) });
    const result = schema.safeParse({ userName: '' });
    const zods = [zodLocales.zhCN(), zodLocales.en()].map((l) => l.localeError(result.error!.issues[0] as never));
    const ours = LOCALES.map((locale) => issueText(locale, requestIssues(result.error!, { userName: '' })[0]!));
    for (const text of zods) expect(ours).not.toContain(typeof text === 'string' ? text : text?.message);
    expect(ours).toEqual(['用户名不能为空', 'User name cannot be empty']);
  });
});
