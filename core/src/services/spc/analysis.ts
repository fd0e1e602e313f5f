import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { spcStudy, type FrozenSpcLimits } from '../../db/schema/index.ts';
import { analyzeAttributes, analyzeVariables, type SpcOptions, type SpcResult } from '../../domain/spc/index.ts';
import { FREEZE_MIN_SUBGROUPS, isVariableStudyChart, occurrenceFromCapability, type StudyAttributeChart, type StudyVariableChart } from '../../domain/spc-study/index.ts';
import { InvalidInputError } from '../../errors.ts';
import { actorName } from '../shared/people.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { readableStudy, spcCaller, staleStudy, writableStudy, type SpcStudyRow } from './access.ts';
import { readAllMeasurements } from './measurements.ts';
import type { SpcServiceMessageKey } from './messages.ts';

/** A study's measurements as the statistics take them, with the last sequence of each subgroup (phase I ends at the frozen one). */
export interface StudyData {
  readonly variables?: { subgroup: string; values: number[] }[];
  readonly attributes?: { subgroup: string; count: number; size: number }[];
  readonly lastSeqs: number[];
}

/**
 * Groups a study's rows into subgroups in the order they first appear: values sharing a subgroup label form
 * one subgroup of an X̄ chart; on I-MR and attribute charts each row is its own point.
 */
export function groupMeasurements(study: Pick<SpcStudyRow, 'chart'>, rows: readonly { seq: number; subgroup: string; value: number | null; count: number | null; size: number | null }[]): StudyData {
  if (!isVariableStudyChart(study.chart)) {
    return { attributes: rows.map((r) => ({ subgroup: r.subgroup, count: r.count ?? 0, size: r.size ?? 0 })), lastSeqs: rows.map((r) => r.seq) };
  }
  if (study.chart === 'i-mr') return { variables: rows.map((r) => ({ subgroup: r.subgroup, values: [r.value ?? Number.NaN] })), lastSeqs: rows.map((r) => r.seq) };
  const at = new Map<string, number>();
  const variables: { subgroup: string; values: number[] }[] = [];
  const lastSeqs: number[] = [];
  for (const r of rows) {
    let i = at.get(r.subgroup);
    if (i === undefined) {
      i = variables.length;
      at.set(r.subgroup, i);
      variables.push({ subgroup: r.subgroup, values: [] });
      lastSeqs.push(r.seq);
    }
    variables[i]!.values.push(r.value ?? Number.NaN);
    lastSeqs[i] = Math.max(lastSeqs[i]!, r.seq);
  }
  return { variables, lastSeqs };
}

const specOf = (study: SpcStudyRow): SpcOptions['spec'] => {
  const spec = { ...(study.lsl === null ? {} : { lsl: study.lsl }), ...(study.usl === null ? {} : { usl: study.usl }), ...(study.target === null ? {} : { target: study.target }) };
  return Object.keys(spec).length ? spec : undefined;
};

/** The statistics over a study's data, against its frozen limits when it has them (phase II). */
export function analyzeData(study: SpcStudyRow, data: StudyData, frozen: FrozenSpcLimits | null = study.frozenLimits): SpcResult {
  const options: SpcOptions = {
    rules: { primary: study.rules, secondary: study.secondaryRules },
    spec: specOf(study),
    ...(frozen ? { limits: { center: frozen.center, ...(frozen.sigma ? { sigma: frozen.sigma } : {}) } } : {}),
  };
  return data.variables ? analyzeVariables(data.variables, study.chart as StudyVariableChart, options) : analyzeAttributes(data.attributes ?? [], study.chart as StudyAttributeChart, options);
}

export interface StudyAnalysis {
  readonly study: SpcStudyRow;
  /** Null while the study has too few subgroups to draw (fewer than two, none frozen). */
  readonly result: SpcResult | null;
  /** How many of the first points made the frozen limits (phase I); null while nothing is frozen. */
  readonly phaseOne: number | null;
  /** The occurrence the capability proposes for the PFMEA's causes on the characteristic (docs/domain/spc.md). */
  readonly proposedOccurrence: number | null;
}

