import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Autocomplete, Button, confirm, EmptyState, Field, FormDialog, notify, notifyError, PageHeader, Select, useForm, type ApiBody } from '@fmea/sdk';
import { RowMarker } from '@fmea/sdk';
import type { StepProps } from '../types.ts';
import {
  CHARACTERISTIC_CLASSES,
  conflictCount,
  flattenTree,
  functionsOf,
  lowerFunctionCandidates,
  useAnalysis,
  type Analysis,
  type CharacteristicClass,
  type CharacteristicRow,
  type FunctionRow,
  type NodeRow,
} from '../analysis/model.ts';
import { NodeTree, panelStyle, splitStyle } from '../analysis/NodeTree.tsx';
import { CatalogMark, PushButton } from '../analysis/catalog-reuse.tsx';
import { pickToSend, suggestionsFor, type CatalogPick } from '../analysis/suggestions.ts';
import { CatalogTextField } from '../shared/CatalogTextField.tsx';

/** What another kind's function fields add to the save (the PFMEA's function scope). */
export type FunctionExtras = Omit<ApiBody<'/api/fmea/addFunction'>, 'nodeId' | 'description' | 'requirement' | 'catalogRecordId'>;
/** What another kind's characteristic fields add to the save (the PFMEA's kind and customer class). */
export type CharacteristicExtras = Omit<ApiBody<'/api/fmea/addCharacteristic'>, 'functionId' | 'name' | 'characteristicClass' | 'special'>;

/**
 * Fields another kind adds to a dialog of this step: what an item starts with
 * (a new one when `row` is null), their inputs, and what its card shows of them.
 */
export interface ExtraFields<Row, Extras> {
  readonly initial: (node: NodeRow, row: Row | null) => Extras;
  /** `depth`: the node's depth in the structure (the root is 0). */
  readonly Inputs: ComponentType<{ node: NodeRow; depth: number; value: Extras; onChange: (value: Extras) => void }>;
  readonly Badges: ComponentType<{ row: Row }>;
}

/** How another kind's function analysis differs (the PFMEA's); absent: the DFMEA's. */
export interface FunctionStepOptions {
  readonly functionFields?: ExtraFields<FunctionRow, FunctionExtras>;
  readonly characteristicFields?: ExtraFields<CharacteristicRow, CharacteristicExtras>;
  /** How a characteristic class reads (the PFMEA names critical CC and significant SC). */
  readonly classLabel?: (c: CharacteristicClass) => string;
}

type FunctionDraft = { id: string | null; version: number; description: string; requirement: string; pick: CatalogPick | null; extras: FunctionExtras };
type CharacteristicDraft = { functionId: string; name: string; characteristicClass: CharacteristicClass; special: boolean; extras: CharacteristicExtras };

