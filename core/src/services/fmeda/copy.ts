import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmedaProject, fmedaRow } from '../../db/schema/index.ts';
import { created } from '../fmea/access.ts';
import type { TxContext } from '../shared/context.ts';

/**
 * A project copy's FMEDA part (the engine's copyProject calls it for every copy): when the source has FMEDA
 * settings, the copy gets them and every worksheet row, as new rows of its own at version 1. Nothing for
 * another kind's project (no settings row). Returns the rows copied.
 */
export async function copyFmedaContent(tx: DbOrTx, txCtx: TxContext, sourceProjectId: string, targetProjectId: string): Promise<number> {
  const settings = await tx.select().from(fmedaProject).where(eq(fmedaProject.projectId, sourceProjectId)).get();
  if (!settings) return 0;
  const { projectId: _p, version: _v, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, ...values } = settings;
  await tx.insert(fmedaProject).values({ ...values, projectId: targetProjectId, ...created(txCtx) });
  const rows = await tx.select().from(fmedaRow).where(eq(fmedaRow.projectId, sourceProjectId)).orderBy(asc(fmedaRow.sort));
  for (let i = 0; i < rows.length; i += 200) {
    await tx.insert(fmedaRow).values(
      rows.slice(i, i + 200).map(({ id: _id, projectId: _pid, version: _ver, createdAt: _ca, updatedAt: _ua, createdBy: _cby, updatedBy: _uby, ...row }) => ({ ...row, projectId: targetProjectId, ...created(txCtx) })),
    );
  }
  return rows.length;
}
