import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonArray, jsonGroupArray } from '../../db/portable-json.ts';
import { controlPlan, controlPlanLine, operationLog, user } from '../../db/schema/index.ts';
import type { CharacteristicClass, ControlKind } from '../../domain/fmea/vocabulary.ts';
import type { CharacteristicKind, WorkElementType } from '../../domain/pfmea/vocabulary.ts';
import type { ChangeStamp, ControlPlanBasis, ControlPlanModel, CpCause, CpCharacteristic, CpControl, CpElement, CpStep } from '../../domain/pfmea/index.ts';
import type { ControlPlanPhase } from '../../domain/pfmea/vocabulary.ts';

/**
 * Bulk reads behind the control plan: the PFMEA as the control plan's model
 * (one statement per table, every row of the project, shaped in memory), a
 * plan's lines and their cited controls, and who changed the PFMEA rows the
 * suspect marks name (the live rows' own stamps, the operation log for the
 * deleted ones).
 */
export type ControlPlanRow = typeof controlPlan.$inferSelect;
export type ControlPlanLineRow = typeof controlPlanLine.$inferSelect;

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const stampOf = (row: { updatedBy: string | null; updatedAt: Date | null }): ChangeStamp => ({ by: row.updatedBy, at: row.updatedAt });

type Raw = string | number | null;
const at = (ms: Raw): Date | null => (typeof ms === 'number' ? new Date(ms) : null);
const str = (v: Raw): string | null => (v === null ? null : String(v));

/**
 * The PFMEA's rows in one statement: each table's rows of the project as one
 * JSON array of arrays (the database builds it, db/portable-json.ts; JavaScript parses it once), far
 * cheaper than tens of thousands of row objects through the driver.
 */
const modelQuery = (projectId: string) => {
  const rows = (columns: string, orderBy?: string) =>
    jsonGroupArray(jsonArray(columns.split(', ').map((c) => sql.raw(c))), orderBy === undefined ? undefined : sql.raw(orderBy));
  return sql`
select 'nodes' as part, ${rows('id, parent_id, name, process_no, work_element_type, updated_by, updated_at', 'sort, id')} as rows
  from fmea_node where project_id = ${projectId}
union all
select 'functions', ${rows('id, node_id', 'sort, id')} from fmea_function where project_id = ${projectId}
union all
select 'characteristics', ${rows('id, function_id, name, characteristic_class, special, customer_class, characteristic_kind, updated_by, updated_at', 'sort, id')}
  from fmea_characteristic where project_id = ${projectId}
union all
select 'failures', ${rows('id, function_id, kind, detection, updated_by, updated_at', 'sort, id')}
  from fmea_failure where project_id = ${projectId} and kind in ('FM', 'FC')
union all
select 'links', ${rows('l.higher_failure_id, l.lower_failure_id')}
  from fmea_failure_link l join fmea_failure h on h.id = l.higher_failure_id where l.project_id = ${projectId} and h.kind = 'FM'
union all
select 'controls', ${rows('id, cause_id, kind, description, updated_by, updated_at', 'sort, id')} from fmea_control where project_id = ${projectId}`;
};

