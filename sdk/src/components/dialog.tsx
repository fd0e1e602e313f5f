import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';

/** A modal with a title, body and actions (radix: focus trap, Escape, aria); `dock` opens it full height at the left or right edge instead of the middle. */
export function Dialog({ open, onOpenChange, title, children, actions, width = 520, dock }: { open: boolean; onOpenChange: (open: boolean) => void; title: ReactNode; children: ReactNode; actions?: ReactNode; width?: number; dock?: 'left' | 'right' }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className={dock ? `dialog dialog-dock-${dock}` : 'dialog'} style={{ width }} aria-describedby={undefined}>
          <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
          <div className="dialog-body">{children}</div>
          {actions ? <div className="dialog-actions">{actions}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
