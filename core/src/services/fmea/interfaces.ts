import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaInterface } from '../../db/schema/index.ts';
import { InvalidInputError, NotFoundError } from '../../errors.ts';
import { interfaceIssues, type InterfaceType } from '../../domain/fmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, created, assertProjectEditable, nextVersion, openableProject, updatedOrStale } from './access.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import { findNode } from './structure.ts';
import { readRuleFlags } from '../rules/rule-flags.ts';
import { checkText } from '../../domain/validation/index.ts';

/**
 * The interface reason rule (business rule ruleOpen, '1' on): a change or
 * deletion of an interface says why; the reason goes to the operation log and
 * shows in the row's history. Off, a reason given is kept all the same.
 */
async function interfaceReason(db: DbOrTx, reason: string | null | undefined): Promise<string | null> {
  const required = (await readRuleFlags(db)).interfaceReasonRequired;
  assertNoIssues(checkText(reason, { field: 'reason', required }));
  return reason?.trim() || null;
}

export type FmeaInterfaceRow = typeof fmeaInterface.$inferSelect;

export interface InterfaceInput {
  firstNodeId: string;
  secondNodeId: string;
  /** 1 physical connection, 2 signal, 3 energy, 4 material, 5 human-machine. */
  interfaceType: InterfaceType;
  description?: string | null;
}

async function findInterface(db: DbOrTx, interfaceId: string): Promise<FmeaInterfaceRow> {
  const row = await db.select().from(fmeaInterface).where(eq(fmeaInterface.id, interfaceId)).get();
  if (!row) throw new NotFoundError('fmea.interface_not_found' satisfies FmeaServiceMessageKey, { interfaceId });
  return row;
}

/** An interface of the block/boundary diagram between two nodes of one project. */
export async function addInterface(ctx: ServiceContext, input: InterfaceInput): Promise<FmeaInterfaceRow> {
  assertNoIssues(interfaceIssues(input));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const first = await findNode(tx, input.firstNodeId);
    const second = await findNode(tx, input.secondNodeId);
    if (first.projectId !== second.projectId) throw new InvalidInputError('fmea.other_project' satisfies FmeaServiceMessageKey);
    await assertProjectEditable(tx, ctx.actor, first.projectId, ctx.now(), 'add');
    const [row] = await tx
      .insert(fmeaInterface)
      .values({ projectId: first.projectId, firstNodeId: first.id, secondNodeId: second.id, interfaceType: input.interfaceType, description: input.description?.trim() || null, ...created(txCtx) })
      .returning();
    return { result: row!, log: { action: 'fmea.interface.create', entity: 'fmea_interface', entityId: row!.id, after: row } };
  });
}

export async function updateInterface(
  ctx: ServiceContext,
  interfaceId: string,
  input: { version: number; interfaceType?: InterfaceType; description?: string | null; reason?: string | null },
): Promise<FmeaInterfaceRow> {
  assertNoIssues(interfaceIssues(input, { partial: true }));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const reason = await interfaceReason(tx, input.reason);
    const before = await findInterface(tx, interfaceId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    assertVersion(before, input.version, 'fmea_interface');
    const rows = await tx
      .update(fmeaInterface)
      .set({
        ...(input.interfaceType !== undefined && { interfaceType: input.interfaceType }),
        ...(input.description !== undefined && { description: input.description?.trim() || null }),
        ...nextVersion(txCtx),
      })
      .where(and(eq(fmeaInterface.id, interfaceId), eq(fmeaInterface.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'fmea_interface');
    return { result: after, log: { action: 'fmea.interface.update', entity: 'fmea_interface', entityId: interfaceId, before, after, reason } };
  });
}

export async function deleteInterface(ctx: ServiceContext, interfaceId: string, input: { version: number; reason?: string | null }): Promise<void> {
  await writeAndLog(ctx, async (tx) => {
    const reason = await interfaceReason(tx, input.reason);
    const before = await findInterface(tx, interfaceId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'del');
    assertVersion(before, input.version, 'fmea_interface');
    await tx.delete(fmeaInterface).where(and(eq(fmeaInterface.id, interfaceId), eq(fmeaInterface.version, input.version)));
    return { result: undefined, log: { action: 'fmea.interface.delete', entity: 'fmea_interface', entityId: interfaceId, before, reason } };
  });
}

/** The interfaces of a project (interface analysis). */
export async function listInterfaces(ctx: ServiceContext, projectId: string): Promise<FmeaInterfaceRow[]> {
  await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  return ctx.db.select().from(fmeaInterface).where(eq(fmeaInterface.projectId, projectId)).orderBy(fmeaInterface.createdAt, fmeaInterface.id);
}
