import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import type { DataGridEditable } from './types';

interface CellEditorProps {
  editable: DataGridEditable;
  value: string;
  error: string | null;
  /** A note under the editor (e.g. "applies to 4 rows"); the error takes its place while there is one. */
  hint?: string | null;
  label?: string;
  /** The editor was opened by typing: keep what was typed and put the caret after it, rather than selecting the text. */
  typed?: boolean;
  errorId: string;
  onChange: (value: string) => void;
  onCommit: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * The in-cell editor: a text box (numbers too: a number box would turn "abc" into '' and so
 * into "clear") or a select; validation errors and the hint stay beside it.
 */
export function CellEditor({ editable, value, error, hint, label, typed = false, errorId, onChange, onCommit, onKeyDown }: CellEditorProps) {
  const ref = useRef<HTMLInputElement & HTMLSelectElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus();
    if (!(element instanceof HTMLInputElement)) return;
    if (typed) element.setSelectionRange(element.value.length, element.value.length);
    else element.select();
    // only when the editor opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const note = error ?? hint ?? null;
  const common = {
    ref,
    className: 'fmea-grid__editor-input',
    value,
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': note ? errorId : undefined,
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
          type="text"
          inputMode={editable.type === 'number' ? 'numeric' : undefined}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error ? (
        <div className="fmea-grid__editor-error" id={errorId} role="alert">
          {error}
        </div>
      ) : hint ? (
        <div className="fmea-grid__editor-hint" id={errorId} data-testid="grid-editor-hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
