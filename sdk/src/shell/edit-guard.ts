import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { t } from '@lingui/core/macro';
import { confirm } from '../components/feedback.tsx';
import { holdEditing, setEditing, ui } from '../stores/ui.ts';

/** Marks the page as holding unsaved edits while `dirty` (the spec's isEditBaseInfo flag). */
export function useDirty(dirty: boolean): void {
  useEffect(() => (dirty ? holdEditing() : undefined), [dirty]);
}

/** Asks 'confirmEditingSkip' when something is being edited; ok clears the flag (spec 000 §2.2 item 6). */
export async function confirmLeave(): Promise<boolean> {
  if (ui.editFlag !== '1') return true;
  const ok = await confirm({ title: t`Prompt`, message: t`There is data being edited, are you sure to jump?` });
  if (ok) setEditing(false);
  return ok;
}

/** Asks before a changed form (a dialog) is closed and its changes dropped; leaves the page's own edit flag alone. */
export function confirmDiscard(): Promise<boolean> {
  return confirm({ title: t`Prompt`, message: t`The changes in this form are not saved. Close it and discard them?` });
}

/** Navigation that respects the edit guard: menus, links and buttons use this. */
export function useGuardedNavigate(): (to: string) => Promise<void> {
  const [, navigate] = useLocation();
  return async (to) => {
    if (await confirmLeave()) navigate(to);
  };
}

/** The browser refuses to unload the page while the edit flag is set. */
export function useBeforeUnloadGuard(): void {
  useEffect(() => {
    const handler = (event: BeforeUnloadEvent) => {
      if (ui.editFlag === '1') {
        event.preventDefault();
        event.returnValue = '';
      }
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, []);
}
