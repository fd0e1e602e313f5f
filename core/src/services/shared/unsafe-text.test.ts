import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../errors.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { createDepartment, listDepartments } from '../org/departments.ts';
import { createSite, listSites } from '../org/sites.ts';
import { importUsers, USER_SHEET_COLUMNS } from '../users/user-xlsx.ts';
import { listUsers } from '../users/users.ts';
import { writeSheet } from './xlsx.ts';

/** The services the CLI calls refuse unsafe characters themselves, not only the API in front of them. */
let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

async function refusal(work: Promise<unknown>): Promise<InvalidInputError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidInputError);
  return error as InvalidInputError;
}

describe('services refuse control characters and lone surrogates', () => {
  it('refuses a site name with U+0000 and stores nothing', async () => {
    const before = (await listSites(t.ctx)).length;
    const error = await refusal(createSite(t.ctx, { name: 'Plant\u0000A' }));
    expect(error.issues).toEqual([{ messageKey: 'validation.control_character', field: 'name', params: { field: 'name', code: 'U+0000' } }]);
    expect((await listSites(t.ctx)).length).toBe(before);
  });

  it('refuses a department name with a lone surrogate', async () => {
    const site = await createSite(t.ctx, { name: 'Plant B' });
    const error = await refusal(createDepartment(t.ctx, { site: site.id, number: 'D1', name: 'QA \ud800' }));
    expect(error.issues.map((i) => [i.field, i.messageKey])).toEqual([['name', 'validation.lone_surrogate']]);
    expect(await listDepartments(t.ctx, site.id)).toEqual([]);
  });

  it('reports a spreadsheet cell with a control character as a row error and imports nothing', async () => {
    // Excel stores a control character as the escape _x0007_, which the reader turns back into U+0007
    const data = await writeSheet('users', USER_SHEET_COLUMNS, [
      { userName: 'clean1', realName: 'Clean' },
      { userName: 'dirty1', realName: 'Bell_x0007_name' },
    ]);
    const error = await refusal(importUsers(t.ctx, data));
    expect(error.issues).toEqual([{ messageKey: 'validation.control_character', field: 'realName', row: 3, params: { field: 'realName', code: 'U+0007' } }]);
    expect((await listUsers(t.ctx, { search: 'clean1' })).total).toBe(0);
  });
});
