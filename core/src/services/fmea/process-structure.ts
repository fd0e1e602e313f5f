import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaNode, fmeaProject } from '../../db/schema/index.ts';
import {
  assertProcessPlacement,
  characteristicKindIssues,
  characteristicKindOf,
  cleanProcessNo,
  functionScopeIssues,
  matchCustomerClass,
  nextProcessNo,
  processFieldsOutsidePfmeaIssues,
  processLevelOf,
  processNodeIssues,
  processNoUniqueIssues,
  type CharacteristicKind,
  type FunctionScope,
  type ProcessLevel,
  type WorkElementType,
} from '../../domain/pfmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { readRuleFlags } from '../rules/rule-flags.ts';
import { projectNotFound } from './access.ts';
import { featureClassesOfProject } from './feature-classes.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';

/**
 * The process model's checks as the single-item services need them (the
 * pure rules are in domain/pfmea/structure.ts; the bulk import applies the
 * same rules in import-plan.ts). Each runs inside the write's transaction.
 */

export const isPfmea = (project: { readonly projectType: string }) => kindOf(project.projectType).processModel;

/** What the process checks read of a project (for writes that only asserted it editable). */
export async function projectKind(db: DbOrTx, projectId: string): Promise<{ id: string; projectType: string; customer: string | null }> {
  const row = await db.select({ id: fmeaProject.id, projectType: fmeaProject.projectType, customer: fmeaProject.customer }).from(fmeaProject).where(eq(fmeaProject.id, projectId)).get();
  return row ?? { id: projectId, projectType: 'dfmea', customer: null };
}

/** The project's nodes as a parent lookup (ids and parents only). */
export async function parentLookup(db: DbOrTx, projectId: string) {
  const rows = await db.select({ id: fmeaNode.id, parentId: fmeaNode.parentId }).from(fmeaNode).where(eq(fmeaNode.projectId, projectId));
  return { node: new Map(rows.map((r) => [r.id, r])) };
}

export async function levelOfNode(db: DbOrTx, projectId: string, nodeId: string): Promise<ProcessLevel> {
  return processLevelOf(await parentLookup(db, projectId), nodeId);
}

/** The steps that hold a process number (the ones uniqueness and generation look at). */
export function numberedSteps(db: DbOrTx, projectId: string): Promise<{ id: string; processNo: string | null }[]> {
  return db.select({ id: fmeaNode.id, processNo: fmeaNode.processNo }).from(fmeaNode).where(and(eq(fmeaNode.projectId, projectId), isNotNull(fmeaNode.processNo)));
}

export async function generatesProcessNo(db: DbOrTx): Promise<boolean> {
  return (await readRuleFlags(db)).generateProcessNumbers;
}

export interface ProcessNodeFields {
  processNo?: string | null;
  workElementType?: WorkElementType | null;
}

/**
 * A new node's process fields: its level from where it goes (nothing below a
 * work element), the level's fields, a unique number, generated for a step
 * that has none while isGenerateProcessNoRequired is on. A design-side
 * project refuses the fields and stores none.
 */
export async function newNodeFields(db: DbOrTx, project: { id: string; projectType: string }, parentId: string, input: ProcessNodeFields): Promise<{ processNo: string | null; workElementType: WorkElementType | null }> {
  if (!isPfmea(project)) {
    assertNoIssues(processFieldsOutsidePfmeaIssues({ ...input }));
    return { processNo: null, workElementType: null };
  }
  const level = assertProcessPlacement(await parentLookup(db, project.id), parentId);
  assertNoIssues(processNodeIssues(level, input));
  if (level !== 'step') return { processNo: null, workElementType: level === 'element' ? (input.workElementType ?? null) : null };
  const steps = await numberedSteps(db, project.id);
  const given = cleanProcessNo(input.processNo);
  assertNoIssues(processNoUniqueIssues(steps, given));
  const processNo = given ?? ((await generatesProcessNo(db)) ? nextProcessNo(steps.map((s) => s.processNo)) : null);
  return { processNo, workElementType: null };
}

/** The process fields an update sets (only those given), checked against the node's level. */
export async function changedNodeFields(db: DbOrTx, project: { id: string; projectType: string }, nodeId: string, input: ProcessNodeFields): Promise<ProcessNodeFields> {
  if (!isPfmea(project)) {
    assertNoIssues(processFieldsOutsidePfmeaIssues({ ...input }));
    return {};
  }
  if (input.processNo === undefined && input.workElementType === undefined) return {};
  const level = await levelOfNode(db, project.id, nodeId);
  assertNoIssues(processNodeIssues(level, input, { partial: true }));
  const out: ProcessNodeFields = {};
  if (input.processNo !== undefined) {
    out.processNo = cleanProcessNo(input.processNo);
    assertNoIssues(processNoUniqueIssues(await numberedSteps(db, project.id), out.processNo, nodeId));
  }
  if (input.workElementType !== undefined) out.workElementType = input.workElementType;
  return out;
}

/** A function's scope: only on the process item of a PFMEA. */
export async function functionScopeFor(db: DbOrTx, project: { id: string; projectType: string }, nodeId: string, scope: FunctionScope | null | undefined): Promise<FunctionScope | null | undefined> {
  if (!isPfmea(project)) {
    assertNoIssues(processFieldsOutsidePfmeaIssues({ functionScope: scope }));
    return scope === undefined ? undefined : null;
  }
  if (scope === undefined) return undefined;
  assertNoIssues(functionScopeIssues(await levelOfNode(db, project.id, nodeId), scope));
  return scope || null;
}

/**
 * A characteristic's kind (its level's, whatever was asked, once the ask is
 * checked: product on a step, process on a work element, none on the item)
 * and customer class (one of the project's feature classes, as the record
 * spells it). `undefined` in the answer: leave the stored value.
 */
export async function characteristicFieldsFor(
  db: DbOrTx,
  project: { id: string; projectType: string; customer: string | null },
  nodeId: string,
  input: { characteristicKind?: CharacteristicKind | null; customerClass?: string | null },
  { creating }: { creating: boolean },
): Promise<{ characteristicKind?: CharacteristicKind | null; customerClass?: string | null }> {
  const out: { characteristicKind?: CharacteristicKind | null; customerClass?: string | null } = {};
  if (!isPfmea(project)) assertNoIssues(processFieldsOutsidePfmeaIssues({ characteristicKind: input.characteristicKind }));
  else if (creating || input.characteristicKind !== undefined) {
    const level = await levelOfNode(db, project.id, nodeId);
    assertNoIssues(characteristicKindIssues(level, input.characteristicKind));
    out.characteristicKind = characteristicKindOf(level);
  }
  if (input.customerClass !== undefined) {
    const blank = input.customerClass === null || input.customerClass.trim() === '';
    const match = matchCustomerClass(input.customerClass, blank ? [] : (await featureClassesOfProject(db, project)).items.map((c) => c.category));
    assertNoIssues(match.issues);
    out.customerClass = match.value;
  }
  return out;
}

/**
 * The spec's PFMEA base (/api/pfmeaProject/…) answers process projects only:
 * another type asked through it is not found there, as the spec's separate
 * pfmea_project table would say. Checked before opening (no visit recorded).
 */
export async function assertProjectOfType(db: DbOrTx, projectId: string, projectType: string): Promise<void> {
  const row = await db.select({ projectType: fmeaProject.projectType }).from(fmeaProject).where(eq(fmeaProject.id, projectId)).get();
  if (!row || row.projectType !== projectType) throw projectNotFound(projectId);
}
