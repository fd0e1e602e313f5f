import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaCharacteristic } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { characteristicIssues, type CharacteristicClass } from '../../domain/fmea/index.ts';
import type { CharacteristicKind } from '../../domain/pfmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, created, assertProjectEditable, nextVersion, openableProject, updatedOrStale } from './access.ts';
import { findFunction } from './functions.ts';
import { nextSort } from './item-helpers.ts';
import { characteristicFieldsFor, projectKind } from './process-structure.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

export type FmeaCharacteristicRow = typeof fmeaCharacteristic.$inferSelect;

export interface CharacteristicInput {
  functionId: string;
  name: string;
  characteristicClass: CharacteristicClass;
  /** A special characteristic (the form's filter-class column). */
  special?: boolean;
  /** PFMEA: product (on a process step) or process (on a work element); taken from the level when left out. */
  characteristicKind?: CharacteristicKind | null;
  /** The customer's own class: the name of one of the project's feature classes (catalog featureClassify). */
  customerClass?: string | null;
}

async function findCharacteristic(db: DbOrTx, characteristicId: string): Promise<FmeaCharacteristicRow> {
  const row = await db.select().from(fmeaCharacteristic).where(eq(fmeaCharacteristic.id, characteristicId)).get();
  if (!row) throw new NotFoundError('fmea.characteristic_not_found' satisfies FmeaServiceMessageKey, { characteristicId });
  return row;
}

/** A product or process characteristic of a function, classed safety / critical / significant / general. */
export async function addCharacteristic(ctx: ServiceContext, input: CharacteristicInput): Promise<FmeaCharacteristicRow> {
  assertNoIssues(characteristicIssues(input));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const fn = await findFunction(tx, input.functionId);
    await assertProjectEditable(tx, ctx.actor, fn.projectId, ctx.now(), 'add');
    const process = await characteristicFieldsFor(tx, await projectKind(tx, fn.projectId), fn.nodeId, input, { creating: true });
    const sort = nextSort(fmeaCharacteristic, fmeaCharacteristic.sort, eq(fmeaCharacteristic.functionId, fn.id));
    const [row] = await tx
      .insert(fmeaCharacteristic)
      .values({
        projectId: fn.projectId,
        functionId: fn.id,
        name: input.name.trim(),
        characteristicClass: input.characteristicClass,
        special: input.special ?? false,
        characteristicKind: process.characteristicKind ?? null,
        customerClass: process.customerClass ?? null,
        sort,
        ...created(txCtx),
      })
      .returning();
    return { result: row!, log: { action: 'fmea.characteristic.create', entity: 'fmea_characteristic', entityId: row!.id, after: row } };
  });
}

export async function updateCharacteristic(
  ctx: ServiceContext,
  characteristicId: string,
  input: { version: number } & Partial<Omit<CharacteristicInput, 'functionId'>>,
): Promise<FmeaCharacteristicRow> {
  assertNoIssues(characteristicIssues(input, { partial: true }));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findCharacteristic(tx, characteristicId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    assertVersion(before, input.version, 'fmea_characteristic');
    const asked = input.characteristicKind !== undefined || input.customerClass !== undefined;
    const fn = asked ? await findFunction(tx, before.functionId) : undefined;
    const process = fn ? await characteristicFieldsFor(tx, await projectKind(tx, before.projectId), fn.nodeId, input, { creating: false }) : {};
    const rows = await tx
      .update(fmeaCharacteristic)
      .set({
        ...(input.name !== undefined && { name: input.name.trim() }),
        ...(input.characteristicClass !== undefined && { characteristicClass: input.characteristicClass }),
        ...(input.special !== undefined && { special: input.special }),
        ...process,
        ...nextVersion(txCtx),
      })
      .where(and(eq(fmeaCharacteristic.id, characteristicId), eq(fmeaCharacteristic.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'fmea_characteristic');
    return { result: after, log: { action: 'fmea.characteristic.update', entity: 'fmea_characteristic', entityId: characteristicId, before, after } };
  });
}

export async function deleteCharacteristic(ctx: ServiceContext, characteristicId: string, input: { version: number }): Promise<void> {
  await writeAndLog(ctx, async (tx) => {
    const before = await findCharacteristic(tx, characteristicId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'del');
    assertVersion(before, input.version, 'fmea_characteristic');
    await tx.delete(fmeaCharacteristic).where(and(eq(fmeaCharacteristic.id, characteristicId), eq(fmeaCharacteristic.version, input.version)));
    return { result: undefined, log: { action: 'fmea.characteristic.delete', entity: 'fmea_characteristic', entityId: characteristicId, before } };
  });
}

/** The characteristic list of a project (spec 001 §2 "characteristic list"), specials first. */
export async function listCharacteristics(ctx: ServiceContext, projectId: string, { specialOnly = false } = {}): Promise<FmeaCharacteristicRow[]> {
  await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const rows = await ctx.db
    .select()
    .from(fmeaCharacteristic)
    .where(and(eq(fmeaCharacteristic.projectId, projectId), specialOnly ? eq(fmeaCharacteristic.special, true) : undefined));
  return rows.sort((a, b) => Number(b.special) - Number(a.special) || a.sort - b.sort || a.id.localeCompare(b.id));
}
