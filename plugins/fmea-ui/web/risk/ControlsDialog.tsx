import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirm, Dialog, EmptyState, FormDialog, notifyError, RowMarker, useForm, useLoad, type ApiData } from '@fmea/sdk';
import { CatalogMark, PushButton } from '../analysis/catalog-reuse.tsx';
import { pickToSend, type CatalogPick } from '../analysis/suggestions.ts';
import { CatalogTextField } from '../shared/CatalogTextField.tsx';
import type { ControlKind } from './risk-api.ts';
import { DvpControlBadges } from '../dvp/ProjectDvp.tsx';

/** A control as the analysis read names it: with the catalog version it cites. */
export type AnalysisControl = ApiData<'/api/fmea/analysis'>['controls'][number];

export interface ControlsTarget {
  projectId: string;
  /** The chain's focus element: the cause sits in its subtree, so only that part of the analysis is read. */
  nodeId: string;
  cause: { id: string; description: string };
  kind: ControlKind;
}

/**
 * The cause's controls of one kind (its current prevention or detection
 * controls), read with the catalog version each cites; the first read is of
 * the focus element's subtree, the whole analysis only when the cause lies
 * elsewhere in the failure net.
 */
async function readControls(target: ControlsTarget): Promise<AnalysisControl[]> {
  let analysis = await api.get('/api/fmea/analysis', { projectId: target.projectId, nodeId: target.nodeId });
  if (!analysis.failures.some((f) => f.id === target.cause.id)) analysis = await api.get('/api/fmea/analysis', { projectId: target.projectId });
  return analysis.controls.filter((c) => c.causeId === target.cause.id && c.kind === target.kind).sort((a, b) => a.sort - b.sort);
}

/**
 * The control editor of the risk grid: the cause's controls of one kind,
 * each with the catalog version it cites (number, version, under review,
 * newer version), edited one at a time as the function and failure editors
 * do (catalog suggestions first; a picked record is cited) and proposed to
 * the knowledge base with "Push to knowledge". `onClose(changed)` lets the
 * grid reload what changed.
 */
export function ControlsDialog({ target, readOnly, onClose }: { target: ControlsTarget; readOnly: boolean; onClose: (changed: boolean) => void }) {
  const { t } = useLingui();
  const list = useLoad(() => readControls(target), [target.cause.id, target.kind]);
  const [editing, setEditing] = useState<{ control: AnalysisControl | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = useRef(false);
  const done = () => {
    changed.current = true;
    list.reload();
  };
  const causeText = target.cause.description;
  const title = target.kind === 'prevention' ? t`Prevention controls of the cause “${causeText}”` : t`Detection controls of the cause “${causeText}”`;
  const saved = () => {
    setEditing(null);
    done();
  };

  // one dialog at a time: the control's form takes the list's place while it is open
  if (editing) return <ControlDialog target={target} control={editing.control} onClose={() => setEditing(null)} onSaved={saved} />;

  const remove = async (control: AnalysisControl) => {
    const text = control.description;
    if (!(await confirm({ title: t`Delete control`, message: t`Delete the control "${text}"?`, danger: true }))) return;
    setBusy(true);
    try {
      await api.post('/api/fmea/deleteControl', { id: control.id, version: control.version });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      done();
    }
  };

  const controls = list.data ?? [];
  return (
    <Dialog
      open
      width={640}
      onOpenChange={(open) => !open && onClose(changed.current)}
      title={title}
      actions={
        <>
          {readOnly ? null : (
            <Button data-testid="control-add" disabled={busy || list.loading} onClick={() => setEditing({ control: null })}>
              <Trans>Add control</Trans>
            </Button>
          )}
          <Button kind="primary" onClick={() => onClose(changed.current)}>
            <Trans>Close</Trans>
          </Button>
        </>
      }
    >
      {list.error ? (
        <div className="alert alert-error" role="alert">
          {list.error}
        </div>
      ) : null}
      {!list.loading && controls.length === 0 ? <EmptyState title={<Trans>No controls of this kind yet.</Trans>} /> : null}
      <ul className="dfmea-controls" data-testid="control-list">
        {controls.map((control) => (
          <li key={control.id} data-testid="control-item">
            <span data-user-content>{control.description}</span>
            <CatalogMark catalog={control.catalog} />
            {target.kind === 'detection' ? <DvpControlBadges controls={[control]} /> : null}
            <RowMarker kind="control" id={control.id} label={control.description} />
            {readOnly ? null : (
              <span className="page-actions">
                <Button kind="link" disabled={busy} onClick={() => setEditing({ control })}>
                  <Trans>Edit</Trans>
                </Button>
                <Button kind="link" disabled={busy} onClick={() => void remove(control)}>
                  <Trans>Delete</Trans>
                </Button>
                <PushButton kind="control" item={control} disabled={busy} onDone={done} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

interface ControlDraft {
  description: string;
  pick: CatalogPick | null;
}

/** Adds a control to the cause or rewords one; a catalog suggestion picked is cited (kept while the text stays the picked one). */
function ControlDialog({ target, control, onClose, onSaved }: { target: ControlsTarget; control: AnalysisControl | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const form = useForm<ControlDraft>({
    initial: { description: control?.description ?? '', pick: null },
    validate: (d) => ({ fields: { description: !d.description.trim() && t`Enter the description.` } }),
    save: (d) => {
      const description = d.description.trim();
      const cite = pickToSend(d.pick, d.description);
      return control
        ? api.post('/api/fmea/updateControl', { id: control.id, version: control.version, description, ...cite })
        : api.post('/api/fmea/addControl', { causeId: target.cause.id, kind: target.kind, description, ...cite });
    },
    onSaved,
  });
  const { draft, set, error } = form;
  const title = control ? (target.kind === 'prevention' ? t`Edit prevention control` : t`Edit detection control`) : target.kind === 'prevention' ? t`Add prevention control` : t`Add detection control`;
  return (
    <FormDialog form={form} title={title} onClose={onClose} saveTestId="control-save">
      <CatalogTextField
        label={<Trans>Description</Trans>}
        kind={target.kind}
        value={draft.description}
        error={error('description')}
        onChange={(text) => set('description', text)}
        onPick={(pick) => set('pick', pick)}
      />
    </FormDialog>
  );
}

/**
 * A control cell of the risk grid: the texts as the grid shows them ("; "
 * between controls, typed in place as before) and, first, a small button
 * that opens the control editor with the catalog. The button holds an icon
 * only, so the cell's text stays the controls' texts.
 */
export function ControlsCell({ text, label, onOpen }: { text: string; label: string; onOpen: () => void }) {
  return (
    <>
      <button type="button" className="dfmea-controls-open" aria-label={label} title={label} data-testid="controls-open" onClick={onOpen}>
        <svg width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
          <path d="M4 5h16M4 12h10M4 19h7" />
          <path d="m17 15 3 3-3 3" />
        </svg>
      </button>
      <span title={text.length > 8 ? text : undefined}>{text}</span>
    </>
  );
}
