import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContext, buildRole, buildWindowLifter, createTeamProject, idOf, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { openRerateMarks } from '../fmea/rerate-marks.ts';
import { excel } from '../shared/workbook-stream.ts';
import { setUserRoles } from '../users/users.ts';
import { createDvpPlan, createDvpTest, exportDvpWorkbook, generateDvpTests, getDvpPlan, importDvpWorkbook, setDvpResult, updateDvpTest } from './index.ts';

let t: TestDatabase;
let team: Team;
beforeAll(async () => {
  t = await openTestDatabase({ now: () => new Date('2026-03-01T08:00:00Z') });
  const admin = await adminContext(t);
  team = await makeTeam(t);
  const role = await buildRole(admin, { label: 'dvp', grants: [{ routeName: 'dvp_index', buttons: ['add', 'edit', 'del', 'import', 'export'] }, { routeName: 'dfmea_index', buttons: [] }] });
  for (const who of [team.owner, team.editor]) await setUserRoles(admin, idOf(who), [role.id]);
});
afterAll(() => t.dispose());

/** A plan with every field of a test filled, a result and two linked controls. */
async function filledPlan() {
  const project = await createTeamProject(team);
  await buildWindowLifter(team.editor, project);
  const plan = await createDvpPlan(team.editor, { project: project.id });
  const generated = (await generateDvpTests(team.editor, plan.id)).plan;
  const test = generated.testRows[0]!;
  await updateDvpTest(team.editor, plan.id, test.id, {
    version: test.version,
    classification: 'Durability',
    dimensionChainLevel: 'L2',
    calculationMethod: 'Weibull, β = 2',
    testStandard: 'GMW 14125',
    testQuantity: 6,
    acceptanceCriteria: 'No tooth wear beyond 0.1 mm after 20000 cycles',
    testStage: 'DV',
    responsibleUserId: idOf(team.owner),
    plannedStart: '2026-03-02',
    plannedEnd: '2026-03-20',
    actualStart: '2026-03-03',
    sampleQuantity: 6,
  });
  const again = (await getDvpPlan(team.editor, plan.id)).testRows[0]!;
  await setDvpResult(team.editor, plan.id, again.id, { version: again.version, result: 'qualified', resultNote: '6/6 passed', actualEnd: '2026-03-19' });
  await createDvpTest(team.editor, plan.id, { name: '噪声试验', testStage: 'PV' });
  return { project, plan: await getDvpPlan(team.editor, plan.id) };
}

const rowsOf = (view: Awaited<ReturnType<typeof getDvpPlan>>) => view.testRows.map(({ version: _v, resultAt: _a, resultByName: _b, ...rest }) => rest);

async function edit(data: Uint8Array, change: (sheet: import('exceljs').Worksheet) => void): Promise<Uint8Array> {
  const workbook = new (await excel()).Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  change(workbook.worksheets[0]!);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('DVP&R workbook', () => {
  it.each(['zh-CN', 'en-US'] as const)('round-trips every field in %s: export, import into the plan, the same rows', async (locale) => {
    const { plan } = await filledPlan();
    const file = await exportDvpWorkbook(team.editor, plan.id, { locale });
    expect(file).toMatchObject({ fileName: `DVP-${plan.dvpNum}.xlsx`, count: 2 });
    const report = await importDvpWorkbook(team.editor, plan.id, file.data, { fileName: file.fileName });
    expect(report).toMatchObject({ created: 0, updated: 2 });
    expect(rowsOf(await getDvpPlan(team.editor, plan.id))).toEqual(rowsOf(plan));
  });

  it('adds rows without a known number, and an unqualified row marks the chain', async () => {
    const { project, plan } = await filledPlan();
    const file = await exportDvpWorkbook(team.editor, plan.id, { locale: 'en-US' });
    const changed = await edit(file.data, (sheet) => {
      const headings = sheet.getRow(4);
      const col = (label: string) => (headings.values as unknown[]).indexOf(label);
      sheet.getRow(5).getCell(col('Result')).value = 'Unqualified';
      const extra = sheet.getRow(7);
      extra.getCell(col('Test name')).value = 'Salt spray 480 h';
      extra.getCell(col('Test quantity')).value = 3;
    });
    expect(await importDvpWorkbook(team.editor, plan.id, changed, { fileName: 'x.xlsx' })).toMatchObject({ created: 1, updated: 2 });
    const after = await getDvpPlan(team.editor, plan.id);
    expect(after.testRows.map((r) => [r.name, r.result])).toEqual([
      ['Endurance test ET-3', 'unqualified'],
      ['噪声试验', null],
      ['Salt spray 480 h', null],
    ]);
    expect(await openRerateMarks(t.db, project.id)).toHaveLength(1);
  });

  it('names each wrong row and column and writes nothing; refuses unmapped columns unless accepted, and another plan’s file', async () => {
    const { plan } = await filledPlan();
    const file = await exportDvpWorkbook(team.editor, plan.id, { locale: 'en-US' });
    const bad = await edit(file.data, (sheet) => {
      const headings = sheet.getRow(4);
      const col = (label: string) => (headings.values as unknown[]).indexOf(label);
      sheet.getRow(5).getCell(col('Test quantity')).value = 'many';
      sheet.getRow(6).getCell(col('Detection controls proved')).value = 'No such control';
      sheet.getRow(6).getCell(col('Result')).value = 'Passed';
    });
    await expect(importDvpWorkbook(team.editor, plan.id, bad, { fileName: 'x.xlsx' })).rejects.toMatchObject({
      messageKey: 'dvp.import_invalid',
      issues: [
        expect.objectContaining({ row: 5, field: 'testQuantity', messageKey: 'dvp.quantity_invalid' }),
        expect.objectContaining({ row: 6, field: 'result', messageKey: 'fmea.value_invalid' }),
        expect.objectContaining({ row: 6, field: 'controls', messageKey: 'dvp.control_unknown' }),
      ],
    });
    expect(rowsOf(await getDvpPlan(team.editor, plan.id))).toEqual(rowsOf(plan));
    const extra = await edit(file.data, (sheet) => {
      sheet.getRow(4).getCell(30).value = 'Cost';
      sheet.getRow(5).getCell(30).value = '1200';
    });
    await expect(importDvpWorkbook(team.editor, plan.id, extra, { fileName: 'x.xlsx' })).rejects.toMatchObject({ messageKey: 'import.columns_unmapped' });
    expect((await importDvpWorkbook(team.editor, plan.id, extra, { fileName: 'x.xlsx', acceptUnmapped: true })).unmapped).toHaveLength(1);
    const other = await filledPlan();
    await expect(importDvpWorkbook(team.editor, other.plan.id, file.data, { fileName: 'x.xlsx' })).rejects.toMatchObject({ messageKey: 'dvp.import_plan_mismatch' });
  });
});
