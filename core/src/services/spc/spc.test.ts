import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fmeaChangeProposal, problem, spcMeasurement } from '../../db/schema/index.ts';
import { buildHousingPfmea, insertUser, openTestDatabase, seededRandom, type TestDatabase } from '../../testing/index.ts';
import { translateError } from '../../i18n/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { generateControlPlan } from '../pfmea/control-plan.ts';
import { saveControlPlanLine } from '../pfmea/control-plan-lines.ts';
import { acceptProposal } from '../loop/proposals.ts';
import { addMeasurements, analyzeStudy, capabilityByCause, createStudy, deleteStudy, freezeLimits, getStudy, listStudies, listStudyCandidates, openProblemFromSignal, proposeOccurrence, updateStudy, type MeasurementInput } from './index.ts';

/**
 * The SPC area's services on one database: who may read and write a study (the PFMEA project's rules plus
 * the spc_index buttons), limits read from the control plan, all-or-nothing batches, phase I → II, and the
 * loop (Cpk beside the causes, the O proposal the FMEA's responsible person accepts, an 8D from a signal).
 */
let t: TestDatabase;
let owner: ServiceContext;
let editor: ServiceContext;
let reader: ServiceContext;
let outsider: ServiceContext;
let noRoute: ServiceContext;
let pfmea: Awaited<ReturnType<typeof buildHousingPfmea>>;
let boreLine: string;

const ALL = ['add', 'edit', 'del', 'import', 'export'];
async function person(label: string, spc: string[] | null, problemButtons: string[] = []): Promise<ServiceContext> {
  const { id, userName } = await insertUser(t.db, { label });
  const grants = new Map<string, Set<string>>([['pfmea_index', new Set(['add', 'edit', 'del'])]]);
  if (spc) grants.set('spc_index', new Set(spc));
  if (problemButtons.length) grants.set('problem_index', new Set(problemButtons));
  return t.as({ userId: id, userName, grants, roles: { isAdmin: false, roleTypes: ['2'], productTypes: [] } });
}

/** Subgroups of five around `mean` with spread `sd` (a seeded generator: the same figures every run). */
function subgroups(from: number, count: number, mean: number, sd: number, seed: number): MeasurementInput[] {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Array.from({ length: count * 5 }, (_, i) => ({ subgroup: `S${from + Math.floor(i / 5)}`, value: Number((mean + sd * normal()).toFixed(4)) }));
}

beforeAll(async () => {
  t = await openTestDatabase({ now: () => new Date('2026-03-01T08:00:00Z') });
  owner = await person('owner', ALL, ['add', 'edit']);
  editor = await person('editor', ALL);
  reader = await person('reader', ALL);
  outsider = await person('outsider', ALL);
  noRoute = await person('noroute', null);
  pfmea = await buildHousingPfmea(owner, [
    { userId: owner.actor.userId!, roles: [0] },
    { userId: editor.actor.userId!, roles: [1] },
    { userId: reader.actor.userId!, roles: [4] },
    { userId: noRoute.actor.userId!, roles: [1] },
  ]);
  const plan = await generateControlPlan(owner, pfmea.project.id, { phase: 'production' });
  const bore = plan.lines.find((l) => l.productCharacteristic === 'Bore diameter')!;
  await saveControlPlanLine(owner, bore.id, { version: bore.version, specification: 'Ø20 ± 0.05 mm' });
  boreLine = bore.id;
});
afterAll(() => t.dispose());

const en = (error: unknown) => translateError('en-US', error as never);

