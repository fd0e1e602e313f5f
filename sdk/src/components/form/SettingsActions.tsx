import { Trans } from '@lingui/react/macro';
import { Button } from '../form.tsx';
import type { SettingsDraft } from './use-settings-draft.ts';

/** A settings editor's header buttons: Undo changes and Save (the form's submit), for who may edit. */
export function SettingsActions({ editor, canEdit }: { editor: Pick<SettingsDraft<unknown, unknown>, 'dirty' | 'busy' | 'undo'>; canEdit: boolean }) {
  if (!canEdit) return null;
  return (
    <>
      <Button disabled={!editor.dirty || editor.busy} onClick={editor.undo}>
        <Trans>Undo changes</Trans>
      </Button>
      <Button kind="primary" type="submit" disabled={!editor.dirty || editor.busy}>
        <Trans>Save</Trans>
      </Button>
    </>
  );
}
