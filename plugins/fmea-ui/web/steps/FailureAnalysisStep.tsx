import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirm, EmptyState, Field, FormDialog, notifyError, PageHeader, Select, TextInput, useForm } from '@fmea/sdk';
import { RowMarker } from '@fmea/sdk';
import type { StepProps } from '../types.ts';
import { causeFunctions, conflictCount, effectFunctions, failureOption, functionsOf, parseRating, useAnalysis, type Analysis, type FailureKind, type FailureRow, type FunctionRow } from '../analysis/model.ts';
import { NodeTree, panelStyle, splitStyle } from '../analysis/NodeTree.tsx';
import { CatalogMark, PushButton } from '../analysis/catalog-reuse.tsx';
import { pickToSend, type CatalogPick } from '../analysis/suggestions.ts';
import { CatalogTextField } from '../shared/CatalogTextField.tsx';

type FailureDraft = {
  id: string | null;
  version: number;
  functionId: string;
  kind: FailureKind;
  description: string;
  severity: string;
  occurrence: string;
  det: string;
  /** The catalog failure picked for the text, cited while the text is still its wording. */
  pick: CatalogPick | null;
};

const ratingText = (n: number | null) => (n === null ? '' : String(n));
const cell = { borderBottom: '1px solid var(--border, #ddd)', padding: '4px 8px', textAlign: 'left', verticalAlign: 'top' } as const;

