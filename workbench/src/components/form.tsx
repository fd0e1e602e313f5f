import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';

/**
 * The one form pattern: a `Field` wraps a label, a control and its error.
 * Controls are plain inputs so the browser's own behaviour (autofill,
 * password managers, accessibility) keeps working.
 */
export function Field({ label, error, hint, children, required }: { label: ReactNode; error?: string | null; hint?: ReactNode; children: (id: string) => ReactNode; required?: boolean }) {
  const id = useId();
  return (
    <div className={error ? 'field field-error' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? <span className="required">*</span> : null}
      </label>
      {children(id)}
      {hint ? <div className="field-hint">{hint}</div> : null}
      {error ? (
        <div className="field-message" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input className="input" {...props} />;
}

export function TextArea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className="input" rows={3} {...props} />;
}

export function Select({ options, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  return (
    <select className="input" {...props}>
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
