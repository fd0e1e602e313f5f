import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaNode } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import type { FmeaNodeRow } from './structure.ts';

/** The root (product) node of a project; every project has one from its creation. */
export async function rootOf(db: DbOrTx, projectId: string): Promise<FmeaNodeRow> {
  const root = await db.select().from(fmeaNode).where(and(eq(fmeaNode.projectId, projectId), isNull(fmeaNode.parentId))).get();
  if (!root) throw new NotFoundError('fmea.node_not_found' satisfies FmeaServiceMessageKey, { nodeId: projectId });
  return root;
}
