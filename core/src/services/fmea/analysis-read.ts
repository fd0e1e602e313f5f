import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { catalogRecord, fmeaCharacteristic, fmeaControl, fmeaFailure, fmeaFailureLink, fmeaFunction, fmeaFunctionLink, fmeaNode } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { FunctionScope, WorkElementType } from '../../domain/pfmea/index.ts';
import type { TaskStatus } from '../../domain/status/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { openableProject } from './access.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

/** A structure node (product, element, fixed node); `parentId` is null for the root. */
export interface AnalysisNode {
  id: string;
  parentId: string | null;
  nodeType: number;
  name: string;
  imageName: string | null;
  sort: number;
  version: number;
  /** PFMEA: a step's number and task status, a work element's 4M type (null elsewhere). */
  processNo: string | null;
  workElementType: WorkElementType | null;
  taskStatus: TaskStatus | null;
}

/**
 * The catalog record version an item was taken from (docs/domain/catalog.md,
 * "Reuse inside the FMEA"): its number and version, its status, and whether
 * a newer version has been released since (`newerVersion`, the cited
 * version is no longer the record's latest) so the view can mark it.
 */
export interface AnalysisCatalogRef {
  recordId: string;
  serialNum: string;
  versionNo: number;
  status: string;
  newerVersion: boolean;
}

/** A function of a structure node, with its requirement. */
export interface AnalysisFunction {
  id: string;
  nodeId: string;
  description: string;
  requirement: string | null;
  /** PFMEA: whose function the process item's function is (null elsewhere). */
  functionScope: FunctionScope | null;
  sort: number;
  version: number;
  catalogRecordId: string | null;
  catalog: AnalysisCatalogRef | null;
}

/** A function-net link: the lower function contributes to the higher one. */
export interface AnalysisFunctionLink {
  id: string;
  higherFunctionId: string;
  lowerFunctionId: string;
}

/** A characteristic; in a PFMEA a product (step) or process (work element) one; `customerClass` the customer's own class. */
export type AnalysisCharacteristic = Pick<
  typeof fmeaCharacteristic.$inferSelect,
  'id' | 'functionId' | 'name' | 'characteristicClass' | 'special' | 'characteristicKind' | 'customerClass' | 'sort' | 'version'
>;

/** A failure effect (FE, S), mode (FM, frequency ratio) or cause (FC, O and D) of a function. */
export type AnalysisFailure = Pick<
  typeof fmeaFailure.$inferSelect,
  'id' | 'functionId' | 'kind' | 'description' | 'severity' | 'occurrence' | 'detection' | 'frequencyRatio' | 'sort' | 'version' | 'catalogRecordId'
> & { catalog: AnalysisCatalogRef | null };

/** A failure-net link: FE → FM or FM → FC. */
export interface AnalysisFailureLink {
  id: string;
  higherFailureId: string;
  lowerFailureId: string;
}

/** A current prevention or detection control of a cause (FC). */
export type AnalysisControl = Pick<typeof fmeaControl.$inferSelect, 'id' | 'causeId' | 'kind' | 'description' | 'sort' | 'version' | 'catalogRecordId'> & {
  catalog: AnalysisCatalogRef | null;
};

/** The item's cited version and that version's columns, read beside it (a left join on catalog_record). */
const catalogColumns = (itemColumn: AnySQLiteColumn) => ({
  catalogRecordId: sql<string | null>`${itemColumn}`,
  catalogSerialNum: catalogRecord.serialNum,
  catalogVersionNo: catalogRecord.versionNo,
  catalogStatus: catalogRecord.status,
  catalogIsLatest: catalogRecord.isLatestVersion,
});
type CatalogColumns = { catalogRecordId: string | null; catalogSerialNum: string | null; catalogVersionNo: number | null; catalogStatus: string | null; catalogIsLatest: boolean | null };

/** An item row with its catalog columns folded into `catalog`. */
function withCatalog<T extends CatalogColumns>(row: T): Omit<T, Exclude<keyof CatalogColumns, 'catalogRecordId'>> & { catalog: AnalysisCatalogRef | null } {
  const { catalogSerialNum, catalogVersionNo, catalogStatus, catalogIsLatest, ...rest } = row;
  const { catalogRecordId } = row;
  return {
    ...rest,
    catalog:
      catalogRecordId === null || catalogSerialNum === null
        ? null
        : { recordId: catalogRecordId, serialNum: catalogSerialNum!, versionNo: catalogVersionNo!, status: catalogStatus!, newerVersion: catalogIsLatest === false },
  };
}

