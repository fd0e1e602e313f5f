import { DIALECT } from '../../db/dialect.ts';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fmeaProject } from '../../db/schema/index.ts';
import { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { addDictionaryItems, createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { deleteDictionaryItem, findDictionaryType } from '../dictionaries/dictionaries.ts';
import { dictionary } from '../../db/schema/index.ts';
import { projectLabeler } from './project-codes.ts';
import { getProjectById, updateProjectHeader } from './projects.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
  await addDictionaryItems(t.ctx, 'customer', [['1', '上汽大众', 'SAIC Volkswagen'], ['2', '比亚迪', 'BYD']]);
  await addDictionaryItems(t.ctx, 'productPlatform', [['1', '电动车窗平台', 'Power window platform']]);
});
afterEach(() => t.dispose());

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** Every AIAG-VDA header field with a value of its own (200 characters where the limit allows). */
const FULL_HEADER = {
  companyName: 'ACME Automotive',
  engineeringLocation: 'Wuhan plant, building 3',
  subject: 'Power window lifter, front door',
  carTypeYears: 'MY2027 / Passat B9, Tiguan L, Touran',
  fmeaIdNumber: 'DFMEA-WL-0042',
  revisionDate: '2026-04-02',
  startDate: '2026-01-05',
  sopDate: '2027-03-01',
  designResponsibility: 'Body electronics, J. Smith',
  preparedBy: 'Li Wei',
  teamNotes: 'Supplier: Brose (motor), test lab',
  planIntent: 'x'.repeat(200),
  planTiming: 'Design freeze 2026-06-30',
  planTeam: 'Core team plus supplier and test lab',
  planTask: 'Steps 1–6 for the lifter and its motor',
  planTool: 'FMEA Workbench',
  analysisBoundaries: 'Included: motor, gearbox, cable drum; excluded: door module carrier',
};

describe('dictionary fields of the project header', () => {
  it('stores the code whether the caller sends the code or the item’s name in either language', async () => {
    const project = await createTeamProject(team, { stage: 'A样', customer: ' saic volkswagen ', platform: 'Power window platform', confidentiality: '3' });
    expect(project).toMatchObject({ stage: '2', customer: '1', platform: '1', confidentiality: '3' });
    const updated = await updateProjectHeader(team.owner, project.id, { version: 1, stage: 'B sample', customer: '比亚迪', confidentiality: '机密' });
    expect(updated).toMatchObject({ stage: '3', customer: '2', platform: '1', confidentiality: '4' });
  });

  it('clears a dictionary field given blank or null', async () => {
    const project = await createTeamProject(team, { stage: '2', customer: '1' });
    expect(await updateProjectHeader(team.owner, project.id, { version: 1, stage: '', customer: null })).toMatchObject({ stage: null, customer: null });
  });

  it('refuses a value no item of the dictionary names, naming the field, and writes nothing', async () => {
    const project = await createTeamProject(team, { stage: '2' });
    const error = await errorOf(updateProjectHeader(team.owner, project.id, { version: 1, stage: 'D sample', customer: 'Ford', name: 'Renamed' }));
    expect(error.issues).toEqual([
      { messageKey: 'fmea.dictionary_item_unknown', field: 'stage', params: { field: 'stage', value: 'D sample' } },
      { messageKey: 'fmea.dictionary_item_unknown', field: 'customer', params: { field: 'customer', value: 'Ford' } },
    ]);
    expect(translateError('en-US', error).split('\n')[1]).toBe(
      'Stage: “D sample” is not in the list; choose one of its entries, or ask an administrator to add it to the dictionary',
    );
    expect(translateError('zh-CN', error).split('\n')[2]).toBe('客户：“Ford”不在可选列表中；请选择列表中的一项，或请管理员先在数据字典中添加');
    expect(await getProjectById(team.owner, project.id)).toMatchObject({ version: 1, name: project.name, stage: '2', customer: null });
  });

  it('keeps a value stored before codes were checked while an update sends it unchanged, and refuses changing to another unknown one', async () => {
    const project = await createTeamProject(team);
    await t.db.update(fmeaProject).set({ customer: 'Ford' }).where(eq(fmeaProject.id, project.id));
    const kept = await updateProjectHeader(team.owner, project.id, { version: 1, customer: 'Ford', name: 'Renamed' });
    expect(kept).toMatchObject({ name: 'Renamed', customer: 'Ford' });
    await expect(updateProjectHeader(team.owner, project.id, { version: 2, customer: 'GM' })).rejects.toMatchObject({ issues: [expect.objectContaining({ field: 'customer' })] });
  });

  it('does not take a deleted item for new values; where its code is stored, the code shows', async () => {
    const project = await createTeamProject(team, { customer: '2' });
    const type = await findDictionaryType(t.db, 'customer');
    const byd = (await t.db.select().from(dictionary).where(eq(dictionary.parentId, type.id))).find((d) => d.code === '2')!;
    await deleteDictionaryItem(t.ctx, byd.id);
    const other = await errorOf(createTeamProject(team, { name: 'Other', customer: 'BYD' }));
    expect(other.issues[0]).toMatchObject({ field: 'customer', params: { value: 'BYD' } });
    const label = await projectLabeler(t.db, 'en-US');
    expect(label(await getProjectById(team.owner, project.id))).toEqual({ stage: null, customer: '2', platform: null, confidentiality: null });
  });

  it('names each dictionary field in the reader’s language, and a value no item names as it is', async () => {
    const project = await createTeamProject(team, { stage: '3', customer: '1', platform: '1', confidentiality: '2' });
    expect((await projectLabeler(t.db, 'zh-CN'))(project)).toEqual({ stage: 'B样', customer: '上汽大众', platform: '电动车窗平台', confidentiality: '内部' });
    expect((await projectLabeler(t.db, 'en-US'))(project)).toEqual({ stage: 'B sample', customer: 'SAIC Volkswagen', platform: 'Power window platform', confidentiality: 'Internal' });
    expect((await projectLabeler(t.db, 'en-US'))({ customer: 'Ford' })).toEqual({ stage: null, customer: 'Ford', platform: null, confidentiality: null });
  });
});

