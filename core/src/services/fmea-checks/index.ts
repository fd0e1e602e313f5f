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
  fmeaProject,
} from '../../db/schema/index.ts';
import { ConflictError } from '../../errors.ts';
import { countFindings, runFmeaChecks, type FmeaCheckCounts, type FmeaCheckFinding, type FmeaCheckMessageKey } from '../../domain/fmea-checks/index.ts';
import { openableProject, projectNotFound, type LoadedProject } from '../fmea/access.ts';
import { useTypesOf } from '../fmea/catalog-link.ts';
import { apEvaluator } from '../rules/ap-rules.ts';
import { ruleFlagValues } from '../rules/rule-flags.ts';
import type { ServiceContext } from '../shared/context.ts';

export interface ProjectChecks {
  readonly projectId: string;
  readonly serialNum: string;
  readonly projectType: string;
  readonly counts: FmeaCheckCounts;
  readonly findings: FmeaCheckFinding[];
}

/**
 * Reads what the checks need in one query per table (no query per row: a
 * 20,000-chain project is seven selects), each item with its cited catalog
 * record's English and use types (read by the checks only while their
 * required rule is on).
 */
export async function checkLoadedProject(db: DbOrTx, loaded: LoadedProject, now: Date): Promise<ProjectChecks> {
  const { project } = loaded;
  const projectId = project.id;
  const [rules, apOf] = await Promise.all([ruleFlagValues(db), apEvaluator(db, project.apTable)]);
  const english = rules.EnglishRequiredRuleFlag === '1';
  const useTypes = rules.failureToUseRequired === '1';
  const [functions, characteristics, failures, failureLinks, controls, actions, lines] = await Promise.all([
    db
      .select({ id: fmeaFunction.id, nodeId: fmeaFunction.nodeId, description: fmeaFunction.description, en: catalogRecord.enText })
      .from(fmeaFunction)
      .leftJoin(catalogRecord, eq(catalogRecord.id, fmeaFunction.catalogRecordId))
      .where(eq(fmeaFunction.projectId, projectId))
      .orderBy(fmeaFunction.nodeId, fmeaFunction.sort),
    db
      .select({ id: fmeaCharacteristic.id, functionId: fmeaCharacteristic.functionId, name: fmeaCharacteristic.name, characteristicClass: fmeaCharacteristic.characteristicClass, special: fmeaCharacteristic.special })
      .from(fmeaCharacteristic)
      .where(eq(fmeaCharacteristic.projectId, projectId))
      .orderBy(fmeaCharacteristic.functionId, fmeaCharacteristic.sort),
    db
      .select({
        id: fmeaFailure.id,
        functionId: fmeaFailure.functionId,
        kind: fmeaFailure.kind,
        description: fmeaFailure.description,
        severity: fmeaFailure.severity,
        occurrence: fmeaFailure.occurrence,
        detection: fmeaFailure.detection,
        en: catalogRecord.enText,
        data: catalogRecord.data,
        recordId: catalogRecord.id,
      })
      .from(fmeaFailure)
      .leftJoin(catalogRecord, eq(catalogRecord.id, fmeaFailure.catalogRecordId))
      .where(eq(fmeaFailure.projectId, projectId))
      .orderBy(fmeaFailure.functionId, fmeaFailure.sort),
    db.select({ higherId: fmeaFailureLink.higherFailureId, lowerId: fmeaFailureLink.lowerFailureId }).from(fmeaFailureLink).where(eq(fmeaFailureLink.projectId, projectId)),
    db
      .select({ id: fmeaControl.id, causeId: fmeaControl.causeId, kind: fmeaControl.kind, description: fmeaControl.description, en: catalogRecord.enText })
      .from(fmeaControl)
      .leftJoin(catalogRecord, eq(catalogRecord.id, fmeaControl.catalogRecordId))
      .where(eq(fmeaControl.projectId, projectId))
      .orderBy(fmeaControl.causeId, fmeaControl.sort),
    db
      .select({
        id: fmeaAction.id,
        causeId: fmeaAction.causeId,
        description: fmeaAction.description,
        status: fmeaAction.status,
        targetDate: fmeaAction.targetDate,
        raSeverity: fmeaAction.raSeverity,
        raOccurrence: fmeaAction.raOccurrence,
        raDetection: fmeaAction.raDetection,
      })
      .from(fmeaAction)
      .where(eq(fmeaAction.projectId, projectId))
      .orderBy(fmeaAction.causeId, fmeaAction.sort),
    project.projectType === 'pfmea' ? db.select({ characteristicId: controlPlanLine.characteristicId }).from(controlPlanLine).where(eq(controlPlanLine.projectId, projectId)) : Promise.resolve(null),
  ]);

  // An item in its own wording has no English (the FMEA stores none of its own): it counts as missing while English is required.
  const findings = runFmeaChecks({
    project: { id: projectId, serialNum: project.serialNum, responsibleUserId: project.responsibleUserId },
    members: loaded.members,
    functions: functions.map(({ en, ...f }) => (english ? { ...f, english: en } : f)),
    characteristics,
    failures: failures.map(({ en, data, recordId, ...f }) => ({
      ...f,
      ...(english ? { english: en } : {}),
      ...(useTypes ? { useTypes: recordId ? useTypesOf((data ?? {}) as Record<string, unknown>) : null } : {}),
    })),
    failureLinks,
    controls: controls.map(({ en, ...c }) => (english ? { ...c, english: en } : c)),
    actions,
    ...(lines ? { controlPlanCharacteristicIds: lines.flatMap((l) => (l.characteristicId ? [l.characteristicId] : [])) } : {}),
    // No DVP area yet: `dvp` stays out, so detection_without_dvp does not run (docs/domain/fmea-checks.md).
    rules,
    today: now.toISOString().slice(0, 10),
    apOf,
  });
  return { projectId, serialNum: project.serialNum, projectType: project.projectType, counts: countFindings(findings), findings };
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
