import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { Trans } from '@lingui/react/macro';
import { Button } from './form.tsx';

/**
 * A side panel over the page (a row's discussion, an FMEA item's fault trees): modal, a title, the content,
 * and Close; Escape or a click outside closes it too.
 */
export function Drawer({ title, width, className, testId, onClose, children, side = 'right' }: { title: ReactNode; width: number; className?: string; testId?: string; onClose: () => void; children: ReactNode; side?: 'left' | 'right' }) {
  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className={['drawer', side === 'left' ? 'drawer-left' : '', className ?? ''].filter(Boolean).join(' ')} style={{ width }} aria-describedby={undefined} data-testid={testId}>
          <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
          {children}
          <div className="dialog-actions">
            <Button onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
