import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { controlPlanLine, fmeaAction, fmeaCharacteristic, fmeaFailure, fmeaFunction, fmeaNode, user } from '../../db/schema/index.ts';
import { CONTROL_KINDS, residualRatings, UNFINISHED_ACTION_STATUSES, type ActionStatus } from '../../domain/fmea/index.ts';
import type { ControlPlanLineInput, OpenActionInput, RatingGroup, SpecialCharacteristicInput } from '../../domain/report/index.ts';

/**
 * The few set-based reads a project report is made of (issue 25: a 20,000-chain DFMEA in well under a second on
 * both databases; `npm run bench:report`). No per-chain loop: the chains are counted in SQL grouped by their
 * ratings, and only causes that an action re-rates are told apart (their residual ratings are the engine's
 * `residualRatings` over their actions in order, as the risk grid rates them).
 */

const KINDS = sql.join(CONTROL_KINDS.map((k) => sql`${k}`), sql`, `);
const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

interface GroupRow {
  s: number | string | null;
  o: number | string | null;
  d: number | string | null;
  cause_id: string | null;
  n: number | string;
}

/** Chains (effect × cause per failure mode, as the risk grid and `readRatingCounts` count them) grouped by S, O, D and, for re-rated causes only, the cause. */
export async function readRatingGroups(db: DbOrTx, projectId: string): Promise<RatingGroup[]> {
  // the cause only where an action re-rates it (an index probe per chain on fmea_action's cause index), so
  // chains of causes without re-rating collapse into one group per S, O, D
  const rerated = sql`case when exists (
    select 1 from fmea_action a where a.cause_id = fc.id and a.kind in (${KINDS}) and a.status <> 'notImplemented'
      and (a.ra_severity is not null or a.ra_occurrence is not null or a.ra_detection is not null)
  ) then fc.id end`;
  const rows = await db.all<GroupRow>(sql`
select g.s, g.o, g.d, g.cause_id, count(*) as n from (
  select fe.severity as s, fc.occurrence as o, fc.detection as d, ${rerated} as cause_id
  from fmea_failure fm
  left join fmea_failure_link le on le.lower_failure_id = fm.id
  left join fmea_failure fe on fe.id = le.higher_failure_id
  left join fmea_failure_link lc on lc.higher_failure_id = fm.id
  left join fmea_failure fc on fc.id = lc.lower_failure_id
  where fm.project_id = ${projectId} and fm.kind = 'FM'
) g
group by g.s, g.o, g.d, g.cause_id`);
  const causes = [...new Set(rows.map((r) => r.cause_id).filter((c): c is string => c !== null))];
  const actions = new Map<string, { status: ActionStatus; raSeverity: number | null; raOccurrence: number | null; raDetection: number | null }[]>();
  if (causes.length) {
    const list = await db
      .select({ causeId: fmeaAction.causeId, status: fmeaAction.status, raSeverity: fmeaAction.raSeverity, raOccurrence: fmeaAction.raOccurrence, raDetection: fmeaAction.raDetection })
      .from(fmeaAction)
      .where(and(eq(fmeaAction.projectId, projectId), inArray(fmeaAction.kind, [...CONTROL_KINDS])))
      .orderBy(asc(fmeaAction.causeId), asc(fmeaAction.sort), asc(fmeaAction.id));
    for (const a of list) (actions.get(a.causeId) ?? actions.set(a.causeId, []).get(a.causeId)!).push(a);
  }
  return rows.map((r) => {
    const s = n(r.s);
    const o = n(r.o);
    const d = n(r.d);
    const residual = r.cause_id === null ? null : residualRatings({ severity: s, occurrence: o, detection: d }, actions.get(r.cause_id) ?? []);
    return { s, o, d, raS: residual?.raseverity ?? null, raO: residual?.raoccurrence ?? null, raD: residual?.radet ?? null, n: Number(r.n) };
  });
}

/** The project's unfinished actions (open, decision pending, implementation pending) with their owner and cause. */
export async function readOpenActions(db: DbOrTx, projectId: string): Promise<OpenActionInput[]> {
  const rows = await db
    .select({
      id: fmeaAction.id,
      description: fmeaAction.description,
      causeDescription: fmeaFailure.description,
      ownerId: fmeaAction.responsibleUserId,
      realName: user.realName,
      realNameEn: user.realNameEn,
      userName: user.userName,
      targetDate: fmeaAction.targetDate,
      status: fmeaAction.status,
    })
    .from(fmeaAction)
    .innerJoin(fmeaFailure, eq(fmeaFailure.id, fmeaAction.causeId))
    .leftJoin(user, eq(user.id, fmeaAction.responsibleUserId))
    .where(and(eq(fmeaAction.projectId, projectId), inArray(fmeaAction.kind, [...CONTROL_KINDS]), inArray(fmeaAction.status, [...UNFINISHED_ACTION_STATUSES])));
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    causeDescription: r.causeDescription,
    ownerId: r.ownerId,
    ownerName: r.ownerId === null ? null : r.realName || r.userName,
    ownerNameEn: r.ownerId === null ? null : r.realNameEn || r.realName || r.userName,
    targetDate: r.targetDate,
    status: r.status,
  }));
}

/** The project's special characteristics (CC/SC and the customer's classes) with the function and structure element they sit on. */
export async function readSpecialCharacteristics(db: DbOrTx, projectId: string): Promise<SpecialCharacteristicInput[]> {
  return db
    .select({
      id: fmeaCharacteristic.id,
      name: fmeaCharacteristic.name,
      characteristicClass: fmeaCharacteristic.characteristicClass,
      customerClass: fmeaCharacteristic.customerClass,
      functionDescription: fmeaFunction.description,
      elementName: fmeaNode.name,
    })
    .from(fmeaCharacteristic)
    .innerJoin(fmeaFunction, eq(fmeaFunction.id, fmeaCharacteristic.functionId))
    .innerJoin(fmeaNode, eq(fmeaNode.id, fmeaFunction.nodeId))
    .where(and(eq(fmeaCharacteristic.projectId, projectId), eq(fmeaCharacteristic.special, true)));
}

/** The project's control-plan lines that point at a characteristic (every phase). */
export async function readControlPlanLines(db: DbOrTx, projectId: string): Promise<ControlPlanLineInput[]> {
  const rows = await db
    .select({ characteristicId: controlPlanLine.characteristicId, controlMethod: controlPlanLine.controlMethod, reactionPlan: controlPlanLine.reactionPlan })
    .from(controlPlanLine)
    .where(and(eq(controlPlanLine.projectId, projectId), isNotNull(controlPlanLine.characteristicId)));
  return rows.map((r) => ({ characteristicId: r.characteristicId!, controlMethod: r.controlMethod, reactionPlan: r.reactionPlan }));
}
