import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaFunction, fmeaNode } from '../../db/schema/index.ts';
import { checkLoadedProject } from '../fmea-checks/index.ts';
import type { LoadedProject } from '../fmea/access.ts';

/**
 * Whether the analysis of an FMEA node is complete (docs/domain/programs-tasks.md "What completes a task"):
 * the node or one below it has a function, and the checks before release (the same linter that gates a
 * release, as the rules switch its checks) find nothing, error or warning, on the node or below it.
 * `findings` counts what they find there (0 when complete). One run of the checks serves every node asked.
 */
export interface NodeAnalysis {
  complete: boolean;
  findings: number;
  functions: number;
}

export async function nodesAnalysis(db: DbOrTx, loaded: LoadedProject, nodeIds: readonly string[], now: Date): Promise<Map<string, NodeAnalysis>> {
  const [nodes, functions, checks] = await Promise.all([
    db.select({ id: fmeaNode.id, parentId: fmeaNode.parentId }).from(fmeaNode).where(eq(fmeaNode.projectId, loaded.project.id)),
    db.select({ nodeId: fmeaFunction.nodeId }).from(fmeaFunction).where(eq(fmeaFunction.projectId, loaded.project.id)),
    checkLoadedProject(db, loaded, now),
  ]);
  const children = new Map<string, string[]>();
  for (const n of nodes) if (n.parentId) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n.id]);
  const result = new Map<string, NodeAnalysis>();
  for (const nodeId of nodeIds) {
    const subtree = new Set<string>();
    for (const stack = [nodeId]; stack.length; ) {
      const at = stack.pop()!;
      if (subtree.has(at)) continue;
      subtree.add(at);
      stack.push(...(children.get(at) ?? []));
    }
    const functionCount = functions.filter((f) => subtree.has(f.nodeId)).length;
    const findings = checks.findings.filter((f) => f.target.nodeId !== null && subtree.has(f.target.nodeId)).length;
    result.set(nodeId, { complete: functionCount > 0 && findings === 0, findings, functions: functionCount });
  }
  return result;
}

export async function nodeAnalysis(db: DbOrTx, loaded: LoadedProject, nodeId: string, now: Date): Promise<NodeAnalysis> {
  return (await nodesAnalysis(db, loaded, [nodeId], now)).get(nodeId)!;
}
