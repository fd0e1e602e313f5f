import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CustomFieldEntity } from '@fmea/core/domain';
import { api, type ApiData } from '../../api/typed-client.ts';
import { useLoad } from '../../api/use-load.ts';
import { localName } from '../../i18n/format.ts';
import { useDictionaries } from '../catalog/use-dictionaries.ts';
import type { DataGridColumn } from '../data-grid/index.ts';
import { Field, Select, TextInput } from '../form.tsx';

/** A custom field as the API answers it (System › Customisation forms). */
export type CustomFieldDef = ApiData<'/api/customField/list'>[number];
/** A record's custom values by system name, as the form edits them (text). */
export type CustomValues = Record<string, string>;

const NONE: CustomFieldDef[] = [];

/** The entity's custom fields, in sort order (empty while they load). */
export function useCustomFields(entity: CustomFieldEntity): CustomFieldDef[] {
  return useLoad(() => api.get('/api/customField/list', { entity }), [entity]).data ?? NONE;
}

const choiceTypes = (fields: readonly CustomFieldDef[]) => [...new Set(fields.flatMap((f) => (f.fieldType === 'choice' && f.dictType ? [f.dictType] : [])))];

/** The field's name in the reader's language (its alias or English alias). */
export const customFieldLabel = (field: CustomFieldDef, locale: string) => localName(locale, field.alias, field.aliasEn);

/** The form path a server issue names a custom field by (`customFields.<systemName>`), for `useForm`'s `serverFields`. */
export const customFieldPath = (field: Pick<CustomFieldDef, 'systemName'>) => `customFields.${field.systemName}`;
export const customFieldServerFields = (fields: readonly CustomFieldDef[]) => Object.fromEntries(fields.map((f) => [customFieldPath(f), customFieldPath(f)]));

/**
 * The entity's custom fields in a form (the SDK form pattern): one `Field` each, in sort order, with
 * its placeholder, required mark and the server's problem under it. Numbers, dates and dictionary
 * choices get their own controls; the server checks every value again on save.
 */
export function CustomFieldInputs({
  fields,
  values,
  onChange,
  error,
  disabled,
}: {
  fields: readonly CustomFieldDef[];
  values: CustomValues;
  onChange: (next: CustomValues) => void;
  error: (path: string) => string | undefined;
  disabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const dictionaries = useDictionaries(choiceTypes(fields));
  return (
    <>
      {fields.map((f) => {
        const value = values[f.systemName] ?? '';
        const set = (next: string) => onChange({ ...values, [f.systemName]: next });
        const common = { name: `custom-${f.systemName}`, disabled, 'data-testid': `custom-field-${f.systemName}` };
        return (
          <Field key={f.id} label={customFieldLabel(f, i18n.locale)} required={f.required} error={error(customFieldPath(f))}>
            {(id) =>
              f.fieldType === 'choice' ? (
                <Select
                  id={id}
                  {...common}
                  value={value}
                  onChange={(e) => set(e.target.value)}
                  options={[{ value: '', label: f.placeholder || t`Not set` }, ...(dictionaries[f.dictType ?? ''] ?? []).map((d) => ({ value: d.code, label: localName(i18n.locale, d.name, d.enName) }))]}
                />
              ) : (
                <TextInput
                  id={id}
                  {...common}
                  type={f.fieldType === 'date' ? 'date' : 'text'}
                  inputMode={f.fieldType === 'number' ? 'decimal' : undefined}
                  maxLength={200}
                  placeholder={f.placeholder ?? undefined}
                  value={value}
                  onChange={(e) => set(e.target.value)}
                />
              )
            }
          </Field>
        );
      })}
    </>
  );
}

/**
 * A custom value as a reader sees it: a choice by its dictionary item's name in the reader's
 * language (the code while the items load, or for an item since removed), others as stored (a date
 * as YYYY-MM-DD, a number in its canonical form).
 */
export function useCustomValueText(fields: readonly CustomFieldDef[]): (field: CustomFieldDef, value: string | undefined) => string {
  const { i18n } = useLingui();
  const dictionaries = useDictionaries(choiceTypes(fields));
  return useMemo(
    () => (f: CustomFieldDef, value: string | undefined) => {
      if (f.fieldType !== 'choice' || !value) return value ?? '';
      const item = (dictionaries[f.dictType ?? ''] ?? []).find((d) => d.code === value);
      return item ? localName(i18n.locale, item.name, item.enName) : value;
    },
    [dictionaries, i18n.locale],
  );
}

/**
 * Grid columns for the entity's custom fields: shown fields visible, the others hidden but offered
 * in the grid's column menu. A choice shows its dictionary item's name. Sortable as the grid's own
 * columns are: the grid hands the column id back as its sort, and `customListQuery` sends it to the
 * server (a server-paged list; a choice sorts by its code).
 */
export function useCustomFieldColumns<Row>(fields: readonly CustomFieldDef[], valuesOf: (row: Row) => Readonly<Record<string, string>>): DataGridColumn<Row>[] {
  const { i18n } = useLingui();
  const text = useCustomValueText(fields);
  return useMemo(() => fields.map((f) => ({
    id: `custom-${f.systemName}`,
    sortable: true,
    header: customFieldLabel(f, i18n.locale),
    width: 140,
    hidden: !f.shown,
    accessor: (row: Row) => text(f, valuesOf(row)[f.systemName]),
  })), [fields, text, i18n.locale, valuesOf]);
}
