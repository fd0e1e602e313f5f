import { useLingui } from '@lingui/react/macro';
import { catalogEnumLabel, type CatalogField } from '@fmea/core/domain';
import { CheckList } from '../CheckList.tsx';
import { TextArea, TextInput, useFieldAria } from '../form.tsx';
import type { Locale } from '../../i18n/index.ts';
import type { DictionaryItem } from './use-dictionaries.ts';

/** A field's value while it is edited: text for one value, a list for `multiple`. */
export type DraftValue = string | string[];

export interface FieldControlProps {
  id: string;
  field: CatalogField;
  value: DraftValue;
  onChange: (value: DraftValue) => void;
  /** The items of the field's dictionary (dictionary fields). */
  items: readonly DictionaryItem[];
  /** Codes the user may choose (product types: the user's own, spec 001 §6); undefined: every one. */
  permitted?: readonly string[];
  locale: Locale;
}

interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A select whose options may be shown but not chosen (another user's product types). */
function ChoiceSelect({ id, options, value, onChange, placeholder }: { id: string; options: Option[]; value: string; onChange: (value: string) => void; placeholder: string }) {
  return (
    <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)} {...useFieldAria(id)}>
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** The control a declared field kind takes (core/src/domain/catalog/define.ts). */
export function FieldControl({ id, field, value, onChange, items, permitted, locale }: FieldControlProps) {
  const { t } = useLingui();
  const text = Array.isArray(value) ? value.join(',') : value;
  const testId = `catalog-field-${field.key}`;
  if (field.kind === 'dictionary' || field.kind === 'enum') {
    const options: Option[] =
      field.kind === 'dictionary'
        ? items.map((i) => ({ value: i.code, label: locale === 'en-US' && i.enName ? i.enName : i.name, disabled: permitted ? !permitted.includes(i.code) : false }))
        : field.values.map((v) => ({ value: v, label: catalogEnumLabel(field, v, locale) }));
    if (field.multiple) {
      const chosen = Array.isArray(value) ? value : value ? value.split(',') : [];
      return <CheckList id={id} aria-label={field.header[locale]} options={options.filter((o) => !o.disabled || chosen.includes(o.value))} value={chosen} onChange={onChange} />;
    }
    // a value the user may not choose (another's product type) still shows as the record holds it
    return (
      <span data-testid={testId}>
        <ChoiceSelect id={id} options={options} value={text} onChange={onChange} placeholder={t`Not chosen`} />
      </span>
    );
  }
  if (field.kind === 'text' && field.column === 'text') {
    return <TextArea id={id} data-testid={testId} value={text} maxLength={field.max ?? 200} onChange={(e) => onChange(e.target.value)} />;
  }
  const max = field.kind === 'code' ? (field.max ?? 20) : field.kind === 'number' ? 30 : (field.max ?? 200);
  return <TextInput id={id} data-testid={testId} value={text} maxLength={max} inputMode={field.kind === 'number' ? 'decimal' : undefined} onChange={(e) => onChange(e.target.value)} />;
}
