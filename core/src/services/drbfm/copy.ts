import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { drbfmAction, drbfmConcern, drbfmMeeting, drbfmPart, drbfmProject } from '../../db/schema/index.ts';
import { created } from '../fmea/access.ts';
import type { TxContext } from '../shared/context.ts';

type Stamped = { id: string; projectId: string; version: number; createdAt: Date; updatedAt: Date; createdBy: string | null; updatedBy: string | null };
/** A row's own values, without what a copy gets anew (id, project, version, stamps). */
const valuesOf = <T extends Stamped>({ id: _i, projectId: _p, version: _v, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, ...rest }: T) => rest;

/**
 * A project copy's DRBFM part (the engine's copyProject calls it for every copy): when the source has its change
 * row, the copy gets it and every part, concern, action and meeting as new rows of its own at version 1, parents
 * mapped to their copies. The proposals made from its concerns stay with the source (they are its trace). Nothing
 * for another kind's project. Returns the concerns copied.
 */
export async function copyDrbfmContent(tx: DbOrTx, txCtx: TxContext, sourceProjectId: string, targetProjectId: string): Promise<number> {
  const change = await tx.select().from(drbfmProject).where(eq(drbfmProject.projectId, sourceProjectId)).get();
  if (!change) return 0;
  const { projectId: _p, version: _v, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, ...values } = change;
  await tx.insert(drbfmProject).values({ ...values, projectId: targetProjectId, ...created(txCtx) });
  const stamp = { projectId: targetProjectId, ...created(txCtx) };
  const parts = new Map<string, string>();
  for (const row of await tx.select().from(drbfmPart).where(eq(drbfmPart.projectId, sourceProjectId)).orderBy(asc(drbfmPart.sort))) {
    const [copy] = await tx.insert(drbfmPart).values({ ...valuesOf(row), ...stamp }).returning({ id: drbfmPart.id });
    parts.set(row.id, copy!.id);
  }
  const concerns = new Map<string, string>();
  for (const row of await tx.select().from(drbfmConcern).where(eq(drbfmConcern.projectId, sourceProjectId)).orderBy(asc(drbfmConcern.sort))) {
    const [copy] = await tx.insert(drbfmConcern).values({ ...valuesOf(row), partId: parts.get(row.partId)!, ...stamp }).returning({ id: drbfmConcern.id });
    concerns.set(row.id, copy!.id);
  }
  for (const row of await tx.select().from(drbfmAction).where(eq(drbfmAction.projectId, sourceProjectId)).orderBy(asc(drbfmAction.sort))) {
    await tx.insert(drbfmAction).values({ ...valuesOf(row), concernId: concerns.get(row.concernId)!, ...stamp });
  }
  for (const row of await tx.select().from(drbfmMeeting).where(eq(drbfmMeeting.projectId, sourceProjectId))) await tx.insert(drbfmMeeting).values({ ...valuesOf(row), ...stamp });
  return concerns.size;
}
