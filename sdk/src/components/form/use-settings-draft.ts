import { useEffect, useState } from 'react';
import { useLoad, type Loaded } from '../../api/use-load.ts';
import { useDirty } from '../../shell/edit-guard.ts';
import { notify } from '../feedback.tsx';
import { NO_ERRORS, readServerError, type FormErrors } from './server-errors.ts';

export interface SettingsDraft<S, D> {
  readonly loaded: Loaded<S>;
  /** Null until the settings are read. */
  readonly draft: D | null;
  readonly setDraft: (draft: D) => void;
  readonly errors: FormErrors;
  /** Clears the problem shown under one field (the user is changing it). */
  readonly clearError: (field: string) => void;
  readonly busy: boolean;
  /** The draft differs from what was read or last saved; the page's edit flag is held meanwhile. */
  readonly dirty: boolean;
  /** Back to what was read or last saved. */
  readonly undo: () => void;
  /** Sends the draft; the answer becomes the new starting point, a refusal is read onto the fields. */
  readonly save: (send: (draft: D) => Promise<S>, options: SaveOptions) => Promise<void>;
}

export interface SaveOptions {
  /** The toast on success, translated. */
  readonly saved: string;
  /** The form's fields, for readServerError. */
  readonly fields: readonly string[];
  readonly serverFields?: Readonly<Record<string, string>>;
  readonly fieldOfKey?: Readonly<Record<string, string>>;
}

/**
 * A settings editor on a page (security policy, score standards): the settings read once, a draft in the
 * form's own shape, whether it changed (holding the edit flag), the save under way and its problems.
 */
export function useSettingsDraft<S, D>(load: () => Promise<S>, draftOf: (settings: S) => D): SettingsDraft<S, D> {
  const loaded = useLoad(load, []);
  const [saved, setSaved] = useState<D | null>(null);
  const [draft, setDraft] = useState<D | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  useDirty(dirty);

  useEffect(() => {
    if (loaded.data) {
      setSaved(draftOf(loaded.data));
      setDraft(draftOf(loaded.data));
    }
    // draftOf is a pure mapping; the data alone decides
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded.data]);

  async function save(send: (draft: D) => Promise<S>, options: SaveOptions) {
    if (!draft) return;
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const answer = draftOf(await send(draft));
      setSaved(answer);
      setDraft(answer);
      notify('success', options.saved);
    } catch (error) {
      setErrors(readServerError(error, options.fields, { serverFields: options.serverFields, fieldOfKey: options.fieldOfKey }));
    } finally {
      setBusy(false);
    }
  }

  return {
    loaded,
    draft,
    setDraft,
    errors,
    clearError: (field) => setErrors((x) => ({ ...x, fields: { ...x.fields, [field]: '' } })),
    busy,
    dirty,
    undo: () => (setDraft(saved as D), setErrors(NO_ERRORS)),
    save,
  };
}