/** Step 4: failure effects, modes and causes on the focus element's functions and the failure net (FE ← FM ← FC). */
export default function FailureAnalysisStep({ projectId, readOnly, remoteRevision, focusNodeId }: StepProps) {
  const { t } = useLingui();
  const { data, loading, error, reload } = useAnalysis(projectId, remoteRevision);
  const [nodeId, setNodeId] = useState<string | null>(focusNodeId ?? null);
  const [draft, setDraft] = useState<FailureDraft | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (data.nodes.length && !data.nodes.some((n) => n.id === nodeId)) setNodeId(data.nodes.find((n) => !n.parentId)?.id ?? data.nodes[0]!.id);
  }, [data.nodes, nodeId]);

  const node = data.nodes.find((n) => n.id === nodeId) ?? null;
  const functions = useMemo(() => functionsOf(data, nodeId), [data, nodeId]);
  const kindTitle = (kind: FailureKind) => ({ FE: t`Failure effect (FE)`, FM: t`Failure mode (FM)`, FC: t`Failure cause (FC)` })[kind];

  /** Runs a write (asking again with the count when other nodes depend on it), then reads the analysis again. */
  async function write(action: (confirmed: boolean) => Promise<unknown>, conflictTitle?: string): Promise<boolean> {
    setBusy(true);
    try {
      await action(false);
      return true;
    } catch (e) {
      const count = conflictCount(e);
      if (count === null || !conflictTitle) {
        notifyError(e);
        return false;
      }
      if (!(await confirm({ title: conflictTitle, message: t`Current FMEA used by ${count} nodes. Delete anyway?`, danger: true }))) return false;
      try {
        await action(true);
        return true;
      } catch (again) {
        notifyError(again);
        return false;
      }
    } finally {
      setBusy(false);
      await reload();
    }
  }

  const open = (kind: FailureKind, functionId: string, row?: FailureRow) => {
    setDraft({
      id: row?.id ?? null,
      version: row?.version ?? 0,
      functionId,
      kind,
      description: row?.description ?? '',
      severity: ratingText(row?.severity ?? null),
      occurrence: ratingText(row?.occurrence ?? null),
      det: ratingText(row?.det ?? null),
      pick: null,
    });
  };

  /** Sends a failure with the ratings its kind carries (FE: S; FC: O and D), then reads the analysis again whatever happened. */
  const save = (d: FailureDraft) => {
    const ratings = Object.fromEntries(ratingFields(d.kind).map((field) => [field, parseRating(d[field]) ?? null]));
    const description = d.description.trim();
    const cite = pickToSend(d.pick, d.description);
    return (
      d.id
        ? api.post('/api/fmea/updateFailure', { id: d.id, version: d.version, description, ...ratings, ...cite })
        : api.post('/api/fmea/addFailure', { functionId: d.functionId, kind: d.kind, description, ...ratings, ...cite })
    ).finally(() => void reload());
  };

  async function remove(row: FailureRow) {
    const name = row.description;
    const title = t`Delete failure`;
    if (!(await confirm({ title, message: t`Delete "${name}" with its controls, actions and links?`, danger: true }))) return;
    await write((confirmed) => api.post('/api/fmea/deleteFailure', { id: row.id, version: row.version, ...(confirmed ? { confirm: true } : {}) }), title);
  }

  const link = (higherFailureId: string, lowerFailureId: string) => void write(() => api.post('/api/fmea/linkFailures', { higherFailureId, lowerFailureId }));
  const unlink = (id: string) => void write(() => api.post('/api/fmea/unlinkFailures', { id }));

  if (loading) return <div className="page-loading"><Trans>Loading…</Trans></div>;
  if (error && data.nodes.length === 0)
    return (
      <div className="alert alert-error" role="alert">
        {error instanceof Error ? error.message : String(error)}
      </div>
    );

  const failureCount = (id: string) => {
    const fns = new Set(data.functions.filter((f) => f.nodeId === id).map((f) => f.id));
    return data.failures.filter((f) => fns.has(f.functionId)).length;
  };

  return (
    <div style={splitStyle} data-testid="failure-analysis">
      <nav aria-label={t`Structure`}>
        <NodeTree nodes={data.nodes} selected={nodeId} onSelect={setNodeId} count={failureCount} />
      </nav>
      <section>
        {node ? (
          <>
            <PageHeader title={<span data-user-content>{node.name}</span>} />
            {functions.length === 0 ? (
              <EmptyState title={<Trans>No functions on this element</Trans>}>
                <Trans>Failures are attached to functions: add functions in the function analysis first.</Trans>
              </EmptyState>
            ) : (
              functions.map((fn) => (
                <FocusFunction
                  key={fn.id}
                  fn={fn}
                  data={data}
                  readOnly={readOnly}
                  busy={busy}
                  onOpen={open}
                  onDelete={(row) => void remove(row)}
                  onLink={link}
                  onUnlink={unlink}
                  onPushed={() => void reload()}
                />
              ))
            )}
          </>
        ) : (
          <EmptyState title={<Trans>Select a structure element</Trans>} />
        )}
      </section>

      {draft ? <FailureDialog initial={draft} title={kindTitle(draft.kind)} save={save} onClose={() => setDraft(null)} /> : null}
    </div>
  );
}

const ratingFields = (kind: FailureKind) => (kind === 'FE' ? (['severity'] as const) : kind === 'FC' ? (['occurrence', 'det'] as const) : ([] as const));

/** Add or edit a failure effect, mode or cause: its description and the ratings of its kind. */
function FailureDialog({ initial, title, save, onClose }: { initial: FailureDraft; title: ReactNode; save: (d: FailureDraft) => Promise<unknown>; onClose: () => void }) {
  const { t } = useLingui();
  const form = useForm({
    initial,
    save,
    onSaved: onClose,
    validate: (d) => ({
      fields: {
        description: !d.description.trim() && t`Enter the description.`,
        ...Object.fromEntries(ratingFields(d.kind).map((field) => [field, parseRating(d[field]) === undefined && t`Enter a whole number from 1 to 10.`])),
      },
    }),
  });
  const { draft, set, error } = form;
  return (
    <FormDialog form={form} title={title} onClose={onClose}>
      <CatalogTextField
        label={<Trans>Description</Trans>}
        kind={draft.kind}
        value={draft.description}
        error={error('description')}
        onChange={(text) => set('description', text)}
        onPick={(pick) => set('pick', pick)}
        onCatalogPick={(catalog) => {
          // AIAG-VDA: the record's severity rates an effect, its occurrence a cause; a rating already typed stands
          if (catalog.severity && draft.kind === 'FE' && draft.severity.trim() === '') set('severity', String(catalog.severity));
          if (catalog.occurrence && draft.kind === 'FC' && draft.occurrence.trim() === '') set('occurrence', String(catalog.occurrence));
        }}
      />
      {draft.kind === 'FE' ? <RatingField label={<Trans>Severity (S)</Trans>} value={draft.severity} error={error('severity')} onChange={(v) => set('severity', v)} /> : null}
      {draft.kind === 'FC' ? (
        <>
          <RatingField label={<Trans>Occurrence (O)</Trans>} value={draft.occurrence} error={error('occurrence')} onChange={(v) => set('occurrence', v)} />
          <RatingField label={<Trans>Detection (D)</Trans>} value={draft.det} error={error('det')} onChange={(v) => set('det', v)} />
        </>
      ) : null}
    </FormDialog>
  );
}

