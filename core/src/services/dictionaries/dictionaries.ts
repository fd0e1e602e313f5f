import { and, asc, count, eq, ne } from 'drizzle-orm';
import { dictionary } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { assertNoIssues, checkText } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { live } from '../../db/live.ts';

export type DictionaryRow = typeof dictionary.$inferSelect;
export interface DictionaryNode extends DictionaryRow {
  children: DictionaryNode[];
}

export interface DictionaryInput {
  /** Parent id, or the parent's code path like `productType` for a root type; '' for a root. */
  parentId?: string;
  code: string;
  name: string;
  enName?: string;
  sort?: number;
}

export async function findDictionary(db: DbOrTx, id: string): Promise<DictionaryRow> {
  const row = await db.select().from(dictionary).where(eq(dictionary.id, id)).get();
  if (!row) throw new NotFoundError('dictionary.not_found', { dictionary: id });
  return row;
}

/** A root dictionary type by its code (e.g. 'productType'). */
export async function findDictionaryType(db: DbOrTx, code: string): Promise<DictionaryRow> {
  const row = await db
    .select()
    .from(dictionary)
    .where(and(eq(dictionary.parentId, ''), eq(dictionary.code, code)))
    .get();
  if (!row) throw new NotFoundError('dictionary.not_found', { dictionary: code });
  return row;
}

export function buildTree(rows: readonly DictionaryRow[]): DictionaryNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as DictionaryNode[] }]));
  const roots: DictionaryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The whole tree (spec getDics), or one type's subtree when `typeCode` is given. */
export async function dictionaryTree(ctx: ServiceContext, typeCode?: string): Promise<DictionaryNode[]> {
  const rows = await ctx.db
    .select()
    .from(dictionary)
    .where(live(dictionary))
    .orderBy(asc(dictionary.sort), asc(dictionary.code));
  const tree = buildTree(rows);
  return typeCode ? tree.filter((n) => n.code === typeCode) : tree;
}

export async function listDictionaryItems(ctx: ServiceContext, typeCode: string): Promise<DictionaryRow[]> {
  const type = await findDictionaryType(ctx.db, typeCode);
  return ctx.db
    .select()
    .from(dictionary)
    .where(and(eq(dictionary.parentId, type.id), live(dictionary)))
    .orderBy(asc(dictionary.sort), asc(dictionary.code));
}

async function assertFree(db: DbOrTx, parentId: string, code: string, name: string, exceptId?: string) {
  const sibling = (cond: ReturnType<typeof eq>) =>
    db
      .select({ id: dictionary.id })
      .from(dictionary)
      .where(and(eq(dictionary.parentId, parentId), cond, exceptId ? ne(dictionary.id, exceptId) : undefined))
      .get();
  if (await sibling(eq(dictionary.code, code))) throw new ConflictError('dictionary.code_duplicate', { code });
  if (await sibling(eq(dictionary.name, name))) throw new ConflictError('dictionary.name_duplicate', { name });
}

function checkInput(input: DictionaryInput) {
  const issues = [
    ...checkText(input.code, { field: 'code', required: true, max: 50 }),
    ...checkText(input.name, { field: 'name', required: true }),
    ...checkText(input.enName ?? '', { field: 'enName' }),
  ];
  if (input.sort !== undefined && (!Number.isInteger(input.sort) || input.sort < 1)) {
    issues.push({ messageKey: 'validation.sort_positive_integer', field: 'sort', params: { field: 'sort', value: String(input.sort) } });
  }
  assertNoIssues(issues);
}

/** Spec dictionary/saveOrUpdate: creates when `id` is absent. */
export async function saveDictionaryItem(ctx: ServiceContext, input: DictionaryInput & { id?: string }): Promise<DictionaryRow> {
  const clean = { ...input, code: input.code.trim(), name: input.name.trim(), enName: input.enName?.trim() ?? '' };
  checkInput(clean);
  return writeAndLog(ctx, async (tx) => {
    const parentId = clean.parentId ?? '';
    if (parentId) await findDictionary(tx, parentId).catch(() => {
      throw new NotFoundError('dictionary.parent_not_found', { parent: parentId });
    });
    if (clean.id) {
      const before = await findDictionary(tx, clean.id);
      await assertFree(tx, before.parentId, clean.code, clean.name, before.id);
      const [row] = await tx
        .update(dictionary)
        .set({ code: clean.code, name: clean.name, enName: clean.enName, sort: clean.sort ?? before.sort })
        .where(eq(dictionary.id, before.id))
        .returning();
      return { result: row!, log: { action: 'dictionary.update', entity: 'dictionary', entityId: before.id, before, after: row } };
    }
    await assertFree(tx, parentId, clean.code, clean.name);
    const [row] = await tx
      .insert(dictionary)
      .values({ parentId, code: clean.code, name: clean.name, enName: clean.enName, sort: clean.sort ?? 1 })
      .returning();
    return { result: row!, log: { action: 'dictionary.create', entity: 'dictionary', entityId: row!.id, after: row } };
  });
}

/** Spec checkDelFlag: an item with children cannot be deleted. */
export async function canDeleteDictionaryItem(db: DbOrTx, id: string): Promise<boolean> {
  const [children] = await db.select({ n: count() }).from(dictionary).where(eq(dictionary.parentId, id));
  return (children?.n ?? 0) === 0;
}

export async function deleteDictionaryItem(ctx: ServiceContext, id: string): Promise<void> {
  await writeAndLog(ctx, async (tx) => {
    const before = await findDictionary(tx, id);
    if (!(await canDeleteDictionaryItem(tx, id))) throw new ConflictError('dictionary.has_children');
    await tx.delete(dictionary).where(eq(dictionary.id, id));
    return { result: undefined, log: { action: 'dictionary.delete', entity: 'dictionary', entityId: id, before } };
  });
}

