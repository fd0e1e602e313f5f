import { TEXT_LIMIT } from '../../../domain/validation/index.ts';
import type { Issue } from '../../../errors.ts';
import type { FmeaProjectRow } from '../access.ts';
import { unknownItemIssue, type ProjectDictionaries } from '../project-codes.ts';
import type { Unmapped } from './detect.ts';
import { headerFill, type FilledField, type HeaderEntry, type LegacyHeaderBlock } from './legacy-header.ts';

export type HeaderValues = Partial<Record<FilledField, string>>;

export interface HeaderPlan {
  /** Fields to set: all of them for a new project, only empty ones for an existing project. */
  values: HeaderValues;
  /** Entries with no room (a field already set otherwise, a second entry, a date that is no date, a text too long): reported like unmapped cells. */
  unplaced: Unmapped[];
  /** A customer the dictionary does not know: refused with its row, never dropped. */
  issues: Issue[];
}

const fits = (text: string) => [...text].length <= TEXT_LIMIT;

/**
 * Where a legacy header block goes (`headerFill`): each entry into its header
 * field. Into an existing project only empty fields are filled and the name
 * stays; a differing value there, like any entry with no room, is listed,
 * never dropped. The customer is a dictionary item: its name (either
 * language) or code becomes the code; one the dictionary does not know is an
 * issue on its row.
 */
export function planHeader(block: LegacyHeaderBlock, sheet: string, existing: FmeaProjectRow | null, dictionaries: ProjectDictionaries): HeaderPlan {
  const fill = headerFill(block);
  const values: HeaderValues = {};
  const unplaced: Unmapped[] = [];
  const issues: Issue[] = [];
  const leave = (entries: readonly HeaderEntry[]) => {
    for (const entry of entries) unplaced.push({ sheet, column: entry.column, row: entry.row, text: `${entry.label}: ${entry.value}` });
  };
  for (const [field, found] of Object.entries(fill.fields) as [FilledField, NonNullable<(typeof fill.fields)[FilledField]>][]) {
    const current = existing?.[field] ?? null;
    if (existing && field === 'name') {
      // an existing project keeps its name; the block's scope still lands in the subject
      const inSubject = fill.fields.subject?.entries.includes(found.entries[0]!) ?? false;
      if (!inSubject && existing.name !== found.value) leave(found.entries);
      continue;
    }
    if (current !== null && current !== '') {
      const same = field === 'customer' ? dictionaries.match('customer', found.value, 'label')?.code === current : current === found.value;
      if (!same) leave(found.entries);
      continue;
    }
    if (!fits(found.value)) {
      leave(found.entries);
      continue;
    }
    if (field === 'customer') {
      const item = dictionaries.match('customer', found.value, 'label');
      if (item) values.customer = item.code;
      else issues.push(unknownItemIssue('customer', found.value, found.entries[0]!.row));
    } else values[field] = found.value;
  }
  leave(fill.rest);
  return { values, unplaced, issues };
}