describe('the AIAG-VDA header fields', () => {
  it('stores every field, texts trimmed, and clears one given blank', async () => {
    const padded = Object.fromEntries(Object.entries(FULL_HEADER).map(([k, v]) => [k, v.length < 200 && !k.endsWith('Date') ? ` ${v} ` : v]));
    const project = await createTeamProject(team, padded);
    expect(project).toMatchObject(FULL_HEADER);
    const cleared = await updateProjectHeader(team.owner, project.id, { version: 1, planTool: '  ', revisionDate: null });
    expect(cleared).toMatchObject({ ...FULL_HEADER, planTool: null, revisionDate: null });
  });

  it('refuses texts over 200 characters and dates that are no dates, naming each field', async () => {
    const error = await errorOf(createTeamProject(team, { companyName: 'c'.repeat(201), analysisBoundaries: 'b'.repeat(201), revisionDate: '2026-02-30', startDate: 'soon' }));
    expect(error.issues.map((i) => `${i.field}:${i.messageKey}`)).toEqual([
      'companyName:validation.too_long',
      'analysisBoundaries:validation.too_long',
      'startDate:fmea.date_invalid',
      'revisionDate:fmea.date_invalid',
    ]);
  });
});

// a migration of SQLite's history: PostgreSQL's start from the schema as it is now (db/migrations-pg)
describe.skipIf(DIALECT === 'postgres')('the migration to dictionary codes', () => {
  /** The data statements of the migration that introduced codes, run again on rows written the old way. */
  const normalise = async () => {
    const text = readFileSync(new URL('../../db/migrations/0006_dfmea_header.sql', import.meta.url), 'utf8');
    for (const statement of text.split('--> statement-breakpoint').filter((s) => s.includes('UPDATE'))) await t.db.run(sql.raw(statement));
  };

  it('turns labels stored in either language into codes and leaves codes and unknown values as they were', async () => {
    const old = await createTeamProject(team, { name: 'Old' });
    const coded = await createTeamProject(team, { name: 'Coded', stage: '2', customer: '1' });
    await t.db.update(fmeaProject).set({ stage: 'B sample', customer: '上汽大众', confidentiality: 'confidential', platform: 'Unknown platform' }).where(eq(fmeaProject.id, old.id));
    await normalise();
    expect(await getProjectById(team.owner, old.id)).toMatchObject({ stage: '3', customer: '1', confidentiality: '3', platform: 'Unknown platform' });
    expect(await getProjectById(team.owner, coded.id)).toMatchObject({ stage: '2', customer: '1' });
  });
});