/** Step 3: functions and requirements per structure element, their characteristics, and the function net. */
export default function FunctionAnalysisStep({ projectId, readOnly, remoteRevision, focusNodeId, functionFields, characteristicFields, classLabel: ownClassLabel }: StepProps & FunctionStepOptions) {
  const { t } = useLingui();
  const { data, loading, error, reload } = useAnalysis(projectId, remoteRevision);
  const [nodeId, setNodeId] = useState<string | null>(focusNodeId ?? null);
  const [fnDraft, setFnDraft] = useState<FunctionDraft | null>(null);
  const [chDraft, setChDraft] = useState<CharacteristicDraft | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (data.nodes.length && !data.nodes.some((n) => n.id === nodeId)) setNodeId(data.nodes.find((n) => !n.parentId)?.id ?? data.nodes[0]!.id);
  }, [data.nodes, nodeId]);

  const node = data.nodes.find((n) => n.id === nodeId) ?? null;
  const functions = useMemo(() => functionsOf(data, nodeId), [data, nodeId]);
  const depth = useMemo(() => flattenTree(data.nodes).find((row) => row.node.id === nodeId)?.depth ?? 0, [data.nodes, nodeId]);
  const classLabel = ownClassLabel ?? ((c: CharacteristicClass) => ({ safety: t`Safety`, critical: t`Critical`, significant: t`Significant`, general: t`General` })[c]);
  const functionExtras = (fn: FunctionRow | null): FunctionExtras => (node && functionFields ? functionFields.initial(node, fn) : {});

  /** Runs a write, then reads the analysis again whatever happened (a conflict shows the current rows). */
  async function write(action: () => Promise<unknown>, done?: string): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      if (done) notify('success', done);
      return true;
    } catch (e) {
      notifyError(e);
      return false;
    } finally {
      setBusy(false);
      await reload();
    }
  }

  async function deleteFunction(fn: FunctionRow) {
    const name = fn.description;
    if (!(await confirm({ title: t`Delete function`, message: t`Delete the function "${name}" with its characteristics and failures?`, danger: true }))) return;
    setBusy(true);
    try {
      await api.post('/api/fmea/deleteFunction', { id: fn.id, version: fn.version });
    } catch (e) {
      const count = conflictCount(e);
      if (count === null) notifyError(e);
      else if (await confirm({ title: t`Delete function`, message: t`Current FMEA used by ${count} nodes. Delete anyway?`, danger: true })) {
        try {
          await api.post('/api/fmea/deleteFunction', { id: fn.id, version: fn.version, confirm: true });
        } catch (again) {
          notifyError(again);
        }
      }
    } finally {
      setBusy(false);
      await reload();
    }
  }

  async function unlink(linkId: string) {
    if (!(await confirm({ title: t`Remove link`, message: t`Remove this function-net link?` }))) return;
    setBusy(true);
    try {
      await api.post('/api/fmea/unlinkFunctions', { id: linkId });
    } catch (e) {
      const count = conflictCount(e);
      if (count === null) notifyError(e);
      else if (await confirm({ title: t`Remove link`, message: t`${count} failure links rely on this link and will be removed. Continue?`, danger: true })) {
        try {
          await api.post('/api/fmea/unlinkFunctions', { id: linkId, confirm: true });
        } catch (again) {
          notifyError(again);
        }
      }
    } finally {
      setBusy(false);
      await reload();
    }
  }

  if (loading) return <div className="page-loading"><Trans>Loading…</Trans></div>;
  if (error && data.nodes.length === 0)
    return (
      <div className="alert alert-error" role="alert">
        {error instanceof Error ? error.message : String(error)}
      </div>
    );

  return (
    <div style={splitStyle} data-testid="function-analysis">
      <nav aria-label={t`Structure`}>
        <NodeTree nodes={data.nodes} selected={nodeId} onSelect={setNodeId} count={(id) => data.functions.filter((f) => f.nodeId === id).length} />
      </nav>
      <section>
        {node ? (
          <>
            <PageHeader
              title={<span data-user-content>{node.name}</span>}
              actions={
                readOnly ? null : (
                  <Button kind="primary" disabled={busy} onClick={() => setFnDraft({ id: null, version: 0, description: '', requirement: '', pick: null, extras: functionExtras(null) })}>
                    <Trans>Add function</Trans>
                  </Button>
                )
              }
            />
            {functions.length === 0 ? (
              <EmptyState title={<Trans>No functions on this element</Trans>}>
                {readOnly ? null : <Trans>Add what the element does and the requirement it must meet.</Trans>}
              </EmptyState>
            ) : (
              functions.map((fn) => (
                <FunctionCard
                  key={fn.id}
                  fn={fn}
                  data={data}
                  readOnly={readOnly}
                  busy={busy}
                  classLabel={classLabel}
                  FunctionBadges={functionFields?.Badges}
                  CharacteristicBadges={characteristicFields?.Badges}
                  onEdit={() => setFnDraft({ id: fn.id, version: fn.version, description: fn.description, requirement: fn.requirement ?? '', pick: null, extras: functionExtras(fn) })}
                  onPushed={() => void reload()}
                  onDelete={() => void deleteFunction(fn)}
                  onAddCharacteristic={() =>
                    setChDraft({ functionId: fn.id, name: '', characteristicClass: 'general', special: false, extras: node && characteristicFields ? characteristicFields.initial(node, null) : {} })
                  }
                  onLink={(lowerFunctionId) => void write(() => api.post('/api/fmea/linkFunctions', { higherFunctionId: fn.id, lowerFunctionId }))}
                  onUnlink={(linkId) => void unlink(linkId)}
                />
              ))
            )}
          </>
        ) : (
          <EmptyState title={<Trans>Select a structure element</Trans>} />
        )}
      </section>

      {fnDraft && node ? (
        <FunctionDialog
          initial={fnDraft}
          node={node}
          depth={depth}
          Extras={functionFields?.Inputs}
          save={(d) => {
            // a picked catalog function is cited while the text is still its wording
            const body = { description: d.description.trim(), requirement: d.requirement.trim() || null, ...pickToSend(d.pick, d.description), ...d.extras };
            // read again whatever happened: a conflict shows the current rows
            return (fnDraft.id ? api.post('/api/fmea/updateFunction', { id: fnDraft.id, version: fnDraft.version, ...body }) : api.post('/api/fmea/addFunction', { nodeId: node.id, ...body })).finally(() => void reload());
          }}
          onClose={() => setFnDraft(null)}
        />
      ) : null}
      {chDraft && node ? (
        <CharacteristicDialog
          initial={chDraft}
          node={node}
          depth={depth}
          Extras={characteristicFields?.Inputs}
          classLabel={classLabel}
          save={(d) =>
            api
              .post('/api/fmea/addCharacteristic', { functionId: chDraft.functionId, name: d.name.trim(), characteristicClass: d.characteristicClass, special: d.special, ...d.extras })
              .finally(() => void reload())
          }
          onClose={() => setChDraft(null)}
        />
      ) : null}
    </div>
  );
}

