import { afterAll, describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs } from '@fmea/core/i18n';
import { openTestApp } from '../testing.ts';
import { fieldLabel, labelKey, labelledParams } from './labels.ts';
import { requestFieldNames, type OpenApiDocument } from './openapi-fields.ts';

const api = await openTestApp();
afterAll(() => api.dispose());
const doc = (await (await api.app.request('/api/openapi.json')).json()) as OpenApiDocument;
const names = requestFieldNames(doc);

describe('field labels', () => {
  it('are collected from every route of the OpenAPI document', () => {
    expect(names.size).toBeGreaterThan(150);
    expect(names.get('userName')).toContain('POST /api/user/saveUser');
    expect(names.get('userRole')).toContain('POST /api/project/save');
    expect(names.get('timestamp')?.length).toBeGreaterThan(10);
  });

  it.each(LOCALES)('name every request field in %s', (locale) => {
    const catalog = loadCatalogs()[locale];
    const missing = [...names].filter(([name]) => !catalog[labelKey(name)]?.trim()).map(([name, operations]) => `${labelKey(name)} (${operations[0]})`);
    expect(missing, `add these to api/src/http/locales/${locale}.po`).toEqual([]);
  });

  it('are words, not the field names', () => {
    const { 'zh-CN': zh, 'en-US': en } = loadCatalogs();
    for (const name of names.keys()) {
      // a name that is a word already (id, code, name) may be its own label in English, never a camelCase one
      if (/[A-Z]/.test(name)) expect(en[labelKey(name)], name).not.toBe(name);
      expect(zh[labelKey(name)], name).not.toBe(name);
      expect(zh[labelKey(name)], name).toMatch(/[\u4e00-\u9fff]|^[A-Z ×()]+$|^ID$/);
    }
  });

  it('name a nested field by its own label and its row, an entry of a list of values by its number', () => {
    expect(fieldLabel('en-US', 'projectMembers.0.userRole')).toBe('Member role (row 1)');
    expect(fieldLabel('zh-CN', 'projectMembers.0.userRole')).toBe('成员角色（第 1 行）');
    expect(fieldLabel('en-US', 'siteIds.2')).toBe('Sites (entry 3)');
    expect(fieldLabel('zh-CN', 'siteIds.2')).toBe('站点（第 3 项）');
    expect(fieldLabel('en-US', '4.flag')).toBe('Setting (row 5)');
    expect(fieldLabel('en-US', 'userName')).toBe('User name');
    expect(fieldLabel('en-US', '')).toBe('The request');
    // a key the caller made up has no label: it is named as sent
    expect(fieldLabel('en-US', 'colour')).toBe('colour');
  });

  it('replace the field in an issue’s params only where it is the issue’s own field', () => {
    expect(labelledParams('zh-CN', { messageKey: 'validation.required', field: 'realName', params: { field: 'realName' } })).toEqual({ field: '姓名' });
    // the sheet column an import names stays as the workbook says it
    expect(labelledParams('en-US', { messageKey: 'import.column_unmapped', field: 'J', params: { column: 'J', header: 'Remarks' } })).toEqual({ column: 'J', header: 'Remarks' });
    expect(labelledParams('en-US', { messageKey: 'x', field: 'name', params: { field: 'Stage' } })).toEqual({ field: 'Stage' });
  });
});
