import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { fmeaProject, numberingCounter, operationLog } from '../../db/schema/index.ts';
import { translateError } from '../../i18n/index.ts';
import { DomainError } from '../../errors.ts';
import { createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { setNumberingRule } from '../numbering/numbering.ts';
import { previewProjectNumber } from './project-number.ts';
import { deleteProject } from './projects.ts';

let t: TestDatabase;
let team: Team;
const NOW = new Date('2026-03-09T08:00:00Z');
beforeEach(async () => {
  t = await openTestDatabase({ now: () => NOW });
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

const DF_RULE = { module: 'dfmeaProject', prefix: 'DF', elements: [{ kind: 'prefix' }, { kind: 'date', format: 'yyMMdd' }, { kind: 'serial', digits: 4 }] } as const;
const allowManual = (allow = true) => setNumberingRule(t.ctx, { ...DF_RULE, allowManual: allow });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const projectCount = async () => (await t.db.select({ id: fmeaProject.id }).from(fmeaProject)).length;

describe('previewing a project number', () => {
  it('answers the number the next project of the type gets, without taking it', async () => {
    await createTeamProject(team);
    await createTeamProject(team);
    await createTeamProject(team);
    const before = await t.db.select().from(numberingCounter);
    expect(await previewProjectNumber(t.db, 'dfmea', NOW)).toEqual({ projectType: 'dfmea', module: 'dfmeaProject', number: 'DF2603090004', serial: 4, allowManual: false });
    expect(await previewProjectNumber(t.db, 'dfmea', NOW)).toMatchObject({ number: 'DF2603090004' });
    expect(await t.db.select().from(numberingCounter)).toEqual(before);
    expect((await createTeamProject(team)).serialNum).toBe('DF2603090004');
  });

  it('uses the module of the type: family and MSR share DF, process projects have PF', async () => {
    await createTeamProject(team);
    expect(await previewProjectNumber(t.db, 'family', NOW)).toMatchObject({ module: 'dfmeaProject', number: 'DF2603090002' });
    expect(await previewProjectNumber(t.db, 'msr', NOW)).toMatchObject({ module: 'dfmeaProject', number: 'DF2603090002' });
    expect(await previewProjectNumber(t.db, 'pfmea', NOW)).toMatchObject({ module: 'pfmeaProject', number: 'PF2603090001' });
  });

  it('tells whether the rule lets users type the number', async () => {
    await allowManual();
    expect(await previewProjectNumber(t.db, 'dfmea', NOW)).toMatchObject({ allowManual: true, number: 'DF2603090001' });
  });
});

describe('creating a project with a number typed by hand', () => {
  it('takes the typed number (trimmed) where the rule allows it, and logs it', async () => {
    await allowManual();
    const project = await createTeamProject(team, { serialNum: '  WL-2026/01 ' });
    expect(project.serialNum).toBe('WL-2026/01');
    const [log] = await t.db.select().from(operationLog).where(eq(operationLog.entityId, project.id)).orderBy(operationLog.at, sql`rowid`);
    expect(log).toMatchObject({ action: 'fmea.project.create', after: expect.objectContaining({ serialNum: 'WL-2026/01' }) });
  });

  it('allocates as before when the number is absent, null or blank', async () => {
    await allowManual();
    expect((await createTeamProject(team)).serialNum).toBe('DF2603090001');
    expect((await createTeamProject(team, { serialNum: null })).serialNum).toBe('DF2603090002');
    expect((await createTeamProject(team, { serialNum: '   ' })).serialNum).toBe('DF2603090003');
  });

  it('refuses a typed number where the rule does not allow one, under the field serialNum, creating nothing', async () => {
    const error = await refusal(createTeamProject(team, { serialNum: 'WL-1' }));
    expect(error).toMatchObject({
      code: 'invalid_input',
      messageKey: 'validation.failed',
      issues: [{ messageKey: 'numbering.manual_not_allowed', params: { module: 'dfmeaProject' }, field: 'serialNum' }],
    });
    expect(translateError('en-US', error)).toBe('Form validation failed\nNumbers for dfmeaProject are assigned automatically and cannot be entered by hand');
    expect(translateError('zh-CN', error)).toContain('dfmeaProject 的编号由系统自动生成，不能手工填写');
    expect(await projectCount()).toBe(0);
  });

  it('refuses a number the rule’s manual check rejects, under the field serialNum', async () => {
    await allowManual();
    for (const bad of ['WL 1', 'x'.repeat(51), '产品001', 'WL#1']) {
      const error = await refusal(createTeamProject(team, { serialNum: bad }));
      expect(error).toMatchObject({ code: 'invalid_input', issues: [{ messageKey: 'numbering.manual_invalid', params: { max: 50 }, field: 'serialNum' }] });
    }
    expect(await projectCount()).toBe(0);
  });

  it('refuses a number a project already has: a conflict naming it, in both languages', async () => {
    await allowManual();
    const first = await createTeamProject(team);
    const error = await refusal(createTeamProject(team, { name: 'Second', serialNum: first.serialNum }));
    expect(error).toMatchObject({ code: 'conflict', messageKey: 'numbering.manual_duplicate', params: { value: 'DF2603090001' } });
    expect(translateError('en-US', error)).toBe('Number DF2603090001 already exists');
    expect(translateError('zh-CN', error)).toBe('编号 DF2603090001 已存在');
    await createTeamProject(team, { serialNum: 'WL-1' });
    await expect(createTeamProject(team, { serialNum: 'WL-1' })).rejects.toMatchObject({ code: 'conflict', params: { value: 'WL-1' } });
    expect(await projectCount()).toBe(2);
  });

  it('never reuses the number of a deleted project', async () => {
    await allowManual();
    const gone = await createTeamProject(team, { serialNum: 'WL-1' });
    await deleteProject(team.owner, gone.id, { version: gone.version });
    await expect(createTeamProject(team, { serialNum: 'WL-1' })).rejects.toMatchObject({ code: 'conflict', messageKey: 'numbering.manual_duplicate' });
  });

  it('keeps later automatic numbers clear of a typed one that follows the rule', async () => {
    await allowManual();
    expect((await createTeamProject(team, { serialNum: 'DF2603090005' })).serialNum).toBe('DF2603090005');
    expect(await previewProjectNumber(t.db, 'dfmea', NOW)).toMatchObject({ number: 'DF2603090006' });
    expect((await createTeamProject(team)).serialNum).toBe('DF2603090006');
  });

  it('keeps automatic numbers clear of a typed one the counter never saw (the rule changed since, or another type’s prefix)', async () => {
    // PF… typed into a design project while the DF rule allowed it: the PF counter does not know it
    await allowManual();
    await createTeamProject(team, { serialNum: 'PF2603090001' });
    expect(await previewProjectNumber(t.db, 'pfmea', NOW)).toMatchObject({ number: 'PF2603090002' });
    expect((await createTeamProject(team, { projectType: 'pfmea' })).serialNum).toBe('PF2603090002');
    // a number that did not follow the rule when typed, then the rule changed to a 5-digit serial
    await createTeamProject(team, { serialNum: 'DF26030900001' });
    await setNumberingRule(t.ctx, { ...DF_RULE, elements: [DF_RULE.elements[0], DF_RULE.elements[1], { kind: 'serial', digits: 5 }], allowManual: false });
    expect(await previewProjectNumber(t.db, 'dfmea', NOW)).toMatchObject({ number: 'DF26030900002' });
    expect((await createTeamProject(team)).serialNum).toBe('DF26030900002');
  });

});
