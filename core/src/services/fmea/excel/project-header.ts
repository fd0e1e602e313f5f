import { TEXT_LIMIT } from '../../../domain/validation/index.ts';
import type { FmeaProjectRow } from '../access.ts';
import type { Unmapped } from './detect.ts';
import { headerFill, type HeaderEntry, type LegacyHeaderBlock } from './legacy-header.ts';

export type HeaderValues = { name?: string; customer?: string; carTypeYears?: string; startDate?: string; teamNotes?: string };

export interface HeaderPlan {
  /** Fields to set: all of them for a new project, only empty ones for an existing project. */
  values: HeaderValues;
  /** Entries with no room (a field already set otherwise, team notes full): reported like unmapped cells. */
  unplaced: Unmapped[];
}

const fits = (text: string) => [...text].length <= TEXT_LIMIT;

/**
 * Where a legacy header block goes: its fields that exist on the project
 * today (name, customer, car type years, start date), everything else as
 * "label: value" lines of the team notes while they fit their 200
 * characters. Into an existing project only empty fields are filled and
 * only notes not there yet are added; the name stays. What finds no place
 * is listed, never dropped.
 */
export function planHeader(block: LegacyHeaderBlock, sheet: string, existing: FmeaProjectRow | null): HeaderPlan {
  const fill = headerFill(block);
  const values: HeaderValues = {};
  const notes: { entry: HeaderEntry; line: string }[] = [];
  for (const field of ['name', 'customer', 'carTypeYears', 'startDate'] as const) {
    const found = fill.fields[field];
    if (!found) continue;
    const current = existing?.[field] ?? null;
    // An existing project keeps its name and its filled fields; a differing value becomes a note.
    if (!(existing && field === 'name') && (current === null || current === '') && fits(found.value)) values[field] = found.value;
    else if (current !== found.value) notes.push({ entry: found.entry, line: `${found.entry.label}: ${found.entry.value}` });
  }
  notes.push(...fill.notes);
  const have = existing?.teamNotes ? existing.teamNotes.split('\n') : [];
  const lines = [...have];
  const unplaced: Unmapped[] = [];
  for (const { entry, line } of notes) {
    if (lines.includes(line)) continue;
    if (fits([...lines, line].join('\n'))) lines.push(line);
    else unplaced.push({ sheet, column: entry.column, row: entry.row, text: line });
  }
  if (lines.length > have.length) values.teamNotes = lines.join('\n');
  return { values, unplaced };
}
