import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaCharacteristic, fmeaFailure, fmeaFailureLink, spcStudy } from '../../db/schema/index.ts';
import { spcStudyPath } from '../../domain/areas/spc.ts';
import { InvalidInputError } from '../../errors.ts';
import { openableProject } from '../fmea/access.ts';
import { proposeChange, type ProposalRow } from '../loop/proposals.ts';
import type { MessageRow } from '../messages/inbox.ts';
import { createProblem, type ProblemView } from '../problem/index.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { readableStudy, spcCaller, writableStudy } from './access.ts';
import { analysisOf, readData } from './analysis.ts';
import type { SpcServiceMessageKey } from './messages.ts';

/**
 * Closing the loop from SPC (docs/domain/spc.md, "The loop"): a study's measured capability shown beside the
 * PFMEA causes on its characteristic, proposing an occurrence rating through the FMEA change proposals
 * (the FMEA's responsible person accepts or rejects it), and an out-of-control signal opening an 8D.
 */

/**
 * The causes on a characteristic: failure causes of the characteristic's own function (a process
 * characteristic on a work element), and the causes linked below the failure modes of that function (a
 * product characteristic on a process step).
 */
export async function causesOnCharacteristic(db: DbOrTx, characteristicId: string): Promise<{ id: string; description: string; occurrence: number | null }[]> {
  const characteristic = await db.select({ functionId: fmeaCharacteristic.functionId }).from(fmeaCharacteristic).where(eq(fmeaCharacteristic.id, characteristicId)).get();
  if (!characteristic) return [];
  const own = await db.select({ id: fmeaFailure.id, kind: fmeaFailure.kind, description: fmeaFailure.description, occurrence: fmeaFailure.occurrence }).from(fmeaFailure).where(eq(fmeaFailure.functionId, characteristic.functionId));
  const modes = own.filter((f) => f.kind === 'FM').map((f) => f.id);
  const below = modes.length
    ? await db
        .select({ id: fmeaFailure.id, kind: fmeaFailure.kind, description: fmeaFailure.description, occurrence: fmeaFailure.occurrence })
        .from(fmeaFailureLink)
        .innerJoin(fmeaFailure, eq(fmeaFailure.id, fmeaFailureLink.lowerFailureId))
        .where(and(inArray(fmeaFailureLink.higherFailureId, modes), eq(fmeaFailure.kind, 'FC')))
    : [];
  const seen = new Map<string, { id: string; description: string; occurrence: number | null }>();
  for (const f of [...own, ...below]) if (f.kind === 'FC' && !seen.has(f.id)) seen.set(f.id, { id: f.id, description: f.description, occurrence: f.occurrence });
  return [...seen.values()];
}

export interface CauseCapability {
  readonly causeId: string;
  /** The cause's text and current occurrence rating. */
  readonly causeText: string;
  readonly occurrence: number | null;
  readonly studyId: string;
  readonly studyNum: string;
  readonly name: string;
  readonly cpk: number | null;
  readonly ppk: number | null;
  readonly proposedOccurrence: number | null;
}

/** Each cause of a PFMEA project with the capability of the studies on its characteristic (the risk view's badges). */
export async function capabilityByCause(ctx: ServiceContext, projectId: string): Promise<CauseCapability[]> {
  const caller = await spcCaller(ctx.db, ctx.actor);
  const db = await readDb(ctx);
  await openableProject(db, caller.operator, projectId, ctx.now());
  const studies = await db.select().from(spcStudy).where(eq(spcStudy.projectId, projectId));
  const out: CauseCapability[] = [];
  for (const study of studies) {
    if (!study.characteristicId) continue;
    const causes = await causesOnCharacteristic(db, study.characteristicId);
    if (causes.length === 0) continue;
    const { result, proposedOccurrence } = analysisOf(study, await readData(db, study));
    const cpk = result?.capability?.cpk ?? null;
    const ppk = result?.capability?.ppk ?? null;
    for (const cause of causes) out.push({ causeId: cause.id, causeText: cause.description, occurrence: cause.occurrence, studyId: study.id, studyNum: study.studyNum, name: study.name, cpk, ppk, proposedOccurrence });
  }
  return out;
}

