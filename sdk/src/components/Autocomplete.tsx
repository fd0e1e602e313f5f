import { useEffect, useId, useRef, useState, type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { useFieldAria } from './form.tsx';

export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const AUTOCOMPLETE_MAX_OPTIONS = 10;

/** A suggestion with where it comes from: `note` shows beside the text (a catalog number, "FMEA wording"); `key` tells the caller which one was picked. */
export interface SuggestionOption {
  readonly text: string;
  readonly note?: string;
  readonly key?: string;
}

export type FetchSuggestions = (q: string, signal: AbortSignal) => Promise<readonly (string | SuggestionOption)[]>;

export type AutocompleteProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'role' | 'list'> & {
  /** Texts (or options with a note) for what was typed; rejected or stale answers are ignored (the field only suggests). */
  fetchSuggestions: FetchSuggestions;
  /** Told after a pick has typed the option's text into the field (the caller's onChange has seen it). */
  onPick?: (option: SuggestionOption) => void;
};

const asOption = (s: string | SuggestionOption): SuggestionOption => (typeof s === 'string' ? { text: s } : s);

/** Sets a controlled input's value the way typing does, so the caller's onChange sees a normal change event. */
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A text input that suggests texts (WAI-ARIA combobox with a listbox popup).
 * Free text is always allowed. Suggestions are asked for 300 ms after the
 * last keystroke (or at once on ArrowDown), a newer request aborts the older
 * one, and nothing opens on focus alone. ArrowDown/ArrowUp move, Enter or a
 * click picks, Escape and blur close. The list sits in the flow below the
 * input, so it never covers the buttons of a dialog, and an Escape that
 * closes it does not close the dialog too.
 */
export function Autocomplete({ fetchSuggestions, onPick, onChange, onKeyDown, onBlur, className, ...inputProps }: AutocompleteProps) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const fetchRef = useRef(fetchSuggestions);
  fetchRef.current = fetchSuggestions;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | null>(null);
  const picking = useRef(false);
  const pointerDown = useRef(false);
  const [options, setOptions] = useState<SuggestionOption[]>([]);
  const [active, setActive] = useState(-1);
  const open = options.length > 0;
  const fieldAria = useFieldAria(inputProps.id);

  const cancel = () => {
    clearTimeout(timer.current);
    pending.current?.abort();
    pending.current = null;
  };
  const close = () => {
    cancel();
    setOptions([]);
    setActive(-1);
  };

  const ask = (q: string) => {
    cancel();
    const controller = new AbortController();
    pending.current = controller;
    fetchRef
      .current(q, controller.signal)
      .then((texts) => {
        if (controller.signal.aborted || document.activeElement !== inputRef.current) return;
        const typed = q.trim().toLowerCase();
        // each text once (the first source wins); the text already typed in full is no suggestion, unless it has a note to pick it by
        const seen = new Set<string>();
        const unique = texts.map(asOption).filter((o) => !seen.has(o.text) && seen.add(o.text));
        setOptions(unique.filter((o) => o.note !== undefined || o.text.trim().toLowerCase() !== typed).slice(0, AUTOCOMPLETE_MAX_OPTIONS));
        setActive(-1);
      })
      .catch(() => {
        // a failed or aborted lookup just means no suggestions; typing goes on
      });
  };

  useEffect(() => cancel, []);

  // Radix dialogs close on Escape in the document's capture phase; the window's capture phase comes first.
  useEffect(() => {
    if (!open) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== inputRef.current) return;
      event.preventDefault();
      event.stopPropagation();
      close();
    };
    // a press elsewhere blurs the input before the button under it is released: see handleBlur
    const down = () => (pointerDown.current = true);
    const up = () => (pointerDown.current = false);
    window.addEventListener('keydown', onEscape, true);
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    return () => {
      window.removeEventListener('keydown', onEscape, true);
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
      pointerDown.current = false;
    };
  }, [open]);

  const pick = (option: SuggestionOption) => {
    const input = inputRef.current;
    close();
    if (!input) return;
    picking.current = true;
    try {
      typeInto(input, option.text);
    } finally {
      picking.current = false;
    }
    onPick?.(option);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    if (picking.current) return;
    const q = event.target.value;
    cancel();
    timer.current = setTimeout(() => ask(q), AUTOCOMPLETE_DEBOUNCE_MS);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (open) setActive((i) => (i + 1) % options.length);
      else ask(event.currentTarget.value);
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter' && open) {
      const chosen = options[active];
      if (chosen !== undefined) {
        event.preventDefault();
        pick(chosen);
      } else close();
    } else if (event.key === 'Tab') close();
  };

  /**
   * Closing collapses the list and moves what is below it up. When a press
   * elsewhere (the dialog's Save) caused the blur, the list stays until that
   * press is released, so the click lands where it was aimed.
   */
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    cancel();
    if (pointerDown.current) {
      const later = () => {
        window.removeEventListener('pointerup', later, true);
        window.removeEventListener('pointercancel', later, true);
        setTimeout(close, 0);
      };
      window.addEventListener('pointerup', later, true);
      window.addEventListener('pointercancel', later, true);
    } else close();
    onBlur?.(event);
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className="autocomplete">
      <input
        className={className ?? 'input'}
        autoComplete="off"
        {...fieldAria}
        {...inputProps}
        ref={inputRef}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onBlur={handleBlur}
      />
      <ul
        id={listId}
        role="listbox"
        className="menu"
        hidden={!open}
        style={{ listStyle: 'none', margin: '2px 0 0', maxHeight: 240, overflowY: 'auto' }}
        // keep the focus in the input, so picking (or scrolling the list) is not a blur
        onMouseDown={(event) => event.preventDefault()}
      >
        {options.map((option, i) => (
          <li
            key={option.key ?? option.text}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className="menu-item"
            data-highlighted={i === active ? '' : undefined}
            onMouseEnter={() => setActive(i)}
            onClick={() => pick(option)}
          >
            {option.note === undefined ? (
              option.text
            ) : (
              <>
                <span>{option.text}</span> <small className="muted" data-suggestion-source>{option.note}</small>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
