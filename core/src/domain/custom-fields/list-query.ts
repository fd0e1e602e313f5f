import type { Issue } from '../../errors.ts';
import { validDate, type FieldForValues } from './rules.ts';

/**
 * A list's filter on one custom field (docs/domain/custom-fields.md "Lists"): text contains (any case);
 * a number or date equal, or a range `{ from, to }` (inclusive, either end open); a choice one code or
 * any of several. Blank means no filter.
 */
export type CustomFilterValue = string | number | readonly string[] | { from?: string | number | null; to?: string | number | null };

export interface CustomListQuery {
  /** Filters by system name; all must hold. */
  customFilters?: Readonly<Record<string, CustomFilterValue | null | undefined>>;
  /** Sort by one custom field (records without a value last), before the list's own order. */
  customSort?: { field: string; order?: 'asc' | 'desc' };
}

/** One checked filter, as the services turn it into SQL. */
export type CustomFilterTerm =
  | { field: FieldForValues; kind: 'contains'; value: string }
  | { field: FieldForValues; kind: 'in'; values: string[] }
  | { field: FieldForValues; kind: 'range'; from?: string; to?: string; numeric: boolean };

export interface CustomListTerms {
  filters: CustomFilterTerm[];
  sort?: { field: FieldForValues; desc: boolean };
}

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/**
 * Checks a list query's custom filters and sort against the entity's fields: an unknown system name,
 * a number or date that is not one, a range whose start is after its end, a list of values for a field
 * that is no choice. Issues name the field by its alias (both languages), as a form's do.
 */
export function customListTerms(fields: readonly FieldForValues[], query: CustomListQuery): { issues: Issue[]; terms: CustomListTerms } {
  const issues: Issue[] = [];
  const terms: CustomListTerms = { filters: [] };
  const byName = new Map(fields.map((f) => [f.systemName, f]));
  const unknown = (name: string, field: string) => issues.push({ messageKey: 'custom_field.unknown_field', field, params: { name } });
  for (const [name, raw] of Object.entries(query.customFilters ?? {})) {
    const f = byName.get(name);
    const path = `customFilters.${name}`;
    if (!f) {
      unknown(name, path);
      continue;
    }
    const issue = (key: string, value: unknown) => issues.push({ messageKey: key, field: path, params: { alias: f.alias, aliasEn: f.aliasEn, value: String(value) } });
    if (raw === null || raw === undefined) continue;
    if (Array.isArray(raw)) {
      const codes = raw.map((v) => String(v).trim()).filter((v) => v !== '');
      if (f.fieldType !== 'choice') issue('custom_field.filter_invalid', raw.join(', '));
      else if (codes.length) terms.filters.push({ field: f, kind: 'in', values: codes });
      continue;
    }
    const range = typeof raw === 'object' ? (raw as { from?: unknown; to?: unknown }) : { from: raw, to: raw };
    if (typeof raw === 'object' && f.fieldType !== 'number' && f.fieldType !== 'date') {
      issue('custom_field.filter_invalid', JSON.stringify(raw));
      continue;
    }
    if (blank(range.from) && blank(range.to)) continue;
    if (f.fieldType === 'text') terms.filters.push({ field: f, kind: 'contains', value: String(raw).trim() });
    else if (f.fieldType === 'choice') terms.filters.push({ field: f, kind: 'in', values: [String(raw).trim()] });
    else {
      const numeric = f.fieldType === 'number';
      const ends = [range.from, range.to].map((v) => (blank(v) ? undefined : String(v).trim()));
      const bad = ends.find((v) => v !== undefined && (numeric ? !Number.isFinite(Number(v)) : !validDate(v)));
      if (bad !== undefined) {
        issue(numeric ? 'custom_field.value_not_number' : 'custom_field.value_not_date', bad);
        continue;
      }
      const [from, to] = ends.map((v) => (v !== undefined && numeric ? String(Number(v)) : v));
      if (from !== undefined && to !== undefined && (numeric ? Number(from) > Number(to) : from > to)) {
        issue('custom_field.filter_invalid', `${from} – ${to}`);
        continue;
      }
      terms.filters.push({ field: f, kind: 'range', from, to, numeric });
    }
  }
  if (query.customSort) {
    const f = byName.get(query.customSort.field);
    if (!f) unknown(query.customSort.field, 'customSort.field');
    else terms.sort = { field: f, desc: query.customSort.order === 'desc' };
  }
  return { issues, terms };
}
