import { useEffect, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { localName } from '../../i18n/format.ts';
import { useDictionaries } from '../catalog/use-dictionaries.ts';
import type { DataGridSort } from '../data-grid/index.ts';
import { Button, Select, TextInput } from '../form.tsx';
import { customFieldLabel, type CustomFieldDef } from './custom-fields.tsx';

/** The custom-field filter of a list's toolbar: one field at a time; text and choice take `value`, numbers and dates `from`/`to`. */
export interface CustomFilter {
  field: string;
  value: string;
  from: string;
  to: string;
}

export const NO_CUSTOM_FILTER: CustomFilter = { field: '', value: '', from: '', to: '' };

/** The grid column id of a custom field (`useCustomFieldColumns`), also the sort id the grid hands back. */
export const customColumnId = (systemName: string) => `custom-${systemName}`;

type Filters = Record<string, string | { from?: string; to?: string }>;

/**
 * The list request's custom fields (docs/domain/custom-fields.md "Lists"): the toolbar's filter, and
 * the sort when the grid is sorted by a custom column; the server checks both against the fields.
 */
export function customListQuery(filter: CustomFilter, fields: readonly CustomFieldDef[], sort?: DataGridSort): { customFilters?: Filters; customSort?: { field: string; order: 'asc' | 'desc' } } {
  const out: ReturnType<typeof customListQuery> = {};
  const f = fields.find((x) => x.systemName === filter.field);
  if (f) {
    const ranged = f.fieldType === 'number' || f.fieldType === 'date';
    const from = filter.from.trim();
    const to = filter.to.trim();
    if (ranged && (from || to)) out.customFilters = { [f.systemName]: { ...(from ? { from } : {}), ...(to ? { to } : {}) } };
    if (!ranged && filter.value.trim()) out.customFilters = { [f.systemName]: filter.value.trim() };
  }
  const prefix = customColumnId('');
  if (sort?.id.startsWith(prefix)) out.customSort = { field: sort.id.slice(prefix.length), order: sort.desc ? 'desc' : 'asc' };
  return out;
}

/** A typed box that applies on Enter or when left, so a list is not asked again at every key. */
function DraftInput({ value, onApply, ...rest }: { value: string; onApply: (value: string) => void } & Omit<ComponentProps<typeof TextInput>, 'value' | 'onChange'>) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const apply = () => draft !== value && onApply(draft);
  const enter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    apply();
  };
  return <TextInput {...rest} value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={apply} onKeyDown={enter} />;
}

/**
 * The toolbar control that filters a server-paged list by one custom field: the field, then a text
 * (contains), a number or date range, or a dictionary choice. Nothing when the entity has no fields.
 */
export function CustomFieldFilter({ fields, value, onChange }: { fields: readonly CustomFieldDef[]; value: CustomFilter; onChange: (next: CustomFilter) => void }) {
  const { t, i18n } = useLingui();
  const field = fields.find((f) => f.systemName === value.field);
  const dictionaries = useDictionaries(field?.fieldType === 'choice' && field.dictType ? [field.dictType] : []);
  if (fields.length === 0) return null;
  const set = (patch: Partial<CustomFilter>) => onChange({ ...value, ...patch });
  const label = field ? customFieldLabel(field, i18n.locale) : '';
  const style = { minWidth: 0, width: field?.fieldType === 'date' ? 'auto' : 110 };
  const ranged = field?.fieldType === 'number' || field?.fieldType === 'date';
  const kind = field?.fieldType === 'date' ? 'date' : 'text';
  return (
    <span className="custom-field-filter" style={{ display: 'inline-flex', gap: 4, alignItems: 'center', flexWrap: 'nowrap' }} role="group" aria-label={t`Filter by custom field`} data-testid="custom-field-filter">
      <Select
        aria-label={t`Custom field`}
        data-testid="custom-filter-field"
        value={value.field}
        onChange={(e) => onChange({ ...NO_CUSTOM_FILTER, field: e.target.value })}
        options={[{ value: '', label: t`Custom field…` }, ...fields.map((f) => ({ value: f.systemName, label: customFieldLabel(f, i18n.locale) }))]}
      />
      {field?.fieldType === 'choice' ? (
        <Select
          aria-label={label}
          data-testid="custom-filter-value"
          value={value.value}
          onChange={(e) => set({ value: e.target.value })}
          options={[{ value: '', label: t`Any` }, ...(dictionaries[field.dictType ?? ''] ?? []).map((d) => ({ value: d.code, label: localName(i18n.locale, d.name, d.enName) }))]}
        />
      ) : null}
      {field?.fieldType === 'text' ? (
        <DraftInput aria-label={t`${label} contains`} placeholder={t`Contains`} data-testid="custom-filter-value" maxLength={200} style={style} value={value.value} onApply={(v) => set({ value: v })} />
      ) : null}
      {ranged ? (
        <>
          <DraftInput
            type={kind}
            inputMode={field.fieldType === 'number' ? 'decimal' : undefined}
            aria-label={t`${label} from`}
            placeholder={t`From`}
            data-testid="custom-filter-from"
            style={style}
            value={value.from}
            onApply={(v) => set({ from: v })}
          />
          <span aria-hidden="true">–</span>
          <DraftInput
            type={kind}
            inputMode={field.fieldType === 'number' ? 'decimal' : undefined}
            aria-label={t`${label} to`}
            placeholder={t`To`}
            data-testid="custom-filter-to"
            style={style}
            value={value.to}
            onApply={(v) => set({ to: v })}
          />
        </>
      ) : null}
      {field ? (
        <Button kind="link" data-testid="custom-filter-clear" onClick={() => onChange(NO_CUSTOM_FILTER)}>
          <Trans>Clear</Trans>
        </Button>
      ) : null}
    </span>
  );
}
