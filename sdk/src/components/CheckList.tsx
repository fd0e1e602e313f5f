import { useFieldAria } from './form.tsx';

/** A group of checkboxes for a multi-choice field (roles, product types, users); inside a `Field`, give it the field's id. */
export function CheckList({
  id,
  options,
  value,
  onChange,
  disabled,
  'aria-label': label,
}: {
  id?: string;
  options: readonly { value: string; label: string }[];
  /** Values ticked; those without an option (filtered out) stay ticked. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const toggle = (v: string, on: boolean) => onChange(on ? [...value.filter((x) => x !== v), v] : value.filter((x) => x !== v));
  return (
    <div className="checklist" id={id} role="group" aria-label={label} {...useFieldAria(id)}>
      {options.map((o) => (
        <label key={o.value} className="check">
          <input type="checkbox" checked={value.includes(o.value)} disabled={disabled} onChange={(e) => toggle(o.value, e.target.checked)} />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}
