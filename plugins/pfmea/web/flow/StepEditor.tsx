import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FLOW_BRANCH_KINDS, FLOW_SYMBOLS, stepTitle, type FlowBranchKind, type FlowSymbol } from '@fmea/core/domain';
import { api, Button, confirm, Field, notifyError, Select, TextArea, TextInput, type ApiData } from '@fmea/sdk';
import type { useFlowLabels } from './labels.ts';

export type Flow = ApiData<'/api/processFlow/get'>;
export type FlowStepData = Flow['steps'][number];
export type FlowBranchData = Flow['branches'][number];

interface StepEditorProps {
  readonly step: FlowStepData;
  readonly steps: readonly FlowStepData[];
  readonly branches: readonly FlowBranchData[];
  readonly readOnly: boolean;
  readonly labels: ReturnType<typeof useFlowLabels>;
  /** After a save or a refusal: the chart is read again (a conflict shows the other person's change). */
  readonly onChanged: () => void;
}

/**
 * The selected step: its symbol, inputs and outputs (saved to the PFMEA's
 * node with the version read), and the rework and scrap branches leaving it.
 */
export function StepEditor({ step, steps, branches, readOnly, labels, onChanged }: StepEditorProps) {
  const { t } = useLingui();
  const [symbol, setSymbol] = useState<FlowSymbol>(step.symbol);
  const [inputs, setInputs] = useState(step.inputs ?? '');
  const [outputs, setOutputs] = useState(step.outputs ?? '');
  const [busy, setBusy] = useState(false);
  const [kind, setKind] = useState<FlowBranchKind>('rework');
  const [target, setTarget] = useState('');
  const [label, setLabel] = useState('');

  const reset = () => {
    setSymbol(step.symbol);
    setInputs(step.inputs ?? '');
    setOutputs(step.outputs ?? '');
  };
  // another step chosen, or the same one read again after a change: the draft starts from what is stored
  useEffect(reset, [step.id, step.version, step.symbol, step.inputs, step.outputs]);
  useEffect(() => {
    setTarget('');
    setLabel('');
  }, [step.id]);

  const dirty = symbol !== step.symbol || inputs !== (step.inputs ?? '') || outputs !== (step.outputs ?? '');
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
      onChanged();
    }
  };

  const save = () =>
    run(() =>
      api.post('/api/processFlow/saveStep', {
        id: step.id,
        version: step.version,
        ...(symbol !== step.symbol && { flowSymbol: symbol }),
        flowInputs: inputs,
        flowOutputs: outputs,
      }),
    );

  const addBranch = () =>
    run(async () => {
      await api.post('/api/processFlow/saveBranch', { fromNodeId: step.id, kind, ...(kind === 'rework' && { toNodeId: target }), label: label.trim() || null });
      // added: the form is ready for the next one
      setTarget('');
      setLabel('');
    });

  const removeBranch = async (branch: FlowBranchData) => {
    if (!(await confirm({ title: t`Delete branch`, message: t`Delete the ${labels.branchKinds[branch.kind]} branch of ${stepTitle(step)}?`, danger: true }))) return;
    await run(() => api.post('/api/processFlow/deleteBranch', { id: branch.id, version: branch.version }));
  };

  const titleOf = (id: string | null) => {
    const found = steps.find((s) => s.id === id);
    return found ? stepTitle(found) : '';
  };
  const symbolOptions = FLOW_SYMBOLS.map((s) => ({ value: s, label: labels.symbols[s] }));

  return (
    <div className="pfd-editor" data-testid="pfd-step-editor">
      <h3>{stepTitle(step)}</h3>
      <Field label={t`Symbol`}>{(id) => <Select id={id} value={symbol} disabled={readOnly || busy} options={symbolOptions} onChange={(e) => setSymbol(e.target.value as FlowSymbol)} />}</Field>
      <Field label={t`Inputs`}>{(id) => <TextArea id={id} value={inputs} maxLength={200} rows={2} readOnly={readOnly} onChange={(e) => setInputs(e.target.value)} />}</Field>
      <Field label={t`Outputs`}>{(id) => <TextArea id={id} value={outputs} maxLength={200} rows={2} readOnly={readOnly} onChange={(e) => setOutputs(e.target.value)} />}</Field>
      {readOnly ? null : (
        <div className="pfd-editor-actions">
          <Button kind="primary" disabled={!dirty || busy} onClick={() => void save()} data-testid="pfd-save-step">
            <Trans>Save</Trans>
          </Button>
          <Button disabled={!dirty || busy} onClick={reset}>
            <Trans>Undo changes</Trans>
          </Button>
        </div>
      )}

      <h4>
        <Trans>Branches leaving this step</Trans>
      </h4>
      {branches.length === 0 ? (
        <p className="pfd-muted">
          <Trans>No rework or scrap leaves this step.</Trans>
        </p>
      ) : (
        <ul className="pfd-branches">
          {branches.map((b) => (
            <li key={b.id} data-branch-id={b.id}>
              <span className={`pfd-branch-kind pfd-branch-${b.kind}`}>{labels.branchKinds[b.kind]}</span>
              {b.kind === 'rework' ? <span>→ {titleOf(b.toStepId)}</span> : null}
              {b.label ? <span className="pfd-muted">{b.label}</span> : null}
              {readOnly ? null : (
                <Button kind="link" disabled={busy} aria-label={t`Delete branch`} onClick={() => void removeBranch(b)}>
                  <Trans>Delete</Trans>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {readOnly ? null : (
        <div className="pfd-branch-form">
          <Field label={t`Branch`}>
            {(id) => <Select id={id} value={kind} disabled={busy} options={FLOW_BRANCH_KINDS.map((k) => ({ value: k, label: labels.branchKinds[k] }))} onChange={(e) => setKind(e.target.value as FlowBranchKind)} />}
          </Field>
          {kind === 'rework' ? (
            <Field label={t`Back to step`}>
              {(id) => (
                <Select
                  id={id}
                  value={target}
                  disabled={busy}
                  options={[{ value: '', label: t`Choose a step` }, ...steps.map((s) => ({ value: s.id, label: stepTitle(s) }))]}
                  onChange={(e) => setTarget(e.target.value)}
                />
              )}
            </Field>
          ) : null}
          <Field label={t`Label`}>{(id) => <TextInput id={id} value={label} maxLength={200} disabled={busy} onChange={(e) => setLabel(e.target.value)} />}</Field>
          <Button disabled={busy || (kind === 'rework' && !target)} onClick={() => void addBranch()} data-testid="pfd-add-branch">
            <Trans>Add branch</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