describe('SPC studies', () => {
  it('opens a study of a control-plan line with the limits its specification reads as, for those who may edit the PFMEA', async () => {
    const candidates = await listStudyCandidates(reader, pfmea.project.id);
    expect(candidates.find((c) => c.lineId === boreLine)).toMatchObject({ name: 'Bore diameter', specification: 'Ø20 ± 0.05 mm', limits: { lsl: 19.95, usl: 20.05, target: 20 }, studies: [] });
    const input = { projectId: pfmea.project.id, lineId: boreLine, chart: 'xbar-r' as const, subgroupSize: 5 };
    // a read-only member, someone outside the team, someone without the SPC route
    await expect(createStudy(reader, input)).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(createStudy(outsider, input)).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(createStudy(noRoute, input)).rejects.toMatchObject({ code: 'not_allowed' });
    const wrong = await createStudy(editor, { ...input, subgroupSize: 1, lsl: 20.1 }).catch((e: unknown) => e);
    expect(en(wrong).split('\n')).toEqual([
      'Form validation failed',
      'Subgroup size must be a whole number from 2 to 25 for this chart',
      'Upper specification limit (USL) must be above the lower specification limit (20.1)',
      'Target (20) must lie between the specification limits',
    ]);
    const view = await createStudy(editor, input);
    expect(view).toMatchObject({ study: { studyNum: expect.stringMatching(/^SP/), name: 'Bore diameter', lsl: 19.95, usl: 20.05, target: 20, rules: [1, 2, 5, 6], secondaryRules: [1], characteristicId: expect.any(String) }, measurements: 0 });
    // the reader reads it, and may not change it
    expect((await getStudy(reader, view.study.studyNum)).can).toEqual({ edit: false, del: false, import: false });
    await expect(updateStudy(reader, view.study.id, { version: 1, usl: 20.06 })).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(getStudy(outsider, view.study.id)).rejects.toMatchObject({ code: 'not_allowed' });
    expect((await listStudies(outsider, {})).total).toBe(0);
    expect((await listStudies(reader, { search: 'bore' })).items.map((s) => s.study.id)).toEqual([view.study.id]);
  });

  it('adds a batch all or nothing, freezes phase-I limits from 20 subgroups and judges later data against them', async () => {
    const { study } = (await listStudies(editor, { search: 'Bore' })).items[0]!;
    const bad = await addMeasurements(editor, study.id, [{ subgroup: 'S1', value: 20 }, { subgroup: '', value: Number.NaN }], 'entered').catch((e: unknown) => e);
    expect(en(bad).split('\n')).toEqual(['Form validation failed', 'Row 2: Subgroup is required (at most 100 characters)', 'Row 2: Value must be a number']);
    expect(await t.db.select().from(spcMeasurement).where(eq(spcMeasurement.studyId, study.id))).toEqual([]);
    // the reader may not add data; entering needs edit, a machine's batch import
    await expect(addMeasurements(reader, study.id, subgroups(1, 1, 20, 0.01, 1), 'entered')).rejects.toMatchObject({ code: 'not_allowed' });

    expect(await addMeasurements(editor, study.id, subgroups(1, 10, 20, 0.008, 7), 'entered')).toEqual({ added: 50, firstSeq: 1, lastSeq: 50 });
    const tooFew = await freezeLimits(editor, study.id, study.version).catch((e: unknown) => e);
    expect(en(tooFew)).toBe('Limits are frozen from at least 20 subgroups; the study has 10');
    await addMeasurements(editor, study.id, subgroups(11, 15, 20, 0.008, 8), 'machine');
    const phaseOne = await analyzeStudy(reader, study.id);
    expect(phaseOne.result).toMatchObject({ phase: 'I', points: expect.any(Array) });
    expect(phaseOne.result!.points).toHaveLength(25);
    expect(phaseOne.result!.capability!.cpk).toBeGreaterThan(1.67);
    expect(phaseOne.proposedOccurrence).toBe(2);

    const frozen = await freezeLimits(editor, study.id, study.version);
    expect(frozen).toMatchObject({ frozenThrough: 125, frozenByName: expect.any(String), version: study.version + 1 });
    // a shift after the freeze: phase II flags it against the frozen limits
    await addMeasurements(editor, study.id, subgroups(26, 5, 20.03, 0.008, 9), 'import');
    const phaseTwo = await analyzeStudy(reader, study.id);
    expect(phaseTwo.phaseOne).toBe(25);
    expect(phaseTwo.result!.center).toBeCloseTo(frozen.frozenLimits!.center, 10);
    expect(phaseTwo.result!.violations.some((v) => v.rule === 1 && v.series === 'primary' && Number(v.subgroup.slice(1)) > 25)).toBe(true);
  });

  it('shows the Cpk beside the causes on the characteristic, proposes their O to the FMEA owner, and opens an 8D from the signal', async () => {
    const { study } = (await listStudies(editor, { search: 'Bore' })).items[0]!;
    const byCause = await capabilityByCause(reader, pfmea.project.id);
    // the bore's mode has two causes below it: tool worn (O 4) and part skewed (O 3)
    expect(byCause.map((c) => c.causeId).sort()).toEqual([pfmea.ids.worn!, pfmea.ids.skewed!].sort());
    const { proposedOccurrence } = byCause[0]!;
    expect(proposedOccurrence).toBeGreaterThanOrEqual(2);

    await expect(proposeOccurrence(outsider, study.id, pfmea.ids.worn!)).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(proposeOccurrence(editor, study.id, pfmea.ids.weak!)).rejects.toMatchObject({ messageKey: 'spc.no_causes' });
    const proposal = await proposeOccurrence(editor, study.id, pfmea.ids.worn!);
    expect(proposal).toMatchObject({ sourceKind: 'spc', sourceNumber: study.studyNum, kind: 'rateOccurrence', previousOccurrence: 4, occurrence: proposedOccurrence, status: 'open' });
    // the FMEA's responsible person decides, as for every proposal
    const accepted = await acceptProposal(owner, proposal.id, { version: proposal.version });
    expect(accepted).toMatchObject({ status: 'accepted', actionId: expect.any(String) });

    const opened = await openProblemFromSignal(owner, study.id, { brief: 'Bore diameter out of control' });
    expect(opened.problem).toMatchObject({ brief: 'Bore diameter out of control', type: 'produceProblem', source: 'production' });
    expect(opened.problem.description).toContain(study.studyNum);
    expect(await getStudy(reader, study.id)).toMatchObject({ study: { problemId: opened.problem.id, problemNum: opened.problem.problemNum } });
    // the editor holds no problem route: nothing is opened
    await expect(openProblemFromSignal(editor, study.id, { brief: 'Again' })).rejects.toMatchObject({ code: 'not_allowed' });
    expect((await t.db.select().from(problem)).length).toBe(1);
    expect((await t.db.select().from(fmeaChangeProposal)).length).toBe(1);
  });

  it('deletes a study with its measurements (the del button, at the version read)', async () => {
    const { study } = (await listStudies(editor, { search: 'Bore' })).items[0]!;
    await expect(deleteStudy(editor, study.id, 1)).rejects.toMatchObject({ code: 'conflict' });
    expect(await deleteStudy(editor, study.id, study.version)).toEqual({ id: study.id });
    expect(await t.db.select().from(spcMeasurement).where(eq(spcMeasurement.studyId, study.id))).toEqual([]);
  });
});