function RatingField({ label, value, error, onChange }: { label: ReactNode; value: string; error?: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const invalid = value.trim() !== '' && parseRating(value) === undefined;
  return (
    <Field label={label} error={error ?? (invalid ? t`Enter a whole number from 1 to 10.` : null)} hint={<Trans>1 to 10; empty for not rated yet.</Trans>}>
      {(id) => <TextInput id={id} inputMode="numeric" maxLength={2} style={{ width: 80 }} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

interface FocusProps {
  fn: FunctionRow;
  data: Analysis;
  readOnly: boolean;
  busy: boolean;
  onOpen: (kind: FailureKind, functionId: string, row?: FailureRow) => void;
  onDelete: (row: FailureRow) => void;
  onLink: (higherFailureId: string, lowerFailureId: string) => void;
  onUnlink: (linkId: string) => void;
  onPushed: () => void;
}

/** One focus function: effects on its higher functions, its modes with their chains, causes on its lower functions. */
function FocusFunction(props: FocusProps) {
  const { fn, data, readOnly, busy } = props;
  const higherIds = effectFunctions(data, fn);
  const lowerIds = causeFunctions(data, fn);
  const higher = data.functions.filter((f) => higherIds.has(f.id));
  const lower = data.functions.filter((f) => lowerIds.has(f.id));
  const modes = data.failures.filter((f) => f.functionId === fn.id && f.kind === 'FM').sort((a, b) => a.sort - b.sort);

  return (
    <article style={panelStyle} data-testid="focus-function">
      <h3 style={{ marginTop: 0 }} data-user-content>{fn.description}</h3>

      <h4><Trans>Failure effects (FE) on higher-level functions</Trans></h4>
      {higher.length === 0 ? (
        <p className="muted"><Trans>No higher-level function: add one on the parent element or link one in the function net.</Trans></p>
      ) : (
        higher.map((h) => <FailureGroup key={h.id} owner={h} kind="FE" {...props} />)
      )}

      <h4><Trans>Failure modes (FM) of this function</Trans></h4>
      {modes.map((mode) => (
        <ModeChains key={mode.id} mode={mode} higherIds={higherIds} lowerIds={lowerIds} {...props} />
      ))}
      {modes.length === 0 ? <p className="muted"><Trans>No failure modes yet.</Trans></p> : null}
      <FailureGroup owner={fn} kind="FM" {...props} hideList />

      <h4><Trans>Failure causes (FC) on lower-level functions</Trans></h4>
      {lower.length === 0 ? (
        <p className="muted"><Trans>No lower-level function: add one on a child element or link one in the function net.</Trans></p>
      ) : (
        lower.map((l) => <FailureGroup key={l.id} owner={l} kind="FC" {...props} />)
      )}
    </article>
  );
}

/** The failures of one kind on one function, with add/edit/delete. */
function FailureGroup({ owner, kind, data, readOnly, busy, onOpen, onDelete, onPushed, hideList }: FocusProps & { owner: FunctionRow; kind: FailureKind; hideList?: boolean }) {
  const { t } = useLingui();
  const rows = data.failures.filter((f) => f.functionId === owner.id && f.kind === kind).sort((a, b) => a.sort - b.sort);
  const nodeName = data.nodes.find((n) => n.id === owner.nodeId)?.name ?? '';
  const addLabel = kind === 'FE' ? t`Add effect` : kind === 'FM' ? t`Add mode` : t`Add cause`;
  return (
    <div style={{ marginBottom: 8 }}>
      {hideList ? null : (
        <>
          <div className="muted" data-user-content>
            {nodeName}: {owner.description}
          </div>
          {rows.length === 0 ? null : (
            <ul>
              {rows.map((r) => (
                <li key={r.id} data-item-id={r.id}>
                  <FailureText row={r} />
                  <RowMarker kind="failure" id={r.id} label={r.description} />
                  {readOnly ? null : (
                    <>
                      <Button kind="link" disabled={busy} onClick={() => onOpen(kind, owner.id, r)}><Trans>Edit</Trans></Button>
                      <Button kind="link" disabled={busy} onClick={() => onDelete(r)}><Trans>Delete</Trans></Button>
                      <PushButton kind="failure" item={r} disabled={busy} onDone={onPushed} />
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {readOnly ? null : (
        <Button kind="link" disabled={busy} onClick={() => onOpen(kind, owner.id)}>
          {addLabel}
        </Button>
      )}
    </div>
  );
}

function FailureText({ row }: { row: FailureRow }) {
  const s = row.severity ?? '–';
  const o = row.occurrence ?? '–';
  const d = row.det ?? '–';
  return (
    <span>
      <span data-user-content>{row.description}</span>{' '}
      {row.kind === 'FE' ? <span className="muted">(S {s})</span> : null}
      {row.kind === 'FC' ? <span className="muted">(O {o}, D {d})</span> : null}
      <CatalogMark catalog={row.catalog} />
    </span>
  );
}

/** A mode, its links to effects and causes (pickers restricted by the chain rule) and its chains FE ← FM ← FC. */
function ModeChains({ mode, data, readOnly, busy, higherIds, lowerIds, onOpen, onDelete, onLink, onUnlink, onPushed }: FocusProps & { mode: FailureRow; higherIds: Set<string>; lowerIds: Set<string> }) {
  const { t } = useLingui();
  const [effectPick, setEffectPick] = useState('');
  const [causePick, setCausePick] = useState('');
  const byId = new Map(data.failures.map((f) => [f.id, f]));
  const effectLinks = data.failureLinks.filter((l) => l.lowerFailureId === mode.id && byId.get(l.higherFailureId)?.kind === 'FE');
  const causeLinks = data.failureLinks.filter((l) => l.higherFailureId === mode.id && byId.get(l.lowerFailureId)?.kind === 'FC');
  const linkedEffects = new Set(effectLinks.map((l) => l.higherFailureId));
  const linkedCauses = new Set(causeLinks.map((l) => l.lowerFailureId));
  const effectOptions = data.failures.filter((f) => f.kind === 'FE' && higherIds.has(f.functionId) && !linkedEffects.has(f.id));
  const causeOptions = data.failures.filter((f) => f.kind === 'FC' && lowerIds.has(f.functionId) && !linkedCauses.has(f.id));
  // the element and function with each text: equal texts on two elements are told apart
  const option = (f: FailureRow) => failureOption(data, f);

  const effects: (string | null)[] = effectLinks.length ? effectLinks.map((l) => l.id) : [null];
  const causes: (string | null)[] = causeLinks.length ? causeLinks.map((l) => l.id) : [null];
  const linkById = new Map(data.failureLinks.map((l) => [l.id, l]));
  const unlinkButton = (linkId: string | null) =>
    readOnly || !linkId ? null : (
      <Button kind="link" disabled={busy} onClick={() => onUnlink(linkId)} aria-label={t`Unlink`}>
        <Trans>Unlink</Trans>
      </Button>
    );

  return (
    <div style={{ border: '1px dashed var(--border, #ccc)', borderRadius: 4, padding: 8, marginBottom: 8 }} data-testid="mode-chains">
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <span>
          <strong data-user-content>{mode.description}</strong>
          <CatalogMark catalog={mode.catalog} />
        </span>
        {readOnly ? null : (
          <span>
            <Button kind="link" disabled={busy} onClick={() => onOpen('FM', mode.functionId, mode)}><Trans>Edit</Trans></Button>
            <Button kind="link" disabled={busy} onClick={() => onDelete(mode)}><Trans>Delete</Trans></Button>
            <PushButton kind="failure" item={mode} disabled={busy} onDone={onPushed} />
          </span>
        )}
      </div>
      <table style={{ borderCollapse: 'collapse', width: '100%', margin: '6px 0' }} aria-label={t`Failure chains`}>
        <thead>
          <tr>
            <th style={cell}><Trans>Effect (FE)</Trans></th>
            <th style={cell} aria-hidden>←</th>
            <th style={cell}><Trans>Mode (FM)</Trans></th>
            <th style={cell} aria-hidden>←</th>
            <th style={cell}><Trans>Cause (FC)</Trans></th>
          </tr>
        </thead>
        <tbody>
          {effects.flatMap((effectLinkId) =>
            causes.map((causeLinkId) => {
              const effect = effectLinkId ? byId.get(linkById.get(effectLinkId)!.higherFailureId) : undefined;
              const cause = causeLinkId ? byId.get(linkById.get(causeLinkId)!.lowerFailureId) : undefined;
              return (
                <tr key={`${effectLinkId ?? '-'}:${causeLinkId ?? '-'}`}>
                  <td style={cell}>{effect ? <FailureText row={effect} /> : <span className="muted"><Trans>no effect linked</Trans></span>}</td>
                  <td style={cell} aria-hidden>←</td>
                  <td style={cell} data-user-content>{mode.description}</td>
                  <td style={cell} aria-hidden>←</td>
                  <td style={cell}>{cause ? <FailureText row={cause} /> : <span className="muted"><Trans>no cause linked</Trans></span>}</td>
                </tr>
              );
            }),
          )}
        </tbody>
      </table>
      {effectLinks.length || causeLinks.length ? (
        <ul style={{ margin: '4px 0' }}>
          {effectLinks.map((l) => (
            <li key={l.id}>
              <Trans>Effect:</Trans> {byId.get(l.higherFailureId)?.description} {unlinkButton(l.id)}
              <RowMarker kind="failureLink" id={l.id} label={`${byId.get(l.higherFailureId)?.description ?? ''} → ${mode.description}`} />
            </li>
          ))}
          {causeLinks.map((l) => (
            <li key={l.id}>
              <Trans>Cause:</Trans> {byId.get(l.lowerFailureId)?.description} {unlinkButton(l.id)}
              <RowMarker kind="failureLink" id={l.id} label={`${mode.description} → ${byId.get(l.lowerFailureId)?.description ?? ''}`} />
            </li>
          ))}
        </ul>
      ) : null}
      {readOnly ? null : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          <Select
            aria-label={t`Effect on a higher-level function`}
            value={effectPick}
            disabled={effectOptions.length === 0}
            options={[{ value: '', label: effectOptions.length ? t`Link an effect…` : t`No effects to link` }, ...effectOptions.map(option)]}
            onChange={(e) => setEffectPick(e.target.value)}
          />
          <Button disabled={busy || !effectPick} onClick={() => { onLink(effectPick, mode.id); setEffectPick(''); }}>
            <Trans>Link effect</Trans>
          </Button>
          <Select
            aria-label={t`Cause on a lower-level function`}
            value={causePick}
            disabled={causeOptions.length === 0}
            options={[{ value: '', label: causeOptions.length ? t`Link a cause…` : t`No causes to link` }, ...causeOptions.map(option)]}
            onChange={(e) => setCausePick(e.target.value)}
          />
          <Button disabled={busy || !causePick} onClick={() => { onLink(mode.id, causePick); setCausePick(''); }}>
            <Trans>Link cause</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