const fixed = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : '—');

/**
 * Proposes the occurrence rating the study's capability maps to, on one cause of its characteristic, as an
 * FMEA change proposal (kind rateOccurrence; the FMEA's responsible person decides). The proposal's text
 * names the figures in symbols, read the same in either language.
 */
export async function proposeOccurrence(ctx: ServiceContext, key: string, causeId: string, outbox?: MessageRow[]): Promise<ProposalRow> {
  const caller = await spcCaller(ctx.db, ctx.actor);
  const { study } = await readableStudy(ctx.db, caller, key, ctx.now());
  const causes = study.characteristicId ? await causesOnCharacteristic(ctx.db, study.characteristicId) : [];
  const cause = causes.find((c) => c.id === causeId);
  if (!cause) throw new InvalidInputError('spc.no_causes' satisfies SpcServiceMessageKey);
  const { result, proposedOccurrence } = analysisOf(study, await readData(ctx.db, study));
  if (proposedOccurrence === null || !result?.capability) throw new InvalidInputError('spc.no_capability' satisfies SpcServiceMessageKey);
  if (cause.occurrence === proposedOccurrence) {
    throw new InvalidInputError('spc.occurrence_same' satisfies SpcServiceMessageKey, { occurrence: proposedOccurrence }, [{ messageKey: 'spc.occurrence_same', field: 'causeId', params: { occurrence: proposedOccurrence } }]);
  }
  const { cpk, ppk } = result.capability;
  return proposeChange(
    ctx,
    {
      sourceKind: 'spc',
      sourceId: study.id,
      targetRowId: cause.id,
      kind: 'rateOccurrence',
      occurrence: proposedOccurrence,
      description: `O ${cause.occurrence ?? '—'} → ${proposedOccurrence} · ${study.name} · Cpk ${fixed(cpk)} (${study.studyNum})`,
      rationale: `${study.studyNum} ${study.name}: Cpk ${fixed(cpk)}, Ppk ${fixed(ppk)}, n = ${result.points.length} · docs/domain/spc.md Cpk → O`,
    },
    outbox,
  );
}

export interface SignalProblemInput {
  brief: string;
  description?: string | null;
  responsibleId?: string | null;
}

/**
 * Opens a problem (8D) from the study's out-of-control signal: the problem as the caller words it (the page
 * prefills it from the study), a production problem from the production source, happened at the latest
 * signal; the study keeps the problem's number and the problem's description names the study's page.
 * The caller needs to read the study and to open problems (problem_index, add).
 */
export async function openProblemFromSignal(ctx: ServiceContext, key: string, input: SignalProblemInput): Promise<{ problem: ProblemView; studyVersion: number }> {
  const caller = await spcCaller(ctx.db, ctx.actor);
  const { study } = await writableStudy(ctx.db, caller, key, ctx.now());
  const { result } = analysisOf(study, await readData(ctx.db, study));
  if (!result || result.violations.length === 0) throw new InvalidInputError('spc.no_signal' satisfies SpcServiceMessageKey);
  const link = `${study.studyNum}: ${spcStudyPath(study.studyNum)}`;
  const problem = await createProblem(ctx, {
    brief: input.brief,
    description: [input.description?.trim(), link].filter(Boolean).join('\n'),
    type: 'produceProblem',
    source: 'production',
    happenedAt: ctx.now(),
    responsibleId: input.responsibleId ?? ctx.actor.userId,
  });
  const version = await writeAndLog(ctx, async (tx) => {
    const [row] = await tx.update(spcStudy).set({ problemId: problem.id, problemNum: problem.problemNum, version: study.version + 1, updatedAt: ctx.now(), updatedBy: ctx.actor.userId }).where(eq(spcStudy.id, study.id)).returning();
    return { result: row!.version, log: { action: 'spc.study.update', entity: 'spc_study', entityId: study.id, after: { problemId: problem.id, problemNum: problem.problemNum } } };
  });
  return { problem, studyVersion: version };
}
