import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  catalogRecord,
  controlPlanLine,
  fmeaAction,
  fmeaCharacteristic,
  fmeaControl,
  fmeaFailure,
  fmeaFailureLink,
  fmeaFunction,
  fmeaNode,
  fmeaProject,
} from '../../db/schema/index.ts';
import { ConflictError } from '../../errors.ts';
import { countFindings, runFmeaChecks, type FmeaCheckCounts, type FmeaCheckFinding, type FmeaCheckMessageKey } from '../../domain/fmea-checks/index.ts';
import { openableProject, projectNotFound, type LoadedProject } from '../fmea/access.ts';
import { useTypesOf } from '../fmea/catalog-link.ts';
import { apEvaluator } from '../rules/ap-rules.ts';
import { ruleFlagValues } from '../rules/rule-flags.ts';
import { readRules } from '../../domain/rules/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import { dfmeaOnly, hasMsrSteps, msrOnly } from '../../domain/fmea/msr.ts';
import { MSR_AP_TABLE } from '../fmea/msr.ts';
import { dvpOfProject } from '../dvp/coverage.ts';

export interface ProjectChecks {
  readonly projectId: string;
  readonly serialNum: string;
  readonly projectType: string;
  readonly counts: FmeaCheckCounts;
  readonly findings: FmeaCheckFinding[];
}

/**
 * Reads what the checks need in one query per table (no query per row: a
 * 20,000-chain project is eight selects, sorted here), each item with its cited catalog
 * record's English and use types (read by the checks only while their
 * required rule is on).
 */
export async function checkLoadedProject(db: DbOrTx, loaded: LoadedProject, now: Date): Promise<ProjectChecks> {
  const { project } = loaded;
  const projectId = project.id;
  const msr = hasMsrSteps(kindOf(project.projectType));
  const [rules, apOf, msrApOf, dvp] = await Promise.all([ruleFlagValues(db), apEvaluator(db, project.apTable), msr ? apEvaluator(db, MSR_AP_TABLE) : null, dvpOfProject(db, project.id)]);
  const { englishRequired: english, failureUseTypeRequired: useTypes } = readRules(rules);
  const [nodes, functionRows, characteristicRows, failureRows, failureLinks, controlRows, actionRows, lines] = await Promise.all([
    db.select({ id: fmeaNode.id, parentId: fmeaNode.parentId, sort: fmeaNode.sort, name: fmeaNode.name }).from(fmeaNode).where(eq(fmeaNode.projectId, projectId)),
    db
      .select({ id: fmeaFunction.id, nodeId: fmeaFunction.nodeId, description: fmeaFunction.description, sort: fmeaFunction.sort, en: catalogRecord.enText })
      .from(fmeaFunction)
      .leftJoin(catalogRecord, eq(catalogRecord.id, fmeaFunction.catalogRecordId))
      .where(eq(fmeaFunction.projectId, projectId)),
    db
      .select({ id: fmeaCharacteristic.id, functionId: fmeaCharacteristic.functionId, name: fmeaCharacteristic.name, characteristicClass: fmeaCharacteristic.characteristicClass, special: fmeaCharacteristic.special, sort: fmeaCharacteristic.sort })
      .from(fmeaCharacteristic)
      .where(eq(fmeaCharacteristic.projectId, projectId)),
    db
      .select({
        id: fmeaFailure.id,
        functionId: fmeaFailure.functionId,
        kind: fmeaFailure.kind,
        description: fmeaFailure.description,
        severity: fmeaFailure.severity,
        occurrence: fmeaFailure.occurrence,
        detection: fmeaFailure.detection,
        msrFrequency: fmeaFailure.msrFrequency,
        msrMonitoring: fmeaFailure.msrMonitoring,
        sort: fmeaFailure.sort,
        en: catalogRecord.enText,
        data: catalogRecord.data,
        recordId: catalogRecord.id,
      })
      .from(fmeaFailure)
      .leftJoin(catalogRecord, eq(catalogRecord.id, fmeaFailure.catalogRecordId))
      .where(eq(fmeaFailure.projectId, projectId)),
    db.select({ higherId: fmeaFailureLink.higherFailureId, lowerId: fmeaFailureLink.lowerFailureId }).from(fmeaFailureLink).where(eq(fmeaFailureLink.projectId, projectId)),
    db
      .select({ id: fmeaControl.id, causeId: fmeaControl.causeId, kind: fmeaControl.kind, description: fmeaControl.description, sort: fmeaControl.sort, en: catalogRecord.enText })
      .from(fmeaControl)
      .leftJoin(catalogRecord, eq(catalogRecord.id, fmeaControl.catalogRecordId))
      .where(eq(fmeaControl.projectId, projectId)),
    db
      .select({
        id: fmeaAction.id,
        causeId: fmeaAction.causeId,
        kind: fmeaAction.kind,
        description: fmeaAction.description,
        status: fmeaAction.status,
        targetDate: fmeaAction.targetDate,
        raSeverity: fmeaAction.raSeverity,
        raOccurrence: fmeaAction.raOccurrence,
        raDetection: fmeaAction.raDetection,
        sort: fmeaAction.sort,
      })
      .from(fmeaAction)
      .where(eq(fmeaAction.projectId, projectId)),
    kindOf(project.projectType).processModel ? db.select({ characteristicId: controlPlanLine.characteristicId }).from(controlPlanLine).where(eq(controlPlanLine.projectId, projectId)) : Promise.resolve(null),
  ]);

  // The analysis's order (the structure tree depth first, then each owner's sort), so findings list as the steps show the items.
  const nodeRank = treeOrder(nodes);
  const functions = byRank(functionRows, (f) => nodeRank.get(f.nodeId));
  const functionRank = new Map(functions.map((f, i) => [f.id, i]));
  const characteristics = byRank(characteristicRows, (c) => functionRank.get(c.functionId));
  const failures = byRank(failureRows, (f) => functionRank.get(f.functionId));
  const failureRank = new Map(failures.map((f, i) => [f.id, i]));
  // the checks read the DFMEA's controls and actions (FMEA-MSR's monitoring and response ones are not prevention or detection)
  const controls = byRank(dfmeaOnly(controlRows), (c) => failureRank.get(c.causeId));
  const actions = byRank(dfmeaOnly(actionRows), (a) => failureRank.get(a.causeId));

  // An item in its own wording has no English (the FMEA stores none of its own): it counts as missing while English is required.
  const findings = runFmeaChecks({
    project: { id: projectId, serialNum: project.serialNum, responsibleUserId: project.responsibleUserId, projectType: project.projectType },
    members: loaded.members,
    nodes: byRank(nodes, (n) => nodeRank.get(n.id)),
    functions: functions.map(({ en, ...f }) => (english ? { ...f, english: en } : f)),
    characteristics,
    failures: failures.map(({ en, data, recordId, msrFrequency: _f, msrMonitoring: _m, ...f }) => ({
      ...f,
      ...(english ? { english: en } : {}),
      ...(useTypes ? { useTypes: recordId ? useTypesOf((data ?? {}) as Record<string, unknown>) : null } : {}),
    })),
    failureLinks,
    controls: controls.map(({ en, ...c }) => (english ? { ...c, english: en } : c)),
    actions,
    ...(lines ? { controlPlanCharacteristicIds: lines.flatMap((l) => (l.characteristicId ? [l.characteristicId] : [])) } : {}),
    // Only a DFMEA with a DVP&R plan is judged on its tests (docs/domain/dvp.md "Linter"): without one, detection_without_dvp does not run.
    ...(dvp ? { dvp } : {}),
    rules,
    today: now.toISOString().slice(0, 10),
    apOf,
    // FMEA-MSR: the MSR form's F and M, its monitoring and response actions, the MSR rule table
    ...(msrApOf && {
      msr: {
        ratings: new Map(failures.map((f) => [f.id, { frequency: f.msrFrequency, monitoring: f.msrMonitoring }])),
        actions: byRank(msrOnly(actionRows), (a) => failureRank.get(a.causeId)),
        apOf: msrApOf,
      },
    }),
  });
  return { projectId, serialNum: project.serialNum, projectType: project.projectType, counts: countFindings(findings), findings };
}

