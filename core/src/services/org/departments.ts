import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import { department } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { assertNoIssues, checkText, SHORT_TEXT_LIMIT } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { findSite } from './sites.ts';
import { administratorOf } from '../admin-access/administrator.ts';
import { assertSiteAction, visibleSites } from '../../domain/permissions/index.ts';

export type Department = typeof department.$inferSelect;

export interface DepartmentInput {
  site: string;
  number: string;
  name: string;
  /** The English name; empty or left out on create: English readers see the Chinese one. */
  nameEn?: string;
  adminUserId?: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findDepartment(db: DbOrTx, idOrName: string, siteId?: string): Promise<Department> {
  const match = or(eq(department.id, idOrName), eq(department.name, idOrName), eq(department.number, idOrName));
  const row = await db
    .select()
    .from(department)
    .where(siteId ? and(match, eq(department.siteId, siteId)) : match)
    .get();
  // a department chosen by id (a user's form sends one) is named without it: a refusal never shows an internal id
  if (!row) throw UUID.test(idOrName) ? new NotFoundError('department.gone') : new NotFoundError('department.not_found', { department: idOrName });
  return row;
}

export async function listDepartments(ctx: ServiceContext, siteIdOrName?: string) {
  const actor = await administratorOf(ctx);
  const query = ctx.db.select().from(department).orderBy(asc(department.number));
  if (!siteIdOrName) {
    const visible = visibleSites(actor);
    return visible === 'all' ? query : query.where(inArray(department.siteId, [...visible]));
  }
  const owner = await findSite(ctx.db, siteIdOrName);
  assertSiteAction(actor, owner.id, 'read');
  return query.where(eq(department.siteId, owner.id));
}

async function assertFree(db: DbOrTx, siteId: string, number: string, name: string, exceptId?: string) {
  const others = (cond: ReturnType<typeof eq>) =>
    db
      .select({ id: department.id })
      .from(department)
      .where(and(eq(department.siteId, siteId), cond, exceptId ? ne(department.id, exceptId) : undefined))
      .get();
  if (await others(eq(department.name, name))) throw new ConflictError('department.name_duplicate', { name });
  if (await others(eq(department.number, number))) throw new ConflictError('department.number_duplicate', { number });
}

export async function createDepartment(ctx: ServiceContext, input: DepartmentInput): Promise<Department> {
  const name = input.name.trim();
  const nameEn = input.nameEn?.trim() ?? '';
  const number = input.number.trim();
  assertNoIssues([
    ...checkText(number, { field: 'number', required: true, max: SHORT_TEXT_LIMIT }),
    ...checkText(name, { field: 'name', required: true }),
    ...checkText(nameEn, { field: 'nameEn' }),
  ]);
  const actor = await administratorOf(ctx);
  return writeAndLog(ctx, async (tx) => {
    const owner = await findSite(tx, input.site);
    assertSiteAction(actor, owner.id, 'manage');
    await assertFree(tx, owner.id, number, name);
    const [row] = await tx
      .insert(department)
      .values({ siteId: owner.id, number, name, nameEn, adminUserId: input.adminUserId ?? null })
      .returning();
    return { result: row!, log: { action: 'department.create', entity: 'department', entityId: row!.id, after: row } };
  });
}

export async function updateDepartment(ctx: ServiceContext, id: string, input: Partial<Omit<DepartmentInput, 'site'>>) {
  const actor = await administratorOf(ctx);
  return writeAndLog(ctx, async (tx) => {
    const before = await findDepartment(tx, id);
    assertSiteAction(actor, before.siteId, 'manage');
    const name = (input.name ?? before.name).trim();
    const nameEn = (input.nameEn ?? before.nameEn).trim();
    const number = (input.number ?? before.number).trim();
    assertNoIssues([
      ...checkText(number, { field: 'number', required: true, max: SHORT_TEXT_LIMIT }),
      ...checkText(name, { field: 'name', required: true }),
      ...checkText(nameEn, { field: 'nameEn' }),
    ]);
    await assertFree(tx, before.siteId, number, name, before.id);
    const [row] = await tx
      .update(department)
      .set({ name, nameEn, number, adminUserId: input.adminUserId === undefined ? before.adminUserId : input.adminUserId })
      .where(eq(department.id, before.id))
      .returning();
    return { result: row!, log: { action: 'department.update', entity: 'department', entityId: before.id, before, after: row } };
  });
}

export async function deleteDepartment(ctx: ServiceContext, id: string): Promise<void> {
  const actor = await administratorOf(ctx);
  await writeAndLog(ctx, async (tx) => {
    const before = await findDepartment(tx, id);
    assertSiteAction(actor, before.siteId, 'manage');
    // users keep working: their department link is cleared by the foreign key (set null)
    await tx.delete(department).where(eq(department.id, before.id));
    return { result: undefined, log: { action: 'department.delete', entity: 'department', entityId: before.id, before } };
  });
}
