import { memo, useMemo, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { eventProbability, type FtaDocument, type GateOperator } from '@fmea/core/domain';
import { Button, Field, Select, TextInput } from '@fmea/sdk';
import { above, GATE_OPERATORS, rename, updateBasicEvent, updateGate, updateHouseEvent, updateTransfer, type Edit, type NewKind } from './edit.ts';
import type { LayoutNode } from './layout.ts';
import { formatProbability } from './symbols.tsx';
import { numberOf } from './numbers.ts';
import type { EditorWords } from './words.ts';

interface Draft {
  name: string;
  label: string;
  operator: GateOperator;
  min: string;
  model: 'probability' | 'exponential';
  probability: string;
  rate: string;
  state: 'true' | 'false';
  tree: string;
}


function draftOf(doc: FtaDocument, name: string): Draft {
  const gate = doc.gates.find((g) => g.name === name);
  const basic = doc.basicEvents.find((e) => e.name === name);
  const house = doc.houseEvents.find((e) => e.name === name);
  const transfer = doc.transfers.find((e) => e.name === name);
  const model = basic?.model;
  return {
    name,
    label: (gate ?? basic ?? house ?? transfer)?.label ?? '',
    operator: gate?.operator ?? 'or',
    min: String(gate?.min ?? 2),
    model: model?.kind ?? 'probability',
    probability: model?.kind === 'probability' ? String(model.probability) : '0.001',
    rate: model?.kind === 'exponential' ? String(model.rate) : '1e-6',
    state: house?.state === false ? 'false' : 'true',
    tree: transfer?.tree ?? '',
  };
}

export interface NodePanelProps {
  doc: FtaDocument;
  node: LayoutNode;
  readOnly: boolean;
  words: EditorWords;
  onChange: (next: FtaDocument) => void;
  onAdd: (gate: string, kind: NewKind) => void;
  onShare: (name: string, gate: string) => void;
  onDelete: (node: LayoutNode) => void;
}

/**
 * The selected gate or event in a side panel: its name, description and what it is (operator and k; a
 * probability or a failure rate; a house event's state; the tree a transfer stands for), applied with
 * Enter or Apply after the checks below pass; a gate's inputs are added here too. The editor mounts it
 * anew per node (key), so a draft never carries over to another node.
 */
export const NodePanel = memo(function NodePanel({ doc, node, readOnly, words, onChange, onAdd, onShare, onDelete }: NodePanelProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(() => draftOf(doc, node.name));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [share, setShare] = useState('');
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const gate = doc.gates.find((g) => g.name === node.name);
  const kind = node.kind;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const problems: Partial<Record<keyof Draft, string>> = {};
    let next = doc;
    if (gate) {
      const min = numberOf(draft.min);
      if (draft.operator === 'atleast' && (min === null || !Number.isInteger(min) || min < 1 || min > Math.max(1, gate.inputs.length)))
        problems.min = t`k: enter a whole number from 1 to ${Math.max(1, gate.inputs.length)} (the gate's inputs).`;
      else next = updateGate(next, node.name, { operator: draft.operator, label: draft.label.trim(), ...(draft.operator === 'atleast' ? { min: min! } : {}) });
    } else if (kind === 'basic') {
      const value = numberOf(draft.model === 'probability' ? draft.probability : draft.rate);
      if (draft.model === 'probability' && (value === null || value < 0 || value > 1)) problems.probability = t`Probability: enter a number from 0 to 1.`;
      else if (draft.model === 'exponential' && (value === null || value < 0)) problems.rate = t`Failure rate: enter a number of 0 or more (per hour).`;
      else next = updateBasicEvent(next, node.name, { label: draft.label.trim(), model: draft.model === 'probability' ? { kind: 'probability', probability: value! } : { kind: 'exponential', rate: value! } });
    } else if (kind === 'house') next = updateHouseEvent(next, node.name, { label: draft.label.trim(), state: draft.state === 'true' });
    else if (kind === 'transfer') {
      if (!draft.tree.trim()) problems.tree = t`Transferred tree: enter the number of the tree this event stands for.`;
      else next = updateTransfer(next, node.name, { label: draft.label.trim(), tree: draft.tree.trim() });
    }
    let renamed: Edit | null = null;
    if (!problems.name && draft.name.trim() !== node.name && kind !== 'missing') {
      renamed = rename(next, node.name, draft.name);
      if (!renamed.ok) problems.name = words.refusal[renamed.reason];
    }
    if (Object.values(problems).some(Boolean)) return setErrors(problems);
    onChange(renamed?.ok ? renamed.doc : next);
  };

  // what may become a shared input of this gate: every other gate or event that would not close a loop
  // (a gate above this one); one walk up from it, not one walk down from every candidate
  const candidates = useMemo(() => {
    if (!gate) return [];
    const loops = above(doc, gate.name);
    const names = [...doc.gates.map((g) => g.name), ...doc.basicEvents.map((e) => e.name), ...doc.houseEvents.map((e) => e.name), ...doc.transfers.map((e) => e.name)];
    return names.filter((n) => !loops.has(n) && !gate.inputs.includes(n));
  }, [doc, gate]);
  const basic = doc.basicEvents.find((e) => e.name === node.name);
  const kindName = gate ? words.operator[gate.operator] : kind === 'missing' ? t`Undefined input` : words.kind[kind as NewKind];

  return (
    <aside className="fta-panel" data-testid="fta-panel" aria-label={t`Selected gate or event`}>
      <h3>
        {kindName} <span data-user-content>{node.name}</span>
      </h3>
      {kind === 'missing' ? (
        <p>
          <Trans>No gate or event of this name exists. Delete the input, or add a gate or event under this name.</Trans>
        </p>
      ) : (
        <form onSubmit={apply} noValidate>
          <fieldset disabled={readOnly}>
            <Field label={<Trans>Name</Trans>} error={errors.name} required>
              {(id) => <TextInput id={id} data-testid="fta-name" value={draft.name} maxLength={100} onChange={(e) => set('name', e.target.value)} />}
            </Field>
            <Field label={<Trans>Description</Trans>}>{(id) => <TextInput id={id} data-testid="fta-label" value={draft.label} maxLength={200} onChange={(e) => set('label', e.target.value)} />}</Field>
            {gate ? (
              <>
                <Field label={<Trans>Gate</Trans>}>
                  {(id) => <Select id={id} data-testid="fta-operator" value={draft.operator} onChange={(e) => set('operator', e.target.value as GateOperator)} options={GATE_OPERATORS.map((o) => ({ value: o, label: words.operator[o] }))} />}
                </Field>
                {draft.operator === 'atleast' ? (
                  <Field label={<Trans>k (inputs that must fail)</Trans>} error={errors.min} required>
                    {(id) => <TextInput id={id} data-testid="fta-min" inputMode="numeric" value={draft.min} onChange={(e) => set('min', e.target.value)} />}
                  </Field>
                ) : null}
              </>
            ) : null}
            {kind === 'basic' ? (
              <>
                <Field label={<Trans>Model</Trans>}>
                  {(id) => (
                    <Select
                      id={id}
                      data-testid="fta-model"
                      value={draft.model}
                      onChange={(e) => set('model', e.target.value as Draft['model'])}
                      options={[
                        { value: 'probability', label: t`Probability` },
                        { value: 'exponential', label: t`Failure rate over the mission time` },
                      ]}
                    />
                  )}
                </Field>
                {draft.model === 'probability' ? (
                  <Field label={<Trans>Probability</Trans>} error={errors.probability} required>
                    {(id) => <TextInput id={id} data-testid="fta-probability" inputMode="decimal" value={draft.probability} onChange={(e) => set('probability', e.target.value)} />}
                  </Field>
                ) : (
                  <Field
                    label={<Trans>Failure rate (per hour)</Trans>}
                    error={errors.rate}
                    required
                    hint={basic?.model.kind === 'exponential' ? <Trans>Over the mission time of {doc.missionTime} h: probability {formatProbability(eventProbability(basic.model, doc.missionTime))}</Trans> : undefined}
                  >
                    {(id) => <TextInput id={id} data-testid="fta-rate" inputMode="decimal" value={draft.rate} onChange={(e) => set('rate', e.target.value)} />}
                  </Field>
                )}
              </>
            ) : null}
            {kind === 'house' ? (
              <Field label={<Trans>State</Trans>}>
                {(id) => (
                  <Select
                    id={id}
                    data-testid="fta-state"
                    value={draft.state}
                    onChange={(e) => set('state', e.target.value as Draft['state'])}
                    options={[
                      { value: 'true', label: t`True (happens)` },
                      { value: 'false', label: t`False (does not happen)` },
                    ]}
                  />
                )}
              </Field>
            ) : null}
            {kind === 'transfer' ? (
              <Field label={<Trans>Transferred tree</Trans>} error={errors.tree} required hint={<Trans>The number of the fault tree whose top event this stands for (FT…).</Trans>}>
                {(id) => <TextInput id={id} data-testid="fta-tree" value={draft.tree} maxLength={100} onChange={(e) => set('tree', e.target.value)} />}
              </Field>
            ) : null}
            <div className="fta-panel-actions">
              <Button kind="primary" type="submit" data-testid="fta-apply">
                <Trans>Apply</Trans>
              </Button>
            </div>
          </fieldset>
        </form>
      )}
      {gate && !readOnly ? (
        <div className="fta-panel-section">
          <h4>
            <Trans>Add an input</Trans>
          </h4>
          <div className="fta-add-buttons">
            {(['basic', 'or', 'and', 'atleast', 'not', 'xor', 'house', 'transfer'] as const).map((k) => (
              <Button key={k} data-testid={`fta-add-${k}`} onClick={() => onAdd(node.name, k)}>
                {words.kind[k]}
              </Button>
            ))}
          </div>
          <Field label={<Trans>Add an existing gate or event (shared)</Trans>}>
            {(id) => (
              <div className="fta-share">
                <Select id={id} data-testid="fta-share" value={share} onChange={(e) => setShare(e.target.value)} options={[{ value: '', label: t`Choose…` }, ...candidates.map((c) => ({ value: c, label: c }))]} />
                <Button
                  data-testid="fta-share-add"
                  disabled={!share}
                  onClick={() => {
                    onShare(share, node.name);
                    setShare('');
                  }}
                >
                  <Trans>Add</Trans>
                </Button>
              </div>
            )}
          </Field>
        </div>
      ) : null}
      {!readOnly && node.parentGate !== null ? (
        <div className="fta-panel-section">
          <Button kind="danger" data-testid="fta-delete" onClick={() => onDelete(node)}>
            <Trans>Delete from this gate</Trans>
          </Button>
        </div>
      ) : null}
    </aside>
  );
});
