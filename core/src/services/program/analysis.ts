import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaFunction, fmeaNode } from '../../db/schema/index.ts';
import { checkLoadedProject } from '../fmea-checks/index.ts';
import type { LoadedProject } from '../fmea/access.ts';

/**
 * Whether the analysis of an FMEA node is complete (docs/domain/programs-tasks.md "What completes a task"):
 * the node or one below it has a function, and the checks before release (the same linter that gates a
 * release, as the rules switch its checks) find nothing, error or warning, on the node or below it.
 * Answers the count of findings there (0 when complete).
 */
export async function nodeAnalysis(db: DbOrTx, loaded: LoadedProject, nodeId: string, now: Date): Promise<{ complete: boolean; findings: number; functions: number }> {
  const [nodes, functions, checks] = await Promise.all([
    db.select({ id: fmeaNode.id, parentId: fmeaNode.parentId }).from(fmeaNode).where(eq(fmeaNode.projectId, loaded.project.id)),
    db.select({ nodeId: fmeaFunction.nodeId }).from(fmeaFunction).where(eq(fmeaFunction.projectId, loaded.project.id)),
    checkLoadedProject(db, loaded, now),
  ]);
  const children = new Map<string, string[]>();
  for (const n of nodes) if (n.parentId) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n.id]);
  const subtree = new Set<string>();
  for (const stack = [nodeId]; stack.length; ) {
    const at = stack.pop()!;
    if (subtree.has(at)) continue;
    subtree.add(at);
    stack.push(...(children.get(at) ?? []));
  }
  const functionCount = functions.filter((f) => subtree.has(f.nodeId)).length;
  const findings = checks.findings.filter((f) => f.target.nodeId !== null && subtree.has(f.target.nodeId)).length;
  return { complete: functionCount > 0 && findings === 0, findings, functions: functionCount };
}