/**
 * The analysis as plain rows, each pointing at its owner by id: nodes → functions
 * → characteristics and failures → controls, plus both nets. Every list is in
 * sort order (then id); links carry no version (they are never edited).
 */
export interface FmeaAnalysis {
  nodes: AnalysisNode[];
  functions: AnalysisFunction[];
  functionLinks: AnalysisFunctionLink[];
  characteristics: AnalysisCharacteristic[];
  failures: AnalysisFailure[];
  failureLinks: AnalysisFailureLink[];
  controls: AnalysisControl[];
}

export interface AnalysisReadOptions {
  /**
   * Only this node and its subtree. Links are those with at least one end in
   * the subtree, so a mode whose effect sits on the node's parent still shows
   * as linked; the outer end's row is then not among the returned ones.
   */
  nodeId?: string;
}

/** `column in (ids of the node and every node below it)`, one recursive statement in SQL. */
function inSubtree(column: AnySQLiteColumn, nodeId: string): SQL {
  return sql`${column} in (with recursive subtree(id) as (select ${nodeId} union all select n.id from fmea_node n join subtree s on n.parent_id = s.id) select id from subtree)`;
}

/**
 * The analysis of a project, or of one node's subtree: nodes, functions with
 * their requirements and characteristics, the function net, failures (FE / FM /
 * FC with description and ratings) with their controls, and the failure net.
 * Unlinked effects, modes and causes are included (the risk grid only shows
 * failures on a chain). Seven statements whatever the size. Members and
 * administrators only ('permission.not_project_member'); a deleted project is
 * not found. Functions, failures and controls carry the catalog version they
 * cite (`catalog`).
 */
