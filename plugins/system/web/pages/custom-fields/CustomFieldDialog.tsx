import { useLingui } from '@lingui/react/macro';
import type { CustomFieldEntity } from '@fmea/core/domain';
import { api, Field, FormDialog, localName, Select, TextInput, useForm, useLoad, type CustomFieldDef } from '@fmea/sdk';
import { loadDictionaries } from '../../common/lookups.ts';
import { useFieldTypeLabel } from './labels.ts';

interface Draft {
  systemName: string;
  alias: string;
  aliasEn: string;
  placeholder: string;
  fieldType: CustomFieldDef['fieldType'];
  dictType: string;
  sort: string;
  required: boolean;
  shown: boolean;
}

const TYPES = ['text', 'number', 'date', 'choice'] as const;

/** Add or change a custom field of an entity; the server checks every rule again (letters-only unique name, unique positive sort). */
export function CustomFieldDialog({ entity, field, nextSort, onClose, onSaved }: { entity: CustomFieldEntity; field: CustomFieldDef | null; nextSort: number; onClose: () => void; onSaved: (f: CustomFieldDef) => void }) {
  const { t, i18n } = useLingui();
  const typeLabel = useFieldTypeLabel();
  const dictionaries = useLoad(loadDictionaries, []);
  const form = useForm<Draft, CustomFieldDef>({
    initial: {
      systemName: field?.systemName ?? '',
      alias: field?.alias ?? '',
      aliasEn: field?.aliasEn ?? '',
      placeholder: field?.placeholder ?? '',
      fieldType: field?.fieldType ?? 'text',
      dictType: field?.dictType ?? '',
      sort: String(field?.sort ?? nextSort),
      required: field?.required ?? false,
      shown: field?.shown ?? true,
    },
    validate: (d) => ({ fields: { sort: /^\d+$/.test(d.sort.trim()) && Number(d.sort) > 0 ? null : t`Enter a positive whole number.` } }),
    save: (d) =>
      api.post('/api/customField/save', {
        ...(field && { id: field.id, version: field.version }),
        entity,
        systemName: d.systemName.trim(),
        alias: d.alias,
        aliasEn: d.aliasEn,
        placeholder: d.placeholder.trim() || null,
        fieldType: d.fieldType,
        dictType: d.fieldType === 'choice' ? d.dictType || null : null,
        sort: Number(d.sort),
        required: d.required,
        shown: d.shown,
      }),
    onSaved,
  });
  const { draft, set, error } = form;
  return (
    <FormDialog form={form} title={field ? t`Edit custom field ${field.systemName}` : t`New custom field`} width={560} saveTestId="custom-field-save" onClose={onClose}>
      <Field label={t`System name`} required error={error('systemName')} hint={t`English letters only, unique; used by the API and the import.`}>
        {(id) => <TextInput id={id} name="systemName" data-testid="custom-field-systemName" maxLength={50} value={draft.systemName} onChange={(e) => set('systemName', e.target.value)} />}
      </Field>
      <Field label={t`Alias`} required error={error('alias')}>
        {(id) => <TextInput id={id} name="alias" data-testid="custom-field-alias" maxLength={50} value={draft.alias} onChange={(e) => set('alias', e.target.value)} />}
      </Field>
      <Field label={t`English alias`} required error={error('aliasEn')}>
        {(id) => <TextInput id={id} name="aliasEn" data-testid="custom-field-aliasEn" maxLength={50} value={draft.aliasEn} onChange={(e) => set('aliasEn', e.target.value)} />}
      </Field>
      <Field label={t`Type`} required error={error('fieldType')}>
        {(id) => <Select id={id} name="fieldType" data-testid="custom-field-type" value={draft.fieldType} onChange={(e) => set('fieldType', e.target.value as Draft['fieldType'])} options={TYPES.map((v) => ({ value: v, label: typeLabel(v) }))} />}
      </Field>
      {draft.fieldType === 'choice' ? (
        <Field label={t`Dictionary`} required error={error('dictType')}>
          {(id) => (
            <Select
              id={id}
              name="dictType"
              data-testid="custom-field-dictType"
              value={draft.dictType}
              onChange={(e) => set('dictType', e.target.value)}
              options={[{ value: '', label: '—' }, ...(dictionaries.data ?? []).map((d) => ({ value: d.code, label: `${localName(i18n.locale, d.name, d.enName)} (${d.code})` }))]}
            />
          )}
        </Field>
      ) : null}
      <Field label={t`Placeholder`} error={error('placeholder')}>
        {(id) => <TextInput id={id} name="placeholder" maxLength={100} value={draft.placeholder} onChange={(e) => set('placeholder', e.target.value)} />}
      </Field>
      <Field label={t`Sort order`} required error={error('sort')}>
        {(id) => <TextInput id={id} name="sort" data-testid="custom-field-sort" inputMode="numeric" maxLength={6} value={draft.sort} onChange={(e) => set('sort', e.target.value)} />}
      </Field>
      <label className="sys-check">
        <input type="checkbox" data-testid="custom-field-required" checked={draft.required} onChange={(e) => set('required', e.target.checked)} /> {t`Required`}
      </label>
      <label className="sys-check">
        <input type="checkbox" data-testid="custom-field-shown" checked={draft.shown} onChange={(e) => set('shown', e.target.checked)} /> {t`Shown in the list`}
      </label>
    </FormDialog>
  );
}
