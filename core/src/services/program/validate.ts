import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import type { Issue } from '../../errors.ts';
import { dayNumber, type ProgramMessageKey } from '../../domain/program/index.ts';

/** Checks shared by the program and task forms and imports: text lengths, calendar days, people. */
export const NAME_MAX = 200;
/** Spec 000 §9: texts hold 200 characters, descriptions and notes too. */
export const TEXT_MAX = 200;

export function textIssue(field: string, value: string | null | undefined, max: number, required = false, key: ProgramMessageKey = 'program.name_required', row?: number): Issue[] {
  const text = value?.trim() ?? '';
  const at = row === undefined ? {} : { row };
  if (required && !text) return [{ messageKey: key, field, params: { field }, ...at }];
  if (text.length > max) return [{ messageKey: 'program.text_too_long' satisfies ProgramMessageKey, field, params: { field, max }, ...at }];
  return [];
}

/** A 'YYYY-MM-DD' day, or an issue naming the field. */
export function dayIssue(field: string, value: string | null | undefined, row?: number): Issue[] {
  if (value === null || value === undefined || value === '') return [];
  return dayNumber(value) === undefined ? [{ messageKey: 'program.date_invalid' satisfies ProgramMessageKey, field, params: { field, value }, ...(row === undefined ? {} : { row }) }] : [];
}

/** An end before its start (both valid days), named by the end's field. */
export function orderIssue(field: string, start: string | null | undefined, end: string | null | undefined, key: ProgramMessageKey, row?: number): Issue[] {
  if (!start || !end) return [];
  const [a, b] = [dayNumber(start), dayNumber(end)];
  return a !== undefined && b !== undefined && b < a ? [{ messageKey: key, field, params: { field }, ...(row === undefined ? {} : { row }) }] : [];
}

export interface Person {
  id: string;
  name: string;
  departmentId: string | null;
}

/** The people named by id (their display name: real name, else user name). */
export async function peopleById(db: DbOrTx, ids: readonly (string | null | undefined)[]): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: user.id, userName: user.userName, realName: user.realName, departmentId: user.departmentId }).from(user).where(inArray(user.id, wanted));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.realName || r.userName, departmentId: r.departmentId }]));
}

/** A person by user name or real name (imports name people as text). */
export async function personByName(db: DbOrTx, name: string): Promise<Person | undefined> {
  const row = (await db.select({ id: user.id, userName: user.userName, realName: user.realName, departmentId: user.departmentId }).from(user).where(eq(user.userName, name)).get()) ?? (await db.select({ id: user.id, userName: user.userName, realName: user.realName, departmentId: user.departmentId }).from(user).where(eq(user.realName, name)).get());
  return row ? { id: row.id, name: row.realName || row.userName, departmentId: row.departmentId } : undefined;
}
