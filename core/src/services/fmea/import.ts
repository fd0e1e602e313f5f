import { ANALYSIS_ROW_TABLES } from '../../db/analysis-tables.ts';
import { refreshStatistics } from '../../db/portable.ts';
import { and, eq, getTableName, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  fmeaAction,
  fmeaCharacteristic,
  fmeaControl,
  fmeaFailure,
  fmeaFailureLink,
  fmeaFunction,
  fmeaFunctionLink,
  fmeaInterface,
  fmeaNode,
} from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { InvalidInputError } from '../../errors.ts';
import type { FmeaGraph, ProjectType } from '../../domain/fmea/index.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { created, editableProject } from './access.ts';
import { insertChunks } from './bulk.ts';
import { loadGraph } from './graph-load.ts';
import { planImport, type AnalysisImport, type ImportContext, type ImportPlan } from './import-plan.ts';
import { featureClassesOfProject } from './feature-classes.ts';
import { readRuleFlags } from '../rules/rule-flags.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';

export type { AnalysisImport } from './import-plan.ts';

export interface ImportResult {
  counts: Record<keyof AnalysisImport, number>;
  /** New id of every keyed item (nodes, functions, failures). */
  ids: Record<string, string>;
}

/**
 * Adds a whole analysis to a project in one transaction: the bulk path behind
 * spreadsheet imports, fixtures and benchmarks. Items name each other by keys
 * (or by existing ids of the project; '@root' is the product node). Every
 * row is checked by the engine's rules first (texts, ratings per kind,
 * frequency ratios, the chain rule for every link, family items); if any is
 * wrong, nothing is written and the error lists them all, each with its row.
 * Rows go in with multi-row inserts of 100.
 */
export async function importAnalysis(ctx: ServiceContext, projectId: string, input: AnalysisImport): Promise<ImportResult> {
  const imported = await writeAnalysisImport(ctx, projectId, input);
  if (Object.values(imported.counts).reduce((sum, n) => sum + n, 0) >= STATISTICS_AFTER_ROWS) {
    await refreshStatistics(ctx.db, ANALYSIS_ROW_TABLES.map(([, table]) => getTableName(table)));
  }
  return imported;
}

/** The import's write alone: what a probe runs in a savepoint it rolls back (nothing there to gather statistics on). */
export async function writeAnalysisImport(ctx: ServiceContext, projectId: string, input: AnalysisImport): Promise<ImportResult> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { project } = await editableProject(tx, ctx.actor, projectId, ctx.now(), 'edit');
    const result = await importInto(tx, txCtx, project, input);
    return { result, log: { action: 'fmea.project.import', entity: 'fmea_project', entityId: projectId, after: result.counts } };
  });
}

/** An import this large refreshes the planner's statistics of the analysis tables (db/portable.ts). */
const STATISTICS_AFTER_ROWS = 1000;

/**
 * The import inside a caller's transaction, for a project the caller has
 * already found editable (other imports that add analysis items, such as the
 * PFMEA product feature list, write through it). Throws the row issues.
 */
export async function importInto(tx: Tx, txCtx: TxContext, project: { id: string; projectType: ProjectType; customer: string | null }, input: AnalysisImport): Promise<ImportResult> {
  const projectId = project.id;
  const root = await tx.select({ id: fmeaNode.id }).from(fmeaNode).where(and(eq(fmeaNode.projectId, projectId), isNull(fmeaNode.parentId))).get();
  const existing: FmeaGraph = await loadGraph(tx, projectId);
  const modeRatios = await tx
    .select({ functionId: fmeaFailure.functionId, frequencyRatio: fmeaFailure.frequencyRatio })
    .from(fmeaFailure)
    .where(and(eq(fmeaFailure.projectId, projectId), eq(fmeaFailure.kind, 'FM'), isNotNull(fmeaFailure.frequencyRatio)));
  const plan = planImport(existing, { rootId: root?.id ?? null, projectType: project.projectType, modeRatios, ...(await processContext(tx, project, input)) }, input, () => crypto.randomUUID());
  if (plan.issues.length > 0) {
    throw new InvalidInputError('fmea.import_invalid' satisfies FmeaServiceMessageKey, { count: plan.issues.length }, plan.issues.slice(0, 200));
  }
  await writePlan(tx, projectId, plan, created(txCtx));
  const counts = Object.fromEntries(Object.entries(plan.rows).map(([k, rows]) => [k, rows.length])) as ImportResult['counts'];
  return { counts, ids: plan.ids };
}

/**
 * What the process rules need besides the graph: the step numbers in use and
 * the rule flag (PFMEA only), and the project's characteristic classes when
 * any imported characteristic names a customer class.
 */
async function processContext(tx: Tx, project: { id: string; projectType: string; customer: string | null }, input: AnalysisImport): Promise<Partial<ImportContext>> {
  const out: Partial<ImportContext> = {};
  if (kindOf(project.projectType).processModel) {
    out.processNos = await tx.select({ id: fmeaNode.id, processNo: fmeaNode.processNo }).from(fmeaNode).where(and(eq(fmeaNode.projectId, project.id), isNotNull(fmeaNode.processNo)));
    out.generateProcessNo = (await readRuleFlags(tx)).generateProcessNumbers;
  }
  if (input.characteristics?.length) {
    const rows = await tx
      .select({ functionId: fmeaCharacteristic.functionId, sort: sql<number>`max(${fmeaCharacteristic.sort})` })
      .from(fmeaCharacteristic)
      .where(eq(fmeaCharacteristic.projectId, project.id))
      .groupBy(fmeaCharacteristic.functionId);
    out.characteristicSorts = new Map(rows.map((r) => [r.functionId, Number(r.sort)]));
  }
  if (input.characteristics?.some((c) => typeof c.customerClass === 'string' && c.customerClass.trim() !== '')) {
    out.customerClasses = (await featureClassesOfProject(tx, project)).items.map((c) => c.category);
  }
  return out;
}

type Stamp = ReturnType<typeof created>;

async function writePlan(tx: Tx, projectId: string, plan: ImportPlan, stamp: Stamp): Promise<void> {
  const base = { projectId, ...stamp };
  const linkBase = { projectId, createdBy: stamp.createdBy, createdAt: stamp.createdAt, updatedAt: stamp.updatedAt };
  await insertChunks(tx, fmeaNode, plan.rows.nodes.map((r) => ({ ...r, ...base })));
  await insertChunks(tx, fmeaFunction, plan.rows.functions.map((r) => ({ ...r, ...base })));
  await insertChunks(tx, fmeaCharacteristic, plan.rows.characteristics.map((r) => ({ ...r, ...base })));
  await insertChunks(tx, fmeaInterface, plan.rows.interfaces.map((r) => ({ ...r, ...base })));
  await insertChunks(tx, fmeaFailure, plan.rows.failures.map((r) => ({ ...r, ...base })));
  await insertChunks(tx, fmeaFunctionLink, plan.rows.functionLinks.map((r) => ({ ...r, ...linkBase })));
  await insertChunks(tx, fmeaFailureLink, plan.rows.failureLinks.map((r) => ({ ...r, ...linkBase })));
  await insertChunks(tx, fmeaControl, plan.rows.controls.map((r) => ({ ...r, ...base })));
  await insertChunks(tx, fmeaAction, plan.rows.actions.map((r) => ({ ...r, ...base })));
}
