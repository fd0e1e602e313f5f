import { asc, eq } from 'drizzle-orm';
import { fmeaFunction, fmeaNode } from '../../db/schema/index.ts';
import { NODE_TYPES } from '../../domain/fmea/index.ts';
import type { FlowSymbol, FunctionScope, WorkElementType } from '../../domain/pfmea/index.ts';
import type { TaskStatus } from '../../domain/status/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { openableProject } from './access.ts';

/** A node of the structure tree as the mind map draws it (spec 001 §3 "Tree node"). */
export interface StructureTreeNode {
  id: string;
  /** 1 product, 9 element, 12 / 8… fixed nodes, 2 for a function drawn as a node. */
  nodeType: number;
  name: string;
  imageName: string | null;
  version: number;
  /** PFMEA process step: its number and task status; work element: its 4M type; function of the process item: its scope. Null elsewhere. */
  processNo: string | null;
  workElementType: WorkElementType | null;
  taskStatus: TaskStatus | null;
  functionScope: FunctionScope | null;
  /**
   * PFMEA process step: its symbol on the process flow chart, the same column
   * the chart reads and edits (null: none chosen, drawn as an operation). Null
   * elsewhere (only a step stands on the chart).
   */
  flowSymbol: FlowSymbol | null;
  children: StructureTreeNode[];
}

const NO_PROCESS_FIELDS = { processNo: null, workElementType: null, taskStatus: null, functionScope: null, flowSymbol: null } as const;

/**
 * The project's structure tree, each element's functions first (as type-2
 * nodes, the function's description as name), then its child elements, all in
 * sort order. Members and administrators only.
 */
export async function getStructureTree(ctx: ServiceContext, projectId: string): Promise<StructureTreeNode | null> {
  await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const nodes = await ctx.db.select().from(fmeaNode).where(eq(fmeaNode.projectId, projectId)).orderBy(asc(fmeaNode.sort), asc(fmeaNode.id));
  const functions = await ctx.db.select().from(fmeaFunction).where(eq(fmeaFunction.projectId, projectId)).orderBy(asc(fmeaFunction.sort), asc(fmeaFunction.id));
  const byId = new Map<string, StructureTreeNode>(
    nodes.map((n) => [
      n.id,
      {
        id: n.id,
        nodeType: n.nodeType,
        name: n.name,
        imageName: n.imageName,
        version: n.version,
        ...NO_PROCESS_FIELDS,
        processNo: n.processNo,
        workElementType: n.workElementType,
        taskStatus: n.taskStatus,
        flowSymbol: n.flowSymbol,
        children: [],
      },
    ]),
  );
  for (const f of functions) {
    byId.get(f.nodeId)?.children.push({
      id: f.id,
      nodeType: NODE_TYPES.function,
      name: f.description,
      imageName: null,
      version: f.version,
      ...NO_PROCESS_FIELDS,
      functionScope: f.functionScope,
      children: [],
    });
  }
  let root: StructureTreeNode | null = null;
  for (const n of nodes) {
    const view = byId.get(n.id)!;
    if (n.parentId === null) root = view;
    else byId.get(n.parentId)?.children.push(view);
  }
  return root;
}