/** The PFMEA of a project as the control plan reads it: steps (children of the process item) in process order, then everything below them. */
export async function loadControlPlanModel(db: DbOrTx, projectId: string): Promise<ControlPlanModel> {
  const parts = new Map((await db.all<{ part: string; rows: string }>(modelQuery(projectId))).map((p) => [p.part, JSON.parse(p.rows) as Raw[][]]));
  const rows = (part: string) => parts.get(part) ?? [];
  const nodes = rows('nodes').map(([id, parentId, name, processNo, type, updatedBy, updatedAt]) => ({
    id: String(id),
    parentId: str(parentId!),
    name: String(name),
    processNo: str(processNo!),
    type: str(type!) as WorkElementType | null,
    updatedBy: str(updatedBy!),
    updatedAt: at(updatedAt!),
  }));
  const functions = rows('functions').map(([id, nodeId]) => ({ id: String(id), nodeId: String(nodeId) }));
  const characteristics = rows('characteristics').map(([id, functionId, name, characteristicClass, special, customerClass, kind, updatedBy, updatedAt]) => ({
    id: String(id),
    functionId: String(functionId),
    name: String(name),
    characteristicClass: String(characteristicClass) as CharacteristicClass,
    special: special === 1,
    customerClass: str(customerClass!),
    kind: str(kind!) as CharacteristicKind | null,
    updatedBy: str(updatedBy!),
    updatedAt: at(updatedAt!),
  }));
  const failures = rows('failures').map(([id, functionId, kind, detection, updatedBy, updatedAt]) => ({
    id: String(id),
    functionId: String(functionId),
    kind: String(kind),
    detection: typeof detection === 'number' ? detection : null,
    updatedBy: str(updatedBy!),
    updatedAt: at(updatedAt!),
  }));
  const links = rows('links').map(([higherId, lowerId]) => ({ higherId: String(higherId), lowerId: String(lowerId) }));
  const controls = rows('controls').map(([id, causeId, kind, description, updatedBy, updatedAt]) => ({
    id: String(id),
    causeId: String(causeId),
    kind: String(kind) as ControlKind,
    description: String(description),
    updatedBy: str(updatedBy!),
    updatedAt: at(updatedAt!),
  }));

  const root = nodes.find((n) => n.parentId === null);
  const steps: CpStep[] = nodes.filter((n) => root && n.parentId === root.id).map((n) => ({ id: n.id, processNo: n.processNo, name: n.name, ...stampOf(n) }));
  const stepIds = new Set(steps.map((s) => s.id));
  const elements: CpElement[] = nodes.filter((n) => n.parentId !== null && stepIds.has(n.parentId)).map((n) => ({ id: n.id, stepId: n.parentId!, name: n.name, type: n.type }));

  // Functions in process order: each step's own, then its work elements' (nodes came in sort order, functions in theirs).
  const nodeRank = new Map<string, number>();
  const elementsOf = new Map<string, CpElement[]>();
  for (const e of elements) push(elementsOf, e.stepId, e);
  for (const s of steps) {
    nodeRank.set(s.id, nodeRank.size);
    for (const e of elementsOf.get(s.id) ?? []) nodeRank.set(e.id, nodeRank.size);
  }
  const placed = functions.filter((f) => nodeRank.has(f.nodeId));
  const functionRank = new Map(placed.map((f, i) => [f.id, i]));
  placed.sort((a, b) => nodeRank.get(a.nodeId)! - nodeRank.get(b.nodeId)! || functionRank.get(a.id)! - functionRank.get(b.id)!);
  const rank = new Map(placed.map((f, i) => [f.id, i]));
  const byFunction = <T extends { functionId: string }>(rows: T[]): T[] => {
    const kept = rows.filter((r) => rank.has(r.functionId));
    const order = new Map(kept.map((r, i) => [r, i]));
    return kept.sort((a, b) => rank.get(a.functionId)! - rank.get(b.functionId)! || order.get(a)! - order.get(b)!);
  };

  const modesOf = new Map<string, string[]>();
  for (const link of links) push(modesOf, link.lowerId, link.higherId);
  const modes = byFunction(failures.filter((f) => f.kind === 'FM')).map((f) => ({ id: f.id, functionId: f.functionId }));
  const causes: CpCause[] = byFunction(failures.filter((f) => f.kind === 'FC')).map((f) => ({
    id: f.id,
    functionId: f.functionId,
    detection: f.detection,
    modeIds: modesOf.get(f.id) ?? [],
    ...stampOf(f),
  }));
  const causeIds = new Set(causes.map((c) => c.id));
  const chars: CpCharacteristic[] = byFunction(characteristics).map((c) => ({
    id: c.id,
    functionId: c.functionId,
    name: c.name,
    characteristicClass: c.characteristicClass,
    special: c.special,
    customerClass: c.customerClass,
    kind: c.kind,
    ...stampOf(c),
  }));
  const ctrl: CpControl[] = controls.filter((c) => causeIds.has(c.causeId)).map((c) => ({ id: c.id, causeId: c.causeId, kind: c.kind, description: c.description, ...stampOf(c) }));
  return { steps, elements, functions: placed, characteristics: chars, modes, causes, controls: ctrl };
}

export async function findPlan(db: DbOrTx, projectId: string, phase: ControlPlanPhase): Promise<ControlPlanRow | undefined> {
  return db.select().from(controlPlan).where(and(eq(controlPlan.projectId, projectId), eq(controlPlan.phase, phase))).get();
}

export async function readLines(db: DbOrTx, planId: string): Promise<ControlPlanLineRow[]> {
  return db.select().from(controlPlanLine).where(eq(controlPlanLine.planId, planId)).orderBy(asc(controlPlanLine.sort), asc(controlPlanLine.id));
}

/** Every line of the project (all phases), for the PFMEA's marks. */
export async function readProjectLines(db: DbOrTx, projectId: string): Promise<ControlPlanLineRow[]> {
  return db.select().from(controlPlanLine).where(eq(controlPlanLine.projectId, projectId)).orderBy(asc(controlPlanLine.sort), asc(controlPlanLine.id));
}

/** Who last changed every live row the suspect marks can name, and, from the operation log, who deleted the rows the stored bases name that are gone. */
export async function changeStamps(db: DbOrTx, model: ControlPlanModel, bases: readonly (ControlPlanBasis | null)[]): Promise<Map<string, ChangeStamp>> {
  const stamps = new Map<string, ChangeStamp>();
  for (const rows of [model.steps, model.characteristics, model.causes, model.controls]) for (const r of rows) stamps.set(r.id, { by: r.by, at: r.at });
  const missing = new Set<string>();
  const want = (id: string | null | undefined) => {
    if (id && !stamps.has(id)) missing.add(id);
  };
  for (const basis of bases) {
    if (!basis) continue;
    want(basis.step?.id);
    want(basis.characteristic?.id);
    want(basis.characteristic?.functionId);
    want(basis.characteristic?.nodeId);
    for (const c of basis.controls) {
      want(c.id);
      want(c.causeId);
    }
  }
  const ids = [...missing];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ entityId: operationLog.entityId, userId: operationLog.userId, at: operationLog.at })
      .from(operationLog)
      .where(and(inArray(operationLog.entityId, ids.slice(i, i + 500)), like(operationLog.action, '%.delete')))
      .orderBy(desc(operationLog.at));
    for (const r of rows) if (r.entityId && !stamps.has(r.entityId)) stamps.set(r.entityId, { by: r.userId, at: r.at });
  }
  return stamps;
}

/** Display names of users (real name, else user name), by id. */
export async function userNames(db: DbOrTx, ids: Iterable<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
  const out = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db.select({ id: user.id, realName: user.realName, userName: user.userName }).from(user).where(inArray(user.id, wanted.slice(i, i + 500)));
    for (const r of rows) out.set(r.id, r.realName || r.userName);
  }
  return out;
}
