import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { catalogNumberEntry, readRules, switchOn, type CatalogField, type CatalogTypeDefinition } from '@fmea/core/domain';
import { api } from '../../api/typed-client.ts';
import { useLoad } from '../../api/use-load.ts';
import type { Locale } from '../../i18n/index.ts';
import { useUser } from '../../stores/use-user.ts';
import { Field, TextInput } from '../form.tsx';
import { FormDialog } from '../form/form-dialog.tsx';
import { useForm } from '../form/use-form.ts';
import { CustomFieldInputs, customFieldServerFields, useCustomFields, type CustomValues } from '../form/custom-fields.tsx';
import type { CatalogApi, CatalogFieldValue, CatalogRow } from './catalog-api.ts';
import { FieldControl, type DraftValue } from './FieldControl.tsx';
import { textIn } from './labels.ts';
import type { DictionaryItems } from './use-dictionaries.ts';

type Draft = Record<string, DraftValue>;
type Flags = Readonly<Record<string, string>>;

/** Whether a field must be filled now: declared so, or tied to a rule flag that is on (English, failure use type). */
export function isRequired(field: CatalogField, flags: Flags): boolean {
  if (field.required) return true;
  if (field.requiredBy) return switchOn(flags, field.requiredBy);
  return field.kind === 'enText' && readRules(flags).englishRequired;
}

/** The draft of a record (or of a new one): every field as text, lists for `multiple`. */
export function draftOf(type: CatalogTypeDefinition, row: CatalogRow | null): Draft {
  const draft: Draft = { serialNum: '', remark: '' };
  for (const field of type.fields) {
    const value = row?.values[field.key];
    const multiple = 'multiple' in field && field.multiple === true;
    draft[field.key] = multiple ? (Array.isArray(value) ? value : value ? String(value).split(',') : []) : Array.isArray(value) ? value.join(',') : value === null || value === undefined ? '' : String(value);
  }
  return draft;
}

/** The values the API takes: empty as null, numbers as numbers (text that is none goes as typed, for the server to name). */
export function valuesOf(type: CatalogTypeDefinition, draft: Draft): Record<string, CatalogFieldValue> {
  const values: Record<string, CatalogFieldValue> = {};
  for (const field of type.fields) {
    const value = draft[field.key] ?? '';
    if (Array.isArray(value)) values[field.key] = value.length ? value : null;
    else if (value.trim() === '') values[field.key] = null;
    else if (field.kind === 'number' && Number.isFinite(Number(value))) values[field.key] = Number(value);
    else values[field.key] = value.trim();
  }
  return values;
}

export interface RecordDialogProps {
  type: CatalogTypeDefinition;
  calls: CatalogApi;
  /** The version to change; null: a new record. */
  row: CatalogRow | null;
  dictionaries: DictionaryItems;
  onClose: () => void;
  onSaved: (row: CatalogRow) => void;
}