/** Add or edit a function and its requirement (and another kind's fields). */
function FunctionDialog({
  initial,
  node,
  depth,
  Extras,
  save,
  onClose,
}: {
  initial: FunctionDraft;
  node: NodeRow;
  depth: number;
  Extras?: ExtraFields<FunctionRow, FunctionExtras>['Inputs'];
  save: (d: FunctionDraft) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const form = useForm({ initial, save, onSaved: onClose, validate: (d) => ({ fields: { description: !d.description.trim() && t`Enter the function.` } }) });
  const { draft, set, error } = form;
  return (
    <FormDialog form={form} title={initial.id ? <Trans>Edit function</Trans> : <Trans>Add function</Trans>} onClose={onClose}>
      <CatalogTextField
        label={<Trans>Function</Trans>}
        kind="function"
        value={draft.description}
        error={error('description')}
        onChange={(text) => set('description', text)}
        onPick={(pick) => set('pick', pick)}
      />
      <Field label={<Trans>Requirement</Trans>} error={error('requirement')}>
        {(id) => <Autocomplete id={id} maxLength={200} value={draft.requirement} onChange={(e) => set('requirement', e.target.value)} fetchSuggestions={suggestionsFor('requirement')} />}
      </Field>
      {Extras ? <Extras node={node} depth={depth} value={draft.extras} onChange={(extras) => set('extras', extras)} /> : null}
    </FormDialog>
  );
}

/** Add a characteristic to a function: its name, class and whether it is special (and another kind's fields). */
function CharacteristicDialog({
  initial,
  node,
  depth,
  Extras,
  classLabel,
  save,
  onClose,
}: {
  initial: CharacteristicDraft;
  node: NodeRow;
  depth: number;
  Extras?: ExtraFields<CharacteristicRow, CharacteristicExtras>['Inputs'];
  classLabel: (c: CharacteristicClass) => string;
  save: (d: CharacteristicDraft) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const form = useForm({ initial, save, onSaved: onClose, validate: (d) => ({ fields: { name: !d.name.trim() && t`Enter the characteristic.` } }) });
  const { draft, set, error } = form;
  return (
    <FormDialog form={form} title={<Trans>Add characteristic</Trans>} onClose={onClose}>
      <Field label={<Trans>Characteristic</Trans>} required error={error('name')}>
        {(id) => <Autocomplete id={id} maxLength={200} autoFocus value={draft.name} onChange={(e) => set('name', e.target.value)} fetchSuggestions={suggestionsFor('characteristic')} />}
      </Field>
      <Field label={<Trans>Class</Trans>} error={error('characteristicClass')}>
        {(id) => (
          <Select
            id={id}
            value={draft.characteristicClass}
            options={CHARACTERISTIC_CLASSES.map((c) => ({ value: c, label: classLabel(c) }))}
            onChange={(e) => set('characteristicClass', e.target.value as CharacteristicClass)}
          />
        )}
      </Field>
      <label>
        <input type="checkbox" checked={draft.special} onChange={(e) => set('special', e.target.checked)} /> <Trans>Special characteristic</Trans>
      </label>
      {Extras ? <Extras node={node} depth={depth} value={draft.extras} onChange={(extras) => set('extras', extras)} /> : null}
    </FormDialog>
  );
}

function FunctionCard(props: {
  fn: FunctionRow;
  data: Analysis;
  readOnly: boolean;
  busy: boolean;
  classLabel: (c: CharacteristicClass) => string;
  FunctionBadges?: ComponentType<{ row: FunctionRow }>;
  CharacteristicBadges?: ComponentType<{ row: CharacteristicRow }>;
  onEdit: () => void;
  onDelete: () => void;
  onAddCharacteristic: () => void;
  onLink: (lowerFunctionId: string) => void;
  onUnlink: (linkId: string) => void;
  onPushed: () => void;
}) {
  const { fn, data, readOnly, busy, classLabel, FunctionBadges, CharacteristicBadges } = props;
  const { t } = useLingui();
  const [pick, setPick] = useState('');
  const characteristics = data.characteristics.filter((c) => c.functionId === fn.id).sort((a, b) => a.sort - b.sort);
  const fnById = new Map(data.functions.map((f) => [f.id, f]));
  const nodeName = (f: FunctionRow | undefined) => data.nodes.find((n) => n.id === f?.nodeId)?.name ?? '';
  const label = (f: FunctionRow | undefined) => (f ? `${nodeName(f)}: ${f.description}` : '');
  const higher = data.functionLinks.filter((l) => l.lowerFunctionId === fn.id);
  const lower = data.functionLinks.filter((l) => l.higherFunctionId === fn.id);
  const candidates = lowerFunctionCandidates(data, fn);

  return (
    <article style={panelStyle} data-testid="function-card" data-item-id={fn.id}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <div>
          <strong data-user-content>{fn.description}</strong>
          <CatalogMark catalog={fn.catalog} />
          {FunctionBadges ? <FunctionBadges row={fn} /> : null}
          {fn.requirement ? (
            <div className="muted">
              <Trans>Requirement:</Trans> <span data-user-content>{fn.requirement}</span>
            </div>
          ) : null}
        </div>
        {readOnly ? null : (
          <div className="page-actions">
            <Button kind="link" disabled={busy} onClick={props.onEdit}><Trans>Edit</Trans></Button>
            <Button kind="link" disabled={busy} onClick={props.onDelete}><Trans>Delete</Trans></Button>
            <PushButton kind="function" item={fn} disabled={busy} onDone={props.onPushed} />
          </div>
        )}
      </div>

      <h4><Trans>Characteristics</Trans></h4>
      {characteristics.length === 0 ? (
        <p className="muted"><Trans>No characteristics.</Trans></p>
      ) : (
        <ul>
          {characteristics.map((c) => (
            <li key={c.id}>
              <span data-user-content>{c.name}</span> <span className="muted">({classLabel(c.characteristicClass)})</span>
              <RowMarker kind="characteristic" id={c.id} label={c.name} />
              {c.special ? <strong> <Trans>special</Trans></strong> : null}
              {CharacteristicBadges ? <CharacteristicBadges row={c} /> : null}
            </li>
          ))}
        </ul>
      )}
      {readOnly ? null : (
        <Button kind="link" disabled={busy} onClick={props.onAddCharacteristic}><Trans>Add characteristic</Trans></Button>
      )}

      <h4><Trans>Function net</Trans></h4>
      <ul style={{ listStyle: 'none', paddingLeft: 0 }} aria-label={t`Function net`}>
        {higher.map((l) => (
          <li key={l.id}>
            ↑ <span data-user-content>{label(fnById.get(l.higherFunctionId))}</span>
          </li>
        ))}
        <li style={{ paddingLeft: 16 }}>
          → <strong data-user-content>{fn.description}</strong>
        </li>
        {lower.map((l) => (
          <li key={l.id} style={{ paddingLeft: 32 }}>
            ↓ <span data-user-content>{label(fnById.get(l.lowerFunctionId))}</span>
            {readOnly ? null : (
              <Button kind="link" disabled={busy} onClick={() => props.onUnlink(l.id)} aria-label={t`Unlink`}>
                <Trans>Unlink</Trans>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {readOnly ? null : candidates.length === 0 ? (
        <p className="muted"><Trans>No lower-level functions to link: add functions to the child elements first.</Trans></p>
      ) : (
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Select
            aria-label={t`Contributing lower-level function`}
            value={pick}
            options={[{ value: '', label: t`Choose a lower-level function…` }, ...candidates.map((f) => ({ value: f.id, label: label(f) }))]}
            onChange={(e) => setPick(e.target.value)}
          />
          <Button
            disabled={busy || !pick}
            onClick={() => {
              props.onLink(pick);
              setPick('');
            }}
          >
            <Trans>Link</Trans>
          </Button>
        </div>
      )}
    </article>
  );
}