/** A study's measurements, grouped as its chart reads them. */
export async function readData(db: DbOrTx, study: SpcStudyRow): Promise<StudyData> {
  return groupMeasurements(study, await readAllMeasurements(db, study.id));
}

const pointsOf = (data: StudyData) => (data.variables ?? data.attributes ?? []).length;

export function analysisOf(study: SpcStudyRow, data: StudyData): StudyAnalysis {
  const enough = pointsOf(data) >= (study.frozenLimits ? 1 : 2);
  const result = enough ? analyzeData(study, data) : null;
  const phaseOne = study.frozenThrough === null ? null : data.lastSeqs.filter((s) => s <= study.frozenThrough!).length;
  return { study, result, phaseOne, proposedOccurrence: occurrenceFromCapability(result?.capability) };
}

/** The study's charts, violations and capability over all its data (phase II against frozen limits). */
export async function analyzeStudy(ctx: ServiceContext, key: string): Promise<StudyAnalysis> {
  const caller = await spcCaller(ctx.db, ctx.actor);
  const db = await readDb(ctx);
  const { study } = await readableStudy(db, caller, key, ctx.now());
  return analysisOf(study, await readData(db, study));
}

/**
 * Freezes the phase-I limits from the data so far (at least FREEZE_MIN_SUBGROUPS subgroups): later data is
 * judged against them. Who froze them and when is kept; freezing again replaces them.
 */
export async function freezeLimits(ctx: ServiceContext, key: string, version: number): Promise<SpcStudyRow> {
  const caller = await spcCaller(ctx.db, ctx.actor, 'edit');
  return writeAndLog(ctx, async (tx) => {
    const { study } = await writableStudy(tx, caller, key, ctx.now(), version);
    const data = await readData(tx, study);
    const count = pointsOf(data);
    if (count < FREEZE_MIN_SUBGROUPS) {
      throw new InvalidInputError('spc.too_few_to_freeze' satisfies SpcServiceMessageKey, { min: FREEZE_MIN_SUBGROUPS, count });
    }
    const r = analyzeData(study, data, null);
    const single = (v: number | number[]) => (typeof v === 'number' ? v : Number.NaN);
    const frozen: FrozenSpcLimits = {
      center: r.center,
      lcl: single(r.lcl),
      ucl: single(r.ucl),
      sigma: r.sigma ?? null,
      secondary: r.secondary ? { center: single(r.secondary.center), lcl: single(r.secondary.lcl), ucl: single(r.secondary.ucl) } : null,
    };
    const [row] = await tx
      .update(spcStudy)
      .set({
        frozenLimits: frozen,
        frozenThrough: study.lastSeq,
        frozenAt: ctx.now(),
        frozenById: ctx.actor.userId,
        frozenByName: await actorName(tx, ctx.actor),
        version: study.version + 1,
        updatedBy: ctx.actor.userId,
        updatedAt: ctx.now(),
      })
      .where(eq(spcStudy.id, study.id))
      .returning();
    if (!row) throw staleStudy(study);
    return { result: row, log: { action: 'spc.limits.freeze', entity: 'spc_study', entityId: study.id, before: study.frozenLimits, after: { frozen, through: study.lastSeq } } };
  });
}

/** Lets the limits follow the data again (phase I over everything). */
export async function releaseLimits(ctx: ServiceContext, key: string, version: number): Promise<SpcStudyRow> {
  const caller = await spcCaller(ctx.db, ctx.actor, 'edit');
  return writeAndLog(ctx, async (tx) => {
    const { study } = await writableStudy(tx, caller, key, ctx.now(), version);
    if (!study.frozenLimits) throw new InvalidInputError('spc.not_frozen' satisfies SpcServiceMessageKey);
    const [row] = await tx
      .update(spcStudy)
      .set({ frozenLimits: null, frozenThrough: null, frozenAt: null, frozenById: null, frozenByName: null, version: study.version + 1, updatedBy: ctx.actor.userId, updatedAt: ctx.now() })
      .where(eq(spcStudy.id, study.id))
      .returning();
    return { result: row!, log: { action: 'spc.limits.release', entity: 'spc_study', entityId: study.id, before: study.frozenLimits } };
  });
}
