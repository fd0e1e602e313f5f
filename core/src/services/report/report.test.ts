import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { eq } from 'drizzle-orm';
import { fmeaFailure, fmeaProject, user } from '../../db/schema/index.ts';
import { addControl } from '../fmea/controls.ts';
import { createDvpPlan, generateDvpTests, setDvpResult } from '../dvp/index.ts';
import { freezeBaseline } from '../fmea-baseline/index.ts';
import { adminContext, buildHousingPfmea, buildSite, createTeamProject, idOf, makeTeam, openTestDatabase, teamMembers, type Team, type TestDatabase } from '../../testing/index.ts';
import { importAnalysis } from '../fmea/import.ts';
import { readRiskGrid } from '../fmea/grid.ts';
import { generateControlPlan } from '../pfmea/control-plan.ts';
import { createTask } from '../program/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { apTrendOf, countsReport, dfmeaReportOf, nodesReport, pfmeaReportOf, reportWorkbook, taskReport } from './index.ts';
import { excel } from '../shared/workbook-stream.ts';

/** One seeded database for the file (it also runs on PostgreSQL): a small DFMEA with actions and a PFMEA with a control plan. */
let t: TestDatabase;
let team: Team;
let dfmea: { id: string; serialNum: string };
let pfmeaId: string;
/** The project's owner as the API's session sees them: the report area and both FMEA areas. */
let manager: ServiceContext;
const FMEA = ['add', 'edit', 'del'];
const granted = (ctx: ServiceContext, grants: Record<string, readonly string[]>) =>
  t.as({ ...ctx.actor, grants: new Map(Object.entries(grants).map(([route, buttons]) => [route, new Set(buttons)])) });
const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have been refused'), (e: DomainError) => e);

beforeAll(async () => {
  t = await openTestDatabase({ now: () => new Date('2026-12-06T08:00:00Z') });
  team = await makeTeam(t);
  manager = granted(team.owner, { report_index: ['export'], dfmea_index: FMEA, pfmea_index: FMEA, task_index: [] });
  const project = await createTeamProject(team);
  dfmea = project;
  await importAnalysis(team.owner, project.id, {
    nodes: [{ key: 'gear', name: 'Gear' }, { key: 'tooth', parentKey: 'gear', name: 'Tooth' }],
    functions: [
      { key: 'close', nodeKey: '@root', description: 'Close window' },
      { key: 'mesh', nodeKey: 'gear', description: 'Mesh with worm' },
      { key: 'hold', nodeKey: 'tooth', description: 'Carry the load' },
    ],
    characteristics: [{ functionKey: 'hold', name: 'Tooth profile', characteristicClass: 'critical', special: true }],
    failures: [
      { key: 'e', functionKey: 'close', kind: 'FE', description: 'Window does not close', severity: 9 },
      { key: 'm', functionKey: 'mesh', kind: 'FM', description: 'No torque' },
      { key: 'worn', functionKey: 'hold', kind: 'FC', description: 'Teeth worn', occurrence: 8, detection: 7 },
      { key: 'broken', functionKey: 'hold', kind: 'FC', description: 'Teeth broken', occurrence: 2, detection: 2 },
      { key: 'loose', functionKey: 'hold', kind: 'FC', description: 'Seat loose' },
    ],
    failureLinks: [
      { higherKey: 'e', lowerKey: 'm' },
      { higherKey: 'm', lowerKey: 'worn' },
      { higherKey: 'm', lowerKey: 'broken' },
      { higherKey: 'm', lowerKey: 'loose' },
    ],
    actions: [
      { causeKey: 'worn', kind: 'prevention', description: 'Harden teeth', responsibleUserId: idOf(team.editor), targetDate: '2026-12-01', raOccurrence: 1 },
      { causeKey: 'broken', kind: 'detection', description: 'Add test', responsibleUserId: idOf(team.editor), targetDate: '2026-12-24' },
      { causeKey: 'broken', kind: 'detection', description: 'Done already', status: 'completed', actionTaken: 'Test bench built', evidence: 'TR-1', completionDate: '2026-11-01', raDetection: 1 },
    ],
  });
  pfmeaId = (await buildHousingPfmea(team.owner, teamMembers(team))).project.id;
  await generateControlPlan(team.owner, pfmeaId, { phase: 'production' });
});
afterAll(() => t?.dispose());

