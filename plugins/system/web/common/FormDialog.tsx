import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button, confirmLeave, Dialog, useDirty } from '@fmea/workbench/sdk';
import { FormError } from './FormError.tsx';
import { NO_ERRORS, readServerError, type FormErrors } from './server-errors.ts';

export interface FormApi<D> {
  draft: D;
  set: <K extends keyof D>(key: K, value: D[K]) => void;
  /** The server's problem for a field, if any. */
  error: (field: keyof D & string) => string | undefined;
}

/**
 * The edit dialog every administration form uses: a draft, the dirty flag
 * (closing or leaving asks confirmEditingSkip), Save, and the server's
 * problems under their fields and under the form.
 */
export function FormDialog<D extends object, R>({
  title,
  initial,
  save,
  onClose,
  onSaved,
  children,
  width,
}: {
  title: ReactNode;
  initial: D;
  save: (draft: D) => Promise<R>;
  onClose: () => void;
  onSaved: (result: R) => void;
  children: (form: FormApi<D>) => ReactNode;
  width?: number;
}) {
  const formId = useId();
  const [start] = useState(initial);
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  useDirty(JSON.stringify(draft) !== JSON.stringify(start));

  const close = async () => {
    if (await confirmLeave()) onClose();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      onSaved(await save(draft));
    } catch (error) {
      setErrors(readServerError(error, Object.keys(start)));
    } finally {
      setBusy(false);
    }
  }

  const form: FormApi<D> = {
    draft,
    set: (key, value) => {
      setDraft((d) => ({ ...d, [key]: value }));
      setErrors((e) => ({ ...e, fields: { ...e.fields, [key]: '' } }));
    },
    error: (field) => errors.fields[field] || undefined,
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && void close()}
      title={title}
      width={width}
      actions={
        <>
          <Button onClick={() => void close()}>
            <Trans>Cancel</Trans>
          </Button>
          <Button kind="primary" type="submit" form={formId} disabled={busy}>
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      <form noValidate id={formId} onSubmit={(e) => void submit(e)}>
        {children(form)}
      </form>
      <FormError message={errors.message} />
    </Dialog>
  );
}
