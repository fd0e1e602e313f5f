import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { createDepartment, findDepartment, listDepartments } from './departments.ts';
import { translateError } from '../../i18n/index.ts';
import type { DomainError } from '../../errors.ts';
import { createSite, deleteSite, listSites, updateSite } from './sites.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

describe('sites and departments', () => {
  it('creates and lists sites with their user counts', async () => {
    await createSite(t.ctx, { name: '上海', nameEn: 'Shanghai', licenceCount: 5 });
    await buildUser(t.ctx, { site: '上海' });
    const sites = await listSites(t.ctx);
    expect(sites.find((s) => s.name === '上海')).toMatchObject({ nameEn: 'Shanghai', licenceCount: 5, userCount: 1 });
  });

  it('refuses duplicate site names, on create and on rename', async () => {
    await createSite(t.ctx, { name: 'A' });
    const b = await createSite(t.ctx, { name: 'B' });
    await expect(createSite(t.ctx, { name: 'A' })).rejects.toMatchObject({ messageKey: 'site.name_duplicate' });
    await expect(updateSite(t.ctx, b.id, { name: 'A' })).rejects.toMatchObject({ messageKey: 'site.name_duplicate' });
  });

  it('refuses an empty or over-long site name', async () => {
    await expect(createSite(t.ctx, { name: '  ' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(createSite(t.ctx, { name: 'x'.repeat(201) })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('keeps a site that still has users', async () => {
    await createSite(t.ctx, { name: 'busy' });
    await buildUser(t.ctx, { site: 'busy' });
    await expect(deleteSite(t.ctx, 'busy')).rejects.toMatchObject({ messageKey: 'site.in_use' });
    await createSite(t.ctx, { name: 'empty' });
    await deleteSite(t.ctx, 'empty');
    expect((await listSites(t.ctx)).map((s) => s.name)).not.toContain('empty');
  });

  it('refuses duplicate department names and numbers within a site, but allows them across sites', async () => {
    await createSite(t.ctx, { name: 'S1' });
    await createSite(t.ctx, { name: 'S2' });
    await createDepartment(t.ctx, { site: 'S1', number: 'D1', name: '质量部' });
    await expect(createDepartment(t.ctx, { site: 'S1', number: 'D2', name: '质量部' })).rejects.toMatchObject({ messageKey: 'department.name_duplicate' });
    await expect(createDepartment(t.ctx, { site: 'S1', number: 'D1', name: '研发部' })).rejects.toMatchObject({ messageKey: 'department.number_duplicate' });
    await createDepartment(t.ctx, { site: 'S2', number: 'D1', name: '质量部' });
    expect(await listDepartments(t.ctx, 'S2')).toHaveLength(1);
  });

  it('names a department not found by its name or number, but never shows the id a form sent', async () => {
    const id = '4631633e-54dd-415f-89a9-c1c6a18bc57d';
    const gone = (await findDepartment(t.db, id).catch((e: unknown) => e)) as DomainError;
    expect(gone).toMatchObject({ messageKey: 'department.gone' });
    expect(translateError('zh-CN', gone)).toBe('所选部门已不存在，请重新选择');
    expect(translateError('en-US', gone)).not.toContain(id);
    const named = (await findDepartment(t.db, '质检部').catch((e: unknown) => e)) as DomainError;
    expect(translateError('en-US', named)).toBe('Department not found: 质检部');
  });

  it('refuses a department in an unknown site', async () => {
    await expect(createDepartment(t.ctx, { site: 'nowhere', number: 'X', name: 'X' })).rejects.toMatchObject({ messageKey: 'site.not_found' });
  });
});
