import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { problem } from '../../db/schema/index.ts';
import type { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { adminContext, buildRole, idOf, makeUser, nameOf, openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { setUserRoles } from '../users/users.ts';
import { readAllSheets } from '../fmea/excel/workbook-io.ts';
import { writeSheet } from '../shared/xlsx.ts';
import type { ServiceContext } from '../shared/context.ts';
import { createProblem, exportProblemReport, exportProblems, importProblems, moveProblemStep, saveProblemCauses, saveProblemStep, saveProblemTeam, saveProblemWhys } from './index.ts';

let t: TestDatabase;
let quality: ServiceContext;

beforeEach(async () => {
  t = await openTestDatabase({ now: () => new Date('2026-03-01T08:00:00Z') });
  const admin = await adminContext(t);
  quality = await makeUser(t, 'quality');
  await setUserRoles(admin, idOf(quality), [(await buildRole(admin, { label: 'q', grants: [{ routeName: 'problem_index', buttons: ['add', 'edit', 'import', 'export'] }] })).id]);
});
afterEach(() => t.dispose());

const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have been refused'), (e: DomainError) => e);
const count = async () => (await t.db.select().from(problem)).length;

describe('the problem list in and out of a workbook', () => {
  it('exports the list and imports it back: names of type and source in either language, the responsible person by name', async () => {
    await createProblem(quality, { brief: 'Window lifter stalls', type: 'designProblem', source: 'field', partNumber: 'WL-100', happenedAt: new Date('2026-02-20T00:00:00Z'), responsibleId: idOf(quality) });
    const { data, count: n, fileName } = await exportProblems(quality, {}, 'en-US');
    expect([n, fileName]).toEqual([1, 'Problems.xlsx']);
    const [sheet] = await readAllSheets(data);
    expect(sheet!.rows[0]!.cells.slice(1, 7)).toEqual(['Problem number', 'Brief', 'Description', 'Type', 'Source', 'Happen time']);
    expect(sheet!.rows[1]!.cells.slice(2, 7)).toEqual(['Window lifter stalls', '', 'Design problem', 'Field / after-sales', '2026-02-20']);
    const result = await importProblems(quality, data);
    expect(result.created).toHaveLength(1);
    expect(result.created[0]!.problemNum).not.toBe(sheet!.rows[1]!.cells[1]);
    expect(await count()).toBe(2);
    const copy = (await t.db.select().from(problem)).find((p) => p.id === result.created[0]!.id)!;
    expect(copy).toMatchObject({ type: 'designProblem', source: 'field', partNumber: 'WL-100', responsibleName: nameOf(quality), happenedAt: new Date('2026-02-20T00:00:00Z') });
  });

  it('answers every bad row at once and writes nothing', async () => {
    const data = await writeSheet('问题', [
      { key: 'brief', headers: ['问题简述'] },
      { key: 'type', headers: ['问题类型'] },
      { key: 'source', headers: ['问题来源'] },
      { key: 'happenedAt', headers: ['发生时间'] },
      { key: 'responsible', headers: ['责任人'] },
    ], [
      { brief: '升降器卡滞', type: '设计问题', source: '市场/售后', happenedAt: '2026-02-20', responsible: '' },
      { brief: '', type: 'bogus', source: 'field', happenedAt: 'yesterday', responsible: 'nobody' },
    ]);
    const e = await refusal(importProblems(quality, data));
    expect(translateError('en-US', e).split('\n')).toEqual([
      'Nothing was imported: the file has errors',
      'Row 3: Happen time: “yesterday” is not a date',
      'Row 3: Brief cannot be empty',
      'Row 3: Type: “bogus” is not one of the allowed values',
      'Row 3: Responsible person: no user “nobody”',
    ]);
    expect(await count()).toBe(0);
  });

  it('refuses a column no field takes unless accepted, and then lists it', async () => {
    const data = await writeSheet('P', [
      { key: 'brief', headers: ['Brief'] },
      { key: 'type', headers: ['Type'] },
      { key: 'source', headers: ['Source'] },
      { key: 'x', headers: ['Cost'] },
    ], [{ brief: 'Rattle', type: 'produceProblem', source: 'production', x: '12' }]);
    expect((await refusal(importProblems(quality, data))).issues[0]).toMatchObject({ messageKey: 'import.column_unmapped' });
    expect(await count()).toBe(0);
    const done = await importProblems(quality, data, { acceptUnmapped: true });
    expect([done.created.length, done.unmapped.map((i) => i.params?.header)]).toEqual([1, ['Cost']]);
  });
});

describe('the 8D report workbook', () => {
  it('lays the 8D out as a customer form, in the reader’s language', async () => {
    let p = await createProblem(quality, { brief: 'Window lifter stalls', type: 'designProblem', source: 'field', partNumber: 'WL-100', responsibleId: idOf(quality) });
    for (const step of ['D0', 'D1', 'D2', 'D3'] as const) {
      p = await saveProblemStep(quality, p.id, step, { version: p.version, content: `${step} text` });
      if (step === 'D1') p = await saveProblemTeam(quality, p.id, { version: p.version, members: [{ userId: idOf(quality), role: 'leader', duty: 'Quality' }] });
      p = await moveProblemStep(quality, p.id, step, 'finish', { version: p.version });
    }
    p = await saveProblemCauses(quality, p.id, { version: p.version, causes: [{ track: 'occurrence', category: 'material', description: 'Gear creeps when hot', rootCause: true }] });
    p = await saveProblemWhys(quality, p.id, { version: p.version, chains: [{ track: 'occurrence', answers: ['Stalls', 'Teeth deform'] }] });
    const { fileName, data } = await exportProblemReport(quality, p.problemNum, 'en-US');
    expect(fileName).toBe(`8D report-${p.problemNum}.xlsx`);
    const text = (await readAllSheets(data))[0]!.rows.map((r) => r.cells.filter(Boolean).join(' | '));
    expect(text[0]).toBe(`8D report  ${p.problemNum}`);
    expect(text).toEqual(expect.arrayContaining(['D4 Root cause', 'Why it occurred', 'Material | Gear creeps when hot | Yes', '5-why chain 1: Stalls → Teeth deform', `${nameOf(quality)} | Team leader | Quality`]));
    const zh = (await readAllSheets((await exportProblemReport(quality, p.id, 'zh-CN')).data))[0]!.rows.map((r) => r.cells.filter(Boolean).join(' | '));
    expect(zh).toEqual(expect.arrayContaining(['D4 根本原因', '为何发生', '料 | Gear creeps when hot | 是']));
  });
});
