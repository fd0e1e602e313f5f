import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import type { DataGridEditable } from './types';

interface CellEditorProps {
  editable: DataGridEditable;
  value: string;
  error: string | null;
  label?: string;
  errorId: string;
  onChange: (value: string) => void;
  onCommit: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/** The in-cell editor: an input (text/number) or a select; validation errors stay beside it. */
export function CellEditor({ editable, value, error, label, errorId, onChange, onCommit, onKeyDown }: CellEditorProps) {
  const ref = useRef<HTMLInputElement & HTMLSelectElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus();
    if (element instanceof HTMLInputElement) element.select();
  }, []);

  const common = {
    ref,
    className: 'fmea-grid__editor-input',
    value,
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onBlur: onCommit,
    onKeyDown,
  };

  return (
    <div className="fmea-grid__editor" data-invalid={error ? 'true' : undefined}>
      {editable.type === 'select' ? (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          {editable.options?.some((o) => o.value === value) ? null : <option value={value}>{value}</option>}
          {editable.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={editable.type === 'number' ? 'number' : 'text'}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error ? (
        <div className="fmea-grid__editor-error" id={errorId} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