/** Each node's place in the tree read depth first, children by sort. */
function treeOrder(nodes: readonly { id: string; parentId: string | null; sort: number }[]): Map<string, number> {
  const children = new Map<string | null, { id: string; sort: number }[]>();
  for (const n of nodes) {
    const list = children.get(n.parentId) ?? [];
    list.push(n);
    children.set(n.parentId, list);
  }
  const rank = new Map<string, number>();
  const stack = [...(children.get(null) ?? [])].sort((a, b) => b.sort - a.sort);
  while (stack.length > 0) {
    const node = stack.pop()!;
    rank.set(node.id, rank.size);
    stack.push(...[...(children.get(node.id) ?? [])].sort((a, b) => b.sort - a.sort));
  }
  return rank;
}

/** Rows by their owner's rank, then their own sort. */
function byRank<T extends { sort: number }>(rows: readonly T[], ownerRank: (row: T) => number | undefined): T[] {
  return [...rows].sort((a, b) => (ownerRank(a) ?? Infinity) - (ownerRank(b) ?? Infinity) || a.sort - b.sort);
}

/** The project's id from its id or its number (DF…/PF…). */
async function projectIdOf(db: DbOrTx, value: string): Promise<string> {
  const wanted = value.trim();
  const row = await db
    .select({ id: fmeaProject.id })
    .from(fmeaProject)
    .where(or(eq(fmeaProject.id, wanted), eq(fmeaProject.serialNum, wanted)))
    .get();
  if (!row) throw projectNotFound(value);
  return row.id;
}

/** The checks before release of a project (by id or number), for anyone who may open it: the live linter. */
export async function getProjectChecks(ctx: ServiceContext, projectIdOrNumber: string): Promise<ProjectChecks> {
  const now = ctx.now();
  const loaded = await openableProject(ctx.db, ctx.actor, await projectIdOf(ctx.db, projectIdOrNumber), now);
  return checkLoadedProject(ctx.db, loaded, now);
}

/**
 * The gate of submit, re-review and release: errors refuse ("Report
 * incomplete, not allowed to be released", with the counts); warnings refuse
 * unless the caller acknowledged them. Answers how many warnings were
 * acknowledged (null when there were none), for the review step to keep.
 */
export async function assertChecksPass(db: DbOrTx, loaded: LoadedProject, now: Date, acknowledgeWarnings: boolean): Promise<number | null> {
  const { counts } = await checkLoadedProject(db, loaded, now);
  if (counts.errors > 0) throw new ConflictError('fmeaCheck.report_incomplete' satisfies FmeaCheckMessageKey, { errors: counts.errors, warnings: counts.warnings });
  if (counts.warnings > 0 && !acknowledgeWarnings) throw new ConflictError('fmeaCheck.warnings_unacknowledged' satisfies FmeaCheckMessageKey, { errors: 0, warnings: counts.warnings });
  return counts.warnings > 0 ? counts.warnings : null;
}
