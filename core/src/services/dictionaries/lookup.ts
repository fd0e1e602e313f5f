import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { dictionary } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import type { DictionaryChoice } from '../../domain/dictionaries/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { buildTree, findDictionary, type DictionaryNode } from './dictionaries.ts';
import { isLive, live } from '../../db/live.ts';

/**
 * Where an item lives for a sibling check: the given parent, else (when
 * editing) the item's own parent, else the root level ''.
 */
async function parentOf(db: DbOrTx, parentId: string | undefined, exceptId: string | undefined): Promise<string> {
  if (parentId !== undefined) return parentId;
  if (exceptId) return (await findDictionary(db, exceptId)).parentId;
  return '';
}

export interface SiblingCheck {
  parentId?: string;
  /** The item being edited: its own code/name does not count as taken. */
  exceptId?: string;
}

async function siblingFree(db: DbOrTx, column: typeof dictionary.code | typeof dictionary.name, value: string, check: SiblingCheck): Promise<boolean> {
  const parentId = await parentOf(db, check.parentId, check.exceptId);
  const taken = await db
    .select({ id: dictionary.id })
    .from(dictionary)
    .where(and(eq(dictionary.parentId, parentId), eq(column, value.trim()), check.exceptId ? ne(dictionary.id, check.exceptId) : undefined))
    .get();
  return !taken;
}

/** Spec checkDictCode: whether a code is still free among the siblings (compared as saved: trimmed, exact). */
export function isDictionaryCodeAvailable(db: DbOrTx, code: string, check: SiblingCheck = {}): Promise<boolean> {
  return siblingFree(db, dictionary.code, code, check);
}

/** Spec validateDictName: whether a name is still free among the siblings. */
export function isDictionaryNameAvailable(db: DbOrTx, name: string, check: SiblingCheck = {}): Promise<boolean> {
  return siblingFree(db, dictionary.name, name, check);
}

/** Spec selectDictionary: one live item with its subtree. */
export async function getDictionaryItem(ctx: ServiceContext, id: string): Promise<DictionaryNode> {
  const rows = await ctx.db.select().from(dictionary).where(live(dictionary));
  const find = (nodes: readonly DictionaryNode[]): DictionaryNode | undefined => {
    for (const node of nodes) {
      if (node.id === id) return node;
      const below = find(node.children);
      if (below) return below;
    }
    return undefined;
  };
  const sorted = [...rows].sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code));
  const node = find(buildTree(sorted));
  if (!node) throw new NotFoundError('dictionary.not_found', { dictionary: id });
  return node;
}

/** A dictionary item as pickers and imports see it; `live` is false for a deleted one (its code may still be stored). */
export interface DictionaryItemChoice extends DictionaryChoice {
  live: boolean;
}

/**
 * The items of the given dictionary types, by type code, in dictionary order:
 * live and deleted (a code stored before its item was deleted still shows
 * its name). A type that does not exist has no items.
 */
export async function dictionaryChoices(db: DbOrTx, typeCodes: readonly string[]): Promise<Map<string, DictionaryItemChoice[]>> {
  const out = new Map<string, DictionaryItemChoice[]>(typeCodes.map((code) => [code, []]));
  if (typeCodes.length === 0) return out;
  const type = alias(dictionary, 'dictionary_type');
  const rows = await db
    .select({ typeCode: type.code, code: dictionary.code, name: dictionary.name, enName: dictionary.enName, delFlg: dictionary.delFlg })
    .from(dictionary)
    .innerJoin(type, eq(type.id, dictionary.parentId))
    .where(and(eq(type.parentId, ''), inArray(type.code, [...typeCodes])))
    .orderBy(asc(dictionary.delFlg), asc(dictionary.sort), asc(dictionary.code));
  for (const r of rows) out.get(r.typeCode)?.push({ code: r.code, name: r.name, enName: r.enName, live: isLive(r) });
  return out;
}