describe('the DFMEA report', () => {
  it('counts AP as the risk grid rates the chains, and after optimisation at the residual ratings', async () => {
    const report = await dfmeaReportOf(manager, dfmea.serialNum);
    const grid = await readRiskGrid(team.owner, dfmea.id);
    const count = (ap: 'H' | 'M' | 'L', field: 'ap' | 'raAp') => grid.items.filter((r) => (r[field] ?? (field === 'raAp' ? r.ap : null)) === ap).length;
    expect(report.before).toEqual({ H: count('H', 'ap'), M: count('M', 'ap'), L: count('L', 'ap'), unrated: 1, chains: 3 });
    expect(report.after).toEqual({ H: count('H', 'raAp'), M: count('M', 'raAp'), L: count('L', 'raAp'), unrated: 1, chains: 3 });
    expect(report.before.H).toBe(1);
    expect(report.after.H).toBe(0);
    expect(report.heatBefore.find((c) => c.s === 9 && c.o === 8)).toMatchObject({ n: 1, H: 1 });
    expect(report.heatAfter.find((c) => c.s === 9 && c.o === 8)).toBeUndefined();
    expect(report.heatAfter.find((c) => c.s === 9 && c.o === 1)).toMatchObject({ n: 1 });
  });

  it('lists the open actions by owner, the one past its date overdue, and the special characteristics; no DVP&R yet', async () => {
    const report = await dfmeaReportOf(manager, dfmea.id);
    expect(report.openActions).toMatchObject({ open: 2, overdue: 1 });
    expect(report.openActions.owners).toHaveLength(1);
    expect(report.openActions.owners[0]!.items.map((i) => [i.description, i.overdue])).toEqual([['Harden teeth', true], ['Add test', false]]);
    expect(report.specialCharacteristics.map((c) => [c.name, c.elementName])).toEqual([['Tooth profile', 'Tooth']]);
    expect(report.testCoverage).toMatchObject({ available: false });
  });

  it('gives the DVP&R coverage of the detection controls once the DFMEA has a plan, a failed test counted apart', async () => {
    const dvp = granted(team.owner, { dvp_index: ['add', 'edit'], dfmea_index: FMEA });
    const [worn, broken] = await Promise.all(['Teeth worn', 'Teeth broken'].map(async (d) => (await t.db.select().from(fmeaFailure).where(eq(fmeaFailure.description, d)).get())!));
    await addControl(team.owner, { causeId: worn!.id, kind: 'detection', description: 'Endurance run' });
    await addControl(team.owner, { causeId: broken!.id, kind: 'detection', description: 'Bending test' });
    const plan = await createDvpPlan(dvp, { project: dfmea.id });
    const tests = (await generateDvpTests(dvp, plan.id)).plan.testRows;
    expect(tests).toHaveLength(2);
    await setDvpResult(dvp, plan.id, tests[0]!.id, { version: tests[0]!.version, result: 'unqualified' });
    const report = await dfmeaReportOf(manager, dfmea.id);
    expect(report.testCoverage).toMatchObject({ available: true, controls: 2, tested: 2, qualified: 0, unqualified: 1, open: 1 });
  });

  it('is refused without report_index, to a non-member, and for a PFMEA (message names the project)', async () => {
    expect((await refusal(dfmeaReportOf(granted(team.owner, { dfmea_index: FMEA }), dfmea.id))).code).toBe('not_allowed');
    expect((await refusal(dfmeaReportOf(granted(team.outsider, { report_index: [], dfmea_index: FMEA }), dfmea.id))).code).toBe('not_allowed');
    const wrong = await refusal(dfmeaReportOf(manager, pfmeaId));
    expect(wrong.code).toBe('invalid_input');
    expect(translateError('en-US', wrong)).toMatch(/^PF\S+ is a process FMEA/);
    expect((await refusal(dfmeaReportOf(manager, 'DF-none'))).code).toBe('not_found');
    // a member holding both routes reads it
    expect((await dfmeaReportOf(granted(team.reader, { report_index: [], dfmea_index: [] }), dfmea.id)).before.chains).toBe(3);
  });

  it('AP over time: each baseline rated from its frozen snapshot, then the working copy', async () => {
    const project = (await t.db.select().from(fmeaProject).where(eq(fmeaProject.id, dfmea.id)).get())!;
    await freezeBaseline(t.db, { db: t.db, actor: team.owner.actor, now: t.ctx.now }, project, 1);
    const trend = await apTrendOf(manager, dfmea.id, 'design');
    expect(trend.points.map((p) => p.label)).toEqual(['BL1', 'working']);
    // the frozen analysis is the working copy's: the same counts, read from the snapshot rather than the tables
    expect(trend.points[0]).toMatchObject({ before: { H: 1, unrated: 1, chains: 3 }, after: { H: 0, chains: 3 } });
    expect(trend.points[1]).toMatchObject({ before: trend.points[0]!.before, after: trend.points[0]!.after });
  });
});