/** Add or edit a record: one control per declared field, the server's problems under the fields they name. */
export function RecordDialog({ type, calls, row, dictionaries, onClose, onSaved }: RecordDialogProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const user = useUser();
  // the required-rule flags as they are now (English required, failure use type required): every flag, since English-required is a tab of its own
  const flags = useLoad(() => api.post('/api/sysBusinessRule/query').then((d) => Object.fromEntries(d.items.map((r) => [r.ruleType, r.flag]))), []).data ?? {};
  // spec 001 §6: the user's product types can be chosen, the others show disabled; none listed (or an admin): all
  const permitted = user && !user.isAdmin && user.productTypes.length ? user.productTypes : undefined;
  const typedNumber = !row && catalogNumberEntry(type) === 'required';
  const label = (field: CatalogField) => textIn(locale, field.header);
  // the custom fields of catalogs (one set for every catalog type), kept beside the declared fields' draft
  const customFields = useCustomFields('catalog');
  const [custom, setCustom] = useState<CustomValues>(() => ({ ...(row?.customFields ?? {}) }));

  const form = useForm<Draft, CatalogRow>({
    initial: () => draftOf(type, row),
    validate: (d) => ({
      fields: Object.fromEntries([
        ...type.fields.filter((f) => isRequired(f, flags) && (Array.isArray(d[f.key]) ? !d[f.key]!.length : !String(d[f.key] ?? '').trim())).map((f) => {
          const name = label(f);
          return [f.key, t`${name} cannot be empty`];
        }),
        ...(typedNumber && !String(d.serialNum).trim() ? [['serialNum', t`The number cannot be empty`]] : []),
      ]),
    }),
    save: (d) =>
      calls.save({
        ...(row ? { id: row.id, version: row.version } : {}),
        ...(typedNumber ? { serialNum: String(d.serialNum).trim() } : {}),
        values: valuesOf(type, d),
        remark: String(d.remark).trim() || null,
        customFields: custom,
      }),
    onSaved: (saved) => onSaved(saved),
    serverFields: { [type.serialField]: 'serialNum', ...customFieldServerFields(customFields) },
  });

  // spec 001 §7 validateInvalidDescription …: a value another record holds is said on leaving its field, not only on saving
  const [warnings, setWarnings] = useState<Record<string, string>>({});
  const uniqueFields = new Set((type.unique ?? []).flat());
  const probe = (key: string) => {
    const values = valuesOf(type, form.draft);
    if (values[key] === null) return;
    calls
      .validate({ field: key, value: values[key]!, values, ...(row ? { id: row.id } : {}) })
      .then((answer) => setWarnings((w) => ({ ...w, [key]: answer.valid ? '' : (answer.message ?? '') })))
      .catch(() => undefined); // the save says it again
  };

  const title = textIn(locale, type.title);
  const serial = row?.serialNum;
  return (
    <FormDialog form={form} title={row ? t`Edit ${title} ${serial}` : t`New ${title}`} width={720} onClose={onClose} saveTestId="catalog-save" className="catalog-form">
      {typedNumber ? (
        <Field label={textIn(locale, type.serialHeader)} required error={form.error('serialNum')}>
          {(id) => <TextInput id={id} data-testid="catalog-field-serialNum" value={String(form.draft.serialNum)} maxLength={50} onChange={(e) => form.set('serialNum', e.target.value)} />}
        </Field>
      ) : !row ? (
        <p className="muted catalog-number-note">
          <Trans>The number is given when the record is saved.</Trans>
        </p>
      ) : null}
      <div className="catalog-fields">
        {type.fields.map((field) => (
          <div
            key={field.key}
            className={field.column === 'text' || field.kind === 'enText' ? 'catalog-field-wide' : undefined}
            onBlur={uniqueFields.has(field.key) ? () => probe(field.key) : undefined}
          >
            <Field label={label(field)} required={isRequired(field, flags)} error={form.error(field.key) ?? (warnings[field.key] || undefined)}>
              {(id) => (
                <FieldControl
                  id={id}
                  field={field}
                  value={form.draft[field.key] ?? ''}
                  onChange={(value) => {
                    form.set(field.key, value);
                    if (warnings[field.key]) setWarnings((w) => ({ ...w, [field.key]: '' }));
                  }}
                  items={field.kind === 'dictionary' ? (dictionaries[field.dictionary] ?? []) : []}
                  permitted={field.kind === 'dictionary' && field.dictionary === 'productType' ? permitted : undefined}
                  locale={locale}
                />
              )}
            </Field>
          </div>
        ))}
      </div>
      <CustomFieldInputs fields={customFields} values={custom} onChange={setCustom} error={form.error} />
      <Field label={<Trans>Remark</Trans>} error={form.error('remark')}>
        {(id) => <TextInput id={id} value={String(form.draft.remark)} maxLength={1000} onChange={(e) => form.set('remark', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
