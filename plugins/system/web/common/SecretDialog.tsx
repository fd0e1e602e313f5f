import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dialog } from '@fmea/sdk';

export interface Secret {
  label: string;
  value: string;
}

/** Generated passwords with copy buttons; the caller says they are shown only once. */
export function SecretList({ secrets }: { secrets: readonly Secret[] }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<string | null>(null);

  async function copy(value: string) {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(value);
    } catch {
      // clipboard refused (plain http): the text stays selectable
      setCopied(null);
    }
  }

  return (
    <ul className="sys-secrets">
      {secrets.map((s) => (
        <li key={`${s.label}:${s.value}`}>
          <span className="sys-secret-label">{s.label}</span>
          <code className="sys-secret" data-testid="secret-value">
            {s.value}
          </code>
          <Button onClick={() => void copy(s.value)} aria-label={t`Copy the password of ${s.label}`}>
            {copied === s.value ? t`Copied` : t`Copy`}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** A generated password, shown once with a copy button. */
export function SecretDialog({ secrets, onClose, title }: { secrets: Secret[] | null; onClose: () => void; title: ReactNode }) {
  return (
    <Dialog
      open={secrets !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      actions={
        <Button kind="primary" onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      }
    >
      <p className="alert alert-warning">
        <Trans>This password is shown only once. Copy it now and hand it to the user; they must change it when they first sign in.</Trans>
      </p>
      <SecretList secrets={secrets ?? []} />
    </Dialog>
  );
}
