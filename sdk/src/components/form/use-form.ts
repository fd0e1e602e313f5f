import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { holdEditing } from '../../stores/ui.ts';
import { NO_ERRORS, readServerError, type FormErrors } from './server-errors.ts';

/** A field of a form: a key of its draft, or another name the form shows a problem under (a part of a key, like a team's responsible person). */
export type FieldName<D> = (keyof D & string) | (string & {});

/** What a form's own checks found: problems under fields by name, and one under the form. */
export interface FormProblems<D> {
  fields?: Partial<Record<FieldName<D>, string | null | undefined | false>>;
  message?: string | null;
}

export interface FormOptions<D extends object, R> {
  /** The values the form starts from; the form is dirty while its draft differs from them. */
  initial: D | (() => D);
  /** Sends the draft; a rejection is read as the server's problems (`readServerError`). */
  save: (draft: D) => Promise<R>;
  /** After a save: the draft becomes the form's new starting point, so it is no longer dirty. */
  onSaved?: (result: R, draft: D) => void;
  /** Checks that need no server (a name filled in, a number in range); any problem stops the save. */
  validate?: (draft: D) => FormProblems<D> | null | undefined;
  /** The server's names of fields the form names otherwise (`{ projectMembers: 'members' }`). */
  serverFields?: Readonly<Record<string, FieldName<D>>>;
  /** Issues without a field that belong under one, by message key. */
  fieldOfKey?: Readonly<Record<string, keyof D & string>>;
  /**
   * Reads a failed save the form's own way (an import lists its rows beside
   * the fields); what it returns is shown, undefined reads it as usual.
   */
  onFailed?: (error: unknown) => FormErrors | undefined;
  /**
   * Ask before a changed form is closed or its page left (default). Off only
   * for forms that hold nothing typed, whose input is chosen again in a moment:
   * an import's file and options.
   */
  guard?: boolean;
}

export interface Form<D extends object, R = unknown> {
  draft: D;
  /** What the form started from (or last saved): the draft is changed while it differs. */
  initial: D;
  /** Changes one value and clears the problem shown under it. */
  set: <K extends keyof D>(key: K, value: D[K]) => void;
  /** Changes several values at once (and clears their problems). */
  change: (patch: Partial<D>) => void;
  /** The problem shown under a field, if any. */
  error: (field: FieldName<D>) => string | undefined;
  /** Shows a problem under a field (a check made while typing, e.g. a name already taken). */
  setError: (field: FieldName<D>, message: string | null) => void;
  errors: FormErrors;
  /** The draft differs from what the form started with (or last saved), and the form guards its changes. */
  dirty: boolean;
  /** A save is under way. */
  busy: boolean;
  submit: (event?: FormEvent) => Promise<void>;
  /** Starts over from `next` (default: the starting values): not dirty, no problems. */
  reset: (next?: D) => void;
  /** The last save's result, once one succeeded. */
  saved: R | undefined;
  /** How many submits ended in problems (the form's own checks or the server's): a dialog shows the newest where the user looks. */
  refusals: number;
}

/** Files compare by name, size and date: a draft holding the same file is not changed. */
const comparable = (_key: string, value: unknown) => (typeof File !== 'undefined' && value instanceof File ? { file: value.name, size: value.size, at: value.lastModified } : value);
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a, comparable) === JSON.stringify(b, comparable);

/**
 * The one way a form keeps its state: the draft, whether it changed (held in
 * the shell's edit guard, so leaving the page asks), its own checks, the save,
 * and the server's problems placed under the fields they name (by the draft's
 * keys) with the rest under the form.
 */
export function useForm<D extends object, R = unknown>(options: FormOptions<D, R>): Form<D, R> {
  const [start, setStart] = useState<D>(options.initial);
  const [draft, setDraft] = useState<D>(start);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<R>();
  const [refusals, setRefusals] = useState(0);
  const latest = useRef({ options, draft, busy });
  latest.current = { options, draft, busy };
  const dirty = options.guard !== false && !same(draft, start);
  // the page's edit flag is held while the form is changed (useDirty's hold, released by hand once saved)
  const release = useRef<(() => void) | null>(null);
  const [saves, setSaves] = useState(0);
  useEffect(() => {
    if (!dirty) return undefined;
    const own = holdEditing();
    release.current = own;
    return () => {
      own();
      if (release.current === own) release.current = null;
    };
    // after each save the hold is taken again if the draft changed while it ran
  }, [dirty, saves]);

  const clear = (keys: readonly string[]) =>
    setErrors((e) => (keys.some((k) => e.fields[k]) ? { ...e, fields: Object.fromEntries(Object.entries(e.fields).filter(([k]) => !keys.includes(k))) } : e));

  const change = useCallback((patch: Partial<D>) => {
    latest.current.draft = { ...latest.current.draft, ...patch };
    setDraft((d) => ({ ...d, ...patch }));
    clear(Object.keys(patch));
  }, []);

  const submit = useCallback(async (event?: FormEvent) => {
    event?.preventDefault();
    const { options: o, draft: d, busy: running } = latest.current;
    if (running) return;
    const found = o.validate?.(d);
    const fields = Object.fromEntries(Object.entries(found?.fields ?? {}).filter(([, m]) => typeof m === 'string' && m !== '')) as Record<string, string>;
    if (found?.message || Object.keys(fields).length > 0) {
      setErrors({ message: found?.message || null, fields });
      setRefusals((n) => n + 1);
      return;
    }
    latest.current.busy = true;
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const result = await o.save(d);
      // saved: no longer changed, before onSaved closes the dialog or navigates (the guard must not ask)
      release.current?.();
      release.current = null;
      setSaves((n) => n + 1);
      setStart(d);
      setSaved(() => result);
      o.onSaved?.(result, d);
    } catch (error) {
      const known = [...Object.keys(d), ...Object.values(o.serverFields ?? {}), ...Object.values(o.fieldOfKey ?? {})];
      setErrors(o.onFailed?.(error) ?? readServerError(error, known, { serverFields: o.serverFields, fieldOfKey: o.fieldOfKey }));
      setRefusals((n) => n + 1);
    } finally {
      latest.current.busy = false;
      setBusy(false);
    }
  }, []);

  return {
    draft,
    initial: start,
    set: (key, value) => change({ [key]: value } as unknown as Partial<D>),
    change,
    error: (field) => errors.fields[field] || undefined,
    setError: (field, message) => setErrors((e) => ({ ...e, fields: { ...e.fields, [field]: message ?? '' } })),
    errors,
    dirty,
    busy,
    submit,
    reset: (next) => {
      const base = next ?? start;
      latest.current.draft = base;
      setStart(base);
      setDraft(base);
      setErrors(NO_ERRORS);
    },
    saved,
    refusals,
  };
}
