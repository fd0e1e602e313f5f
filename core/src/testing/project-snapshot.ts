import { asc, eq } from 'drizzle-orm';
import { fmeaAction, fmeaInterface } from '../db/schema/index.ts';
import { PROJECT_DATE_FIELDS, PROJECT_DICTIONARY_FIELD_NAMES, PROJECT_TEXT_FIELDS } from '../domain/fmea/index.ts';
import { readAnalysis } from '../services/fmea/analysis-read.ts';
import { GRID_PAGE_MAX, readRiskGrid } from '../services/fmea/grid.ts';
import { getProjectById } from '../services/fmea/projects.ts';
import type { ServiceContext } from '../services/shared/context.ts';

/** Keys that differ between two copies of one project: ids, versions, times, sort numbers. */
const VOLATILE = /^(id|version|sort|projectId|chainKey|createdAt|updatedAt|createdBy|updatedBy)$|(?<!responsibleUser)Id$|Ids$/;

/** A value without its volatile keys, lists kept in their order. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([k]) => !VOLATILE.test(k)).map(([k, v]) => [k, stable(v)]));
  return value;
}

const bySort = <T extends { sort: number; id: string }>(a: T, b: T) => a.sort - b.sort || a.id.localeCompare(b.id);

/**
 * A project as its users see it, without what two copies of it cannot share
 * (ids, versions, times, sort numbers, the project number and its team): the
 * header fields a workbook carries and the product's name; the structure tree
 * in order, each node with its type and its functions in order, each function
 * with its requirement, characteristics and failures (ratings, frequency
 * ratio), each cause with its controls and its actions with every field; both
 * nets and the interfaces by the names of their ends, sorted; and every row of
 * the risk grid (AP, RPN, residual ratings, special characteristics). Two
 * projects are the same when their snapshots are equal: what a workbook round
 * trip must keep.
 */
export async function projectSnapshot(ctx: ServiceContext, projectId: string) {
  const project = await getProjectById(ctx, projectId);
  const a = await readAnalysis(ctx, projectId);
  const actions = await ctx.db.select().from(fmeaAction).where(eq(fmeaAction.projectId, projectId)).orderBy(asc(fmeaAction.sort), asc(fmeaAction.id));
  const interfaces = await ctx.db.select().from(fmeaInterface).where(eq(fmeaInterface.projectId, projectId));
  const grid = await readRiskGrid(ctx, projectId, { limit: GRID_PAGE_MAX });

  const node = new Map(a.nodes.map((n) => [n.id, n]));
  const path = (id: string): string => {
    const n = node.get(id);
    if (!n) return `?${id}`;
    return n.parentId === null ? n.name : `${path(n.parentId)} / ${n.name}`;
  };
  const fn = new Map(a.functions.map((f) => [f.id, f]));
  const fnLabel = (id: string) => {
    const f = fn.get(id);
    return f ? `${path(f.nodeId)} ▸ ${f.description}` : `?${id}`;
  };
  const failure = new Map(a.failures.map((f) => [f.id, f]));
  const failureLabel = (id: string) => {
    const f = failure.get(id);
    return f ? `${fnLabel(f.functionId)} ▸ ${f.kind} ${f.description}` : `?${id}`;
  };

  const failuresOf = (functionId: string) =>
    a.failures
      .filter((f) => f.functionId === functionId)
      .sort(bySort)
      .map((f) => ({
        kind: f.kind,
        description: f.description,
        severity: f.severity,
        occurrence: f.occurrence,
        detection: f.detection,
        frequencyRatio: f.frequencyRatio,
        // shown prevention first, then detection, each in its order
        controls: a.controls
          .filter((c) => c.causeId === f.id)
          .sort((x, y) => (x.kind === y.kind ? bySort(x, y) : x.kind === 'prevention' ? -1 : 1))
          .map((c) => `${c.kind}: ${c.description}`),
        actions: actions.filter((x) => x.causeId === f.id).map((x) => stable(x)),
      }));
  const functionsOf = (nodeId: string) =>
    a.functions
      .filter((f) => f.nodeId === nodeId)
      .sort(bySort)
      .map((f) => ({
        description: f.description,
        requirement: f.requirement,
        characteristics: a.characteristics
          .filter((c) => c.functionId === f.id)
          .sort(bySort)
          .map((c) => ({ name: c.name, characteristicClass: c.characteristicClass, special: c.special })),
        failures: failuresOf(f.id),
      }));
  type Tree = { name: string; nodeType: number; imageName: string | null; functions: ReturnType<typeof functionsOf>; children: Tree[] };
  const tree = (id: string): Tree => {
    const n = node.get(id)!;
    return {
      name: n.name,
      nodeType: n.nodeType,
      imageName: n.imageName,
      functions: functionsOf(id),
      children: a.nodes
        .filter((c) => c.parentId === id)
        .sort(bySort)
        .map((c) => tree(c.id)),
    };
  };
  const root = a.nodes.find((n) => n.parentId === null);

  const header: Record<string, unknown> = { projectType: project.projectType, apTable: project.apTable, name: project.name, versionLabel: project.versionLabel };
  for (const key of [...PROJECT_TEXT_FIELDS, ...PROJECT_DATE_FIELDS, ...PROJECT_DICTIONARY_FIELD_NAMES]) header[key] = project[key];

  return {
    header,
    structure: root ? tree(root.id) : null,
    functionNet: a.functionLinks.map((l) => `${fnLabel(l.higherFunctionId)}  →  ${fnLabel(l.lowerFunctionId)}`).sort(),
    failureNet: a.failureLinks.map((l) => `${failureLabel(l.higherFailureId)}  →  ${failureLabel(l.lowerFailureId)}`).sort(),
    interfaces: interfaces.map((i) => `${path(i.firstNodeId)} ⇄ ${path(i.secondNodeId)} [${i.interfaceType}] ${i.description ?? ''}`).sort(),
    counts: { nodes: a.nodes.length, functions: a.functions.length, functionLinks: a.functionLinks.length, failures: a.failures.length, failureLinks: a.failureLinks.length, controls: a.controls.length, actions: actions.length, characteristics: a.characteristics.length, interfaces: interfaces.length, chains: grid.total },
    grid: stable(grid.items),
  };
}

export type ProjectSnapshot = Awaited<ReturnType<typeof projectSnapshot>>;