describe('the PFMEA and control-plan report', () => {
  it('says of each special characteristic whether a control-plan line controls it', async () => {
    const report = await pfmeaReportOf(manager, pfmeaId);
    expect(report.specialCharacteristics.map((c) => c.name).sort()).toEqual(['Bore diameter', 'Spindle speed']);
    expect(report.specialCharacteristics.every((c) => c.lines > 0)).toBe(true);
    expect(report.controlPlan.missing).toBe(0);
    expect(report.controlPlan.complete + report.controlPlan.incomplete).toBe(2);
    expect(report.before.chains).toBe(3);
  });
});

describe('overview reports', () => {
  it('counts projects by type and status; nodes per readable project; tasks by status and handler', async () => {
    const counts = await countsReport(manager);
    expect(counts.byType.find((v) => v.value === 'dfmea')!.n).toBeGreaterThanOrEqual(1);
    expect(counts.total).toBe(counts.rows.reduce((n, r) => n + r.n, 0));
    const nodes = await nodesReport(granted(team.reader, { report_index: [], dfmea_index: [] }));
    // the reader is a member of the DFMEA; the PFMEA's route is not held
    expect(nodes.rows.map((r) => r.serialNum)).toEqual([dfmea.serialNum]);
    expect(nodes.rows[0]).toMatchObject({ effects: 1, modes: 1, causes: 3, chains: 3 });
    await createTask(granted(team.owner, { task_index: ['add'] }), { taskName: 'Review gear', taskType: '1', handlerId: idOf(team.editor), plannedStart: '2026-11-01', plannedEnd: '2026-11-30' });
    const tasks = await taskReport(manager);
    expect(tasks).toMatchObject({ open: 1, overdue: 1 });
    expect((await refusal(taskReport(granted(team.owner, { task_index: [] })))).code).toBe('not_allowed');
  });

  it('counts a project under its responsible person’s site: others’ sites are left out, administrators see every site', async () => {
    const [north, south] = [await buildSite(t.ctx), await buildSite(t.ctx)];
    // the projects' responsible person (the team's owner) belongs to north; a manager of south reads the counts
    await t.db.update(user).set({ siteId: north.id }).where(eq(user.id, idOf(team.owner)));
    await t.db.update(user).set({ siteId: south.id }).where(eq(user.id, idOf(team.outsider)));
    const southern = await countsReport(granted(team.outsider, { report_index: [], dfmea_index: FMEA, pfmea_index: FMEA }));
    expect(southern.sites).toEqual([south.id]);
    expect(southern.rows.filter((r) => r.keys.siteId === north.id)).toEqual([]);
    const northern = await countsReport(manager);
    expect(northern.rows.find((r) => r.keys.siteId === north.id && r.keys.projectType === 'dfmea')!.n).toBe(1);
    const all = await countsReport(await adminContext(t));
    expect(all.sites).toBeNull();
    expect(all.bySite.find((v) => v.value === north.id)!.n).toBe(2);
    await t.db.update(user).set({ siteId: null }).where(eq(user.id, idOf(team.owner)));
  });

  it('writes the DFMEA workbook with headers in the reader’s language', async () => {
    const report = await dfmeaReportOf(manager, dfmea.id);
    for (const [locale, sheet, header] of [['en-US', 'Open actions', 'Responsible'], ['zh-CN', '未完成措施', '负责人']] as const) {
      const workbook = new (await excel()).Workbook();
      await workbook.xlsx.load(Buffer.from(await reportWorkbook({ kind: 'design', report }, locale)) as never);
      const actions = workbook.getWorksheet(sheet)!;
      expect(actions.getCell(1, 1).value).toBe(header);
      expect(actions.rowCount).toBe(3);
      expect(actions.getCell(2, 6).value).toBe(locale === 'en-US' ? 'Yes' : '是');
    }
  });
});
