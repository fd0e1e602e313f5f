import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaProject } from '../../db/schema/index.ts';
import { ConflictError, isDomainError } from '../../errors.ts';
import { kindOf, type ProjectType } from '../../domain/fmea/index.ts';
import { checkManualNumber, type NumberingMessageKey, type NumberingModule } from '../../domain/numbering/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { allocateNumber, getNumberingRule, previewNextNumber, registerManualNumber, type NumberTaken } from '../numbering/numbering.ts';

/**
 * Project numbers (serial_num): the next number of the type's numbering rule,
 * or one typed by hand where that rule allows it. Numbers are never reused:
 * every project holds its number, deleted ones included (they stay in the
 * table with del_flg 1, and the unique index spans them).
 */

/** Whether any project, deleted ones included, holds the number. */
export const projectNumberTaken =
  (db: DbOrTx): NumberTaken =>
  async (number) =>
    (await db.select({ id: fmeaProject.id }).from(fmeaProject).where(eq(fmeaProject.serialNum, number)).get()) !== undefined;

/** What the new-project dialog shows: the number a project of this type would get now, and whether one may be typed instead. */
export interface ProjectNumberPreview {
  readonly projectType: ProjectType;
  readonly module: NumberingModule;
  readonly number: string;
  readonly serial: number;
  readonly allowManual: boolean;
}

/**
 * The number the next project of a type would get, without taking it (nothing
 * is written or logged); numbers held by projects are stepped past, as
 * allocation does. A look, not a reservation: another project may come first.
 */
export async function previewProjectNumber(db: DbOrTx, projectType: ProjectType, now: Date): Promise<ProjectNumberPreview> {
  const preview = await previewNextNumber(db, kindOf(projectType).numberingModule, now, projectNumberTaken(db));
  return { projectType, ...preview };
}

/**
 * The number of a new project, inside its creating transaction. Blank or
 * absent `manual`: the rule's next number, past any number a project holds.
 * Otherwise the typed number (trimmed), when the rule allows manual numbers
 * and it passes the rule's check — refused under the field `serialNum`
 * (invalid_input) — and no project, deleted or not, holds it (conflict
 * `numbering.manual_duplicate` naming the number). An accepted number is
 * registered with the counter, so later automatic numbers skip past it.
 */
export async function takeProjectNumber(tx: DbOrTx, projectType: ProjectType, now: Date, manual?: string | null): Promise<string> {
  const module = kindOf(projectType).numberingModule;
  const typed = manual?.trim();
  if (!typed) return allocateNumber(tx, module, now, projectNumberTaken(tx));
  const rule = await getNumberingRule(tx, module);
  try {
    checkManualNumber(rule, typed);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // not allowed by the rule, or not a valid number: the form shows it under the number field
    assertNoIssues([{ messageKey: error.messageKey, params: error.params, field: 'serialNum' }]);
  }
  if (await projectNumberTaken(tx)(typed)) throw new ConflictError('numbering.manual_duplicate' satisfies NumberingMessageKey, { value: typed });
  return registerManualNumber(tx, module, typed);
}
