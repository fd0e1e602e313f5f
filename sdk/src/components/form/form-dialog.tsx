import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { confirmDiscard } from '../../shell/edit-guard.ts';
import { Dialog } from '../dialog.tsx';
import { Button } from '../form.tsx';
import type { Form } from './use-form.ts';

/** The server's answer under a form (already translated; one problem per line). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid="form-error">
      {message}
    </div>
  );
}

export interface FormDialogProps<D extends object, R> {
  /** The form's state (`useForm`): its draft, problems, dirty flag and save. */
  form: Form<D, R>;
  title: ReactNode;
  /** Closes the dialog; Cancel, Escape and the overlay ask first while the form is dirty. */
  onClose: () => void;
  /** The fields: `Field`s with `error={form.error(key)}`. */
  children: ReactNode;
  width?: number;
  /** The primary button's words where the form does something other than save (Import, Add, Apply). */
  submitLabel?: ReactNode;
  /** Keeps the primary button disabled (nothing chosen yet); a save under way always does. */
  submitDisabled?: boolean;
  /** The primary button's test id. */
  saveTestId?: string;
  /** The form element's id (default: generated). */
  formId?: string;
  /** The form element's accessible name. */
  formLabel?: string;
  className?: string;
  /** Shown below the fields and above the form's problems (notes, previews). */
  footer?: ReactNode;
}

/**
 * The one edit dialog: the fields in a form (Enter saves), the same two
 * buttons — Cancel, then the primary Save — the server's problems under the
 * fields they name and the rest under the form, and a dirty guard: closing a
 * changed form asks before its changes are dropped.
 */
export function FormDialog<D extends object, R>({ form, title, onClose, children, width, submitLabel, submitDisabled, saveTestId, formId, formLabel, className, footer }: FormDialogProps<D, R>) {
  const generated = useId();
  const id = formId ?? generated;
  // a refused save shows its first problem where the user looks: a long dialog (a findings list below the fields) scrolls to it
  const body = useRef<HTMLDivElement>(null);
  const { refusals } = form;
  useEffect(() => {
    if (refusals === 0) return;
    const first = body.current?.querySelector<HTMLElement>('.field-error, [data-testid="form-error"]');
    first?.scrollIntoView?.({ block: 'nearest' });
  }, [refusals]);
  const close = async () => {
    if (!form.dirty || (await confirmDiscard())) onClose();
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
          <Button kind="primary" type="submit" form={id} disabled={form.busy || submitDisabled} data-testid={saveTestId}>
            {submitLabel ?? <Trans>Save</Trans>}
          </Button>
        </>
      }
    >
      <div ref={body} className="form-dialog-body">
        <form noValidate id={id} className={className} aria-label={formLabel} onSubmit={(e) => void form.submit(e)}>
          {children}
        </form>
        {footer}
        <FormError message={form.errors.message} />
      </div>
    </Dialog>
  );
}
