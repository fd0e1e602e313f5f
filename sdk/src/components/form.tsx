import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { createContext, useContext, useId } from 'react';

/** The field a control is labelled by, so the control can name its problem (aria-invalid, aria-describedby). */
const FieldContext = createContext<{ id: string; messageId: string; hintId: string; invalid: boolean; hinted: boolean } | null>(null);

/**
 * The aria attributes of a control inside a `Field`: the control whose id the
 * field gave out is invalid while the field shows a problem and is described by
 * the problem (and the hint), so a screen reader reads it with the label.
 */
export function useFieldAria(id: string | undefined): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const field = useContext(FieldContext);
  if (!field || id !== field.id) return {};
  const describedBy = [field.invalid ? field.messageId : '', field.hinted ? field.hintId : ''].filter(Boolean).join(' ');
  return { ...(field.invalid ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) };
}

/**
 * The one form pattern: a `Field` wraps a label, a control and its problem.
 * Controls are plain inputs so the browser's own behaviour (autofill,
 * password managers, accessibility) keeps working. Forms hold their draft,
 * dirty flag and the server's problems with `useForm`; dialogs show them in a
 * `FormDialog` (components/form/form-dialog.tsx).
 */
export function Field({ label, error, hint, children, required }: { label: ReactNode; error?: string | null; hint?: ReactNode; children: (id: string) => ReactNode; required?: boolean }) {
  const id = useId();
  const context = { id, messageId: `${id}-message`, hintId: `${id}-hint`, invalid: Boolean(error), hinted: Boolean(hint) };
  return (
    <div className={error ? 'field field-error' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? <span className="required">*</span> : null}
      </label>
      <FieldContext.Provider value={context}>{children(id)}</FieldContext.Provider>
      {hint ? (
        <div className="field-hint" id={context.hintId}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <div className="field-message" role="alert" id={context.messageId}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input className="input" {...useFieldAria(props.id)} {...props} />;
}

export function TextArea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className="input" rows={3} {...useFieldAria(props.id)} {...props} />;
}

export function Select({ options, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  return (
    <select className="input" {...useFieldAria(props.id)} {...props}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export function Button({ kind = 'default', ...props }: React.ButtonHTMLAttributes<HTMLButtonElement> & { kind?: 'default' | 'primary' | 'danger' | 'link' }) {
  return <button type="button" className={`btn btn-${kind}`} {...props} />;
}

/** Section title with actions on the right. */
export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div className="page-header">
      <h2>{title}</h2>
      <div className="page-actions">{actions}</div>
    </div>
  );
}

/** An honest empty state: says what will appear here and why it is empty. */
export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <strong>{title}</strong>
      {children ? <p>{children}</p> : null}
    </div>
  );
}