export async function readAnalysis(ctx: ServiceContext, projectId: string, options: AnalysisReadOptions = {}): Promise<FmeaAnalysis> {
  await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const { db } = ctx;
  const nodeId = options.nodeId;
  if (nodeId !== undefined) {
    const node = await db.select({ id: fmeaNode.id }).from(fmeaNode).where(and(eq(fmeaNode.id, nodeId), eq(fmeaNode.projectId, projectId))).get();
    if (!node) throw new NotFoundError('fmea.node_not_found' satisfies FmeaServiceMessageKey, { nodeId });
  }
  // Scope conditions: the project's index always, the subtree on top when one is asked for.
  const scoped = (projectColumn: AnySQLiteColumn, nodeColumn: AnySQLiteColumn) =>
    and(eq(projectColumn, projectId), nodeId === undefined ? undefined : inSubtree(nodeColumn, nodeId));
  const functionIds = nodeId === undefined ? undefined : sql`(select ${fmeaFunction.id} from ${fmeaFunction} where ${inSubtree(fmeaFunction.nodeId, nodeId)})`;
  const failureIds =
    nodeId === undefined
      ? undefined
      : sql`(select ${fmeaFailure.id} from ${fmeaFailure} join ${fmeaFunction} on ${fmeaFunction.id} = ${fmeaFailure.functionId} where ${inSubtree(fmeaFunction.nodeId, nodeId)})`;

  const [nodes, functions, functionLinks, characteristics, failures, failureLinks, controls] = await Promise.all([
    db
      .select({
        id: fmeaNode.id,
        parentId: fmeaNode.parentId,
        nodeType: fmeaNode.nodeType,
        name: fmeaNode.name,
        imageName: fmeaNode.imageName,
        sort: fmeaNode.sort,
        version: fmeaNode.version,
        processNo: fmeaNode.processNo,
        workElementType: fmeaNode.workElementType,
        taskStatus: fmeaNode.taskStatus,
      })
      .from(fmeaNode)
      .where(scoped(fmeaNode.projectId, fmeaNode.id))
      .orderBy(asc(fmeaNode.sort), asc(fmeaNode.id)),
    db
      .select({
        id: fmeaFunction.id,
        nodeId: fmeaFunction.nodeId,
        description: fmeaFunction.description,
        requirement: fmeaFunction.requirement,
        functionScope: fmeaFunction.functionScope,
        sort: fmeaFunction.sort,
        version: fmeaFunction.version,
        ...catalogColumns(fmeaFunction.catalogRecordId),
      })
      .from(fmeaFunction)
      .leftJoin(catalogRecord, eq(catalogRecord.id, fmeaFunction.catalogRecordId))
      .where(scoped(fmeaFunction.projectId, fmeaFunction.nodeId))
      .orderBy(asc(fmeaFunction.sort), asc(fmeaFunction.id)),
    db
      .select({ id: fmeaFunctionLink.id, higherFunctionId: fmeaFunctionLink.higherFunctionId, lowerFunctionId: fmeaFunctionLink.lowerFunctionId })
      .from(fmeaFunctionLink)
      .where(
        and(
          eq(fmeaFunctionLink.projectId, projectId),
          functionIds === undefined ? undefined : or(sql`${fmeaFunctionLink.higherFunctionId} in ${functionIds}`, sql`${fmeaFunctionLink.lowerFunctionId} in ${functionIds}`),
        ),
      )
      .orderBy(asc(fmeaFunctionLink.id)),
    db
      .select({
        id: fmeaCharacteristic.id,
        functionId: fmeaCharacteristic.functionId,
        name: fmeaCharacteristic.name,
        characteristicClass: fmeaCharacteristic.characteristicClass,
        special: fmeaCharacteristic.special,
        characteristicKind: fmeaCharacteristic.characteristicKind,
        customerClass: fmeaCharacteristic.customerClass,
        sort: fmeaCharacteristic.sort,
        version: fmeaCharacteristic.version,
      })
      .from(fmeaCharacteristic)
      .innerJoin(fmeaFunction, eq(fmeaFunction.id, fmeaCharacteristic.functionId))
      .where(scoped(fmeaCharacteristic.projectId, fmeaFunction.nodeId))
      .orderBy(asc(fmeaCharacteristic.sort), asc(fmeaCharacteristic.id)),
    db
      .select({
        id: fmeaFailure.id,
        functionId: fmeaFailure.functionId,
        kind: fmeaFailure.kind,
        description: fmeaFailure.description,
        severity: fmeaFailure.severity,
        occurrence: fmeaFailure.occurrence,
        detection: fmeaFailure.detection,
        frequencyRatio: fmeaFailure.frequencyRatio,
        sort: fmeaFailure.sort,
        version: fmeaFailure.version,
        ...catalogColumns(fmeaFailure.catalogRecordId),
      })
      .from(fmeaFailure)
      .innerJoin(fmeaFunction, eq(fmeaFunction.id, fmeaFailure.functionId))
      .leftJoin(catalogRecord, eq(catalogRecord.id, fmeaFailure.catalogRecordId))
      .where(scoped(fmeaFailure.projectId, fmeaFunction.nodeId))
      .orderBy(asc(fmeaFailure.sort), asc(fmeaFailure.id)),
    db
      .select({ id: fmeaFailureLink.id, higherFailureId: fmeaFailureLink.higherFailureId, lowerFailureId: fmeaFailureLink.lowerFailureId })
      .from(fmeaFailureLink)
      .where(
        and(
          eq(fmeaFailureLink.projectId, projectId),
          failureIds === undefined ? undefined : or(sql`${fmeaFailureLink.higherFailureId} in ${failureIds}`, sql`${fmeaFailureLink.lowerFailureId} in ${failureIds}`),
        ),
      )
      .orderBy(asc(fmeaFailureLink.id)),
    db
      .select({
        id: fmeaControl.id,
        causeId: fmeaControl.causeId,
        kind: fmeaControl.kind,
        description: fmeaControl.description,
        sort: fmeaControl.sort,
        version: fmeaControl.version,
        ...catalogColumns(fmeaControl.catalogRecordId),
      })
      .from(fmeaControl)
      .innerJoin(fmeaFailure, eq(fmeaFailure.id, fmeaControl.causeId))
      .innerJoin(fmeaFunction, eq(fmeaFunction.id, fmeaFailure.functionId))
      .leftJoin(catalogRecord, eq(catalogRecord.id, fmeaControl.catalogRecordId))
      .where(scoped(fmeaControl.projectId, fmeaFunction.nodeId))
      .orderBy(asc(fmeaControl.kind), asc(fmeaControl.sort), asc(fmeaControl.id)),
  ]);
  return {
    nodes,
    functions: functions.map(withCatalog),
    functionLinks,
    characteristics,
    failures: failures.map(withCatalog),
    failureLinks,
    controls: controls.map(withCatalog),
  };
}
