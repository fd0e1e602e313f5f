import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { AlertDialog } from 'radix-ui';
import { Trans } from '@lingui/react/macro';

/** Toasts: one place to tell the user an outcome, in their language (callers pass translated text). */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';
const toasts = proxy({ items: [] as { id: number; kind: ToastKind; text: string }[] });
let nextId = 1;

export function notify(kind: ToastKind, text: string, ms = 3000): void {
  const id = nextId++;
  toasts.items.push({ id, kind, text });
  setTimeout(() => {
    const index = toasts.items.findIndex((t) => t.id === id);
    if (index >= 0) toasts.items.splice(index, 1);
  }, ms);
}

/** Shows any thrown error's message (the API client's errors are already translated). */
export function notifyError(error: unknown): void {
  notify('error', error instanceof Error ? error.message : String(error), 5000);
}

export function Toaster() {
  const snap = useSnapshot(toasts);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {snap.items.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} data-kind={t.kind}>
          {t.text}
        </div>
      ))}
    </div>
  );
}

/** Confirmation dialogs as a promise: `if (await confirm({ title, message })) …`. */
interface ConfirmRequest {
  title: string;
  message: string;
  danger?: boolean;
  resolve: (ok: boolean) => void;
}
const confirms = proxy({ current: null as ConfirmRequest | null });

export function confirm(request: Omit<ConfirmRequest, 'resolve'>): Promise<boolean> {
  return new Promise((resolve) => {
    confirms.current?.resolve(false);
    confirms.current = { ...request, resolve };
  });
}

export function ConfirmHost() {
  const snap = useSnapshot(confirms);
  const current = snap.current;
  const close = (ok: boolean) => {
    const request = confirms.current;
    confirms.current = null;
    request?.resolve(ok);
  };
  useEffect(() => () => confirms.current?.resolve(false), []);
  return (
    <AlertDialog.Root open={Boolean(current)} onOpenChange={(open) => !open && close(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog confirm-dialog" data-testid="confirm-dialog">
          <AlertDialog.Title className="dialog-title">{current?.title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-body">{current?.message}</AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel className="btn" onClick={() => close(false)}>
              <Trans>Cancel</Trans>
            </AlertDialog.Cancel>
            <AlertDialog.Action className={current?.danger ? 'btn btn-danger' : 'btn btn-primary'} onClick={() => close(true)}>
              <Trans>Confirm</Trans>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
