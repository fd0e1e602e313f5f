import { useEffect, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, FormError, formatDate, notify, readServerError, Select, TextArea, TextInput, useDirty, type ApiData } from '@fmea/sdk';
import { ActionList, type ActionDraft } from './ActionList.tsx';
import { actionsDraft, actionsToSave, isNotDraft, isNotToSave, membersDraft, membersToSave, newKey, rootCauseDraft, causesToSave, chainsToSave } from './drafts.ts';
import { IsNotEditor, type IsNotDraft } from './IsNotEditor.tsx';
import { blockerOf } from './step-order.ts';
import { TeamEditor, type MemberDraft } from './TeamEditor.tsx';
import { RootCauseEditor, type RootCauseDraft } from '../rca/RootCauseEditor.tsx';
import { personOption, type Person } from '../people.ts';
import { useStepStateLabel, useStepTitle, type ActionKind, type StepCode, type StepState } from '../labels.ts';

type Problem = ApiData<'/api/problem/get'>;

/** The actions each step owns (emergency in D0, containment in D3, …). */
const STEP_ACTIONS: Partial<Record<StepCode, ActionKind>> = { D0: 'emergency', D3: 'containment', D5: 'corrective', D6: 'verification', D7A: 'preventive', D7B: 'readAcross' };

interface Draft {
  ownerId: string;
  dueAt: string;
  content: string;
  members: MemberDraft[];
  isNot: IsNotDraft;
  rca: RootCauseDraft;
  actions: ActionDraft[];
}

function draftOf(problem: Problem, step: StepCode): Draft {
  const s = problem.steps.find((x) => x.step === step)!;
  const kind = STEP_ACTIONS[step];
  return {
    ownerId: s.ownerId ?? '',
    dueAt: s.dueAt ? s.dueAt.slice(0, 10) : '',
    content: s.content ?? '',
    members: membersDraft(problem.members),
    isNot: isNotDraft(problem.isNot),
    rca: rootCauseDraft(problem.causes, problem.whys),
    actions: kind ? actionsDraft(problem.actions, kind) : [],
  };
}

export interface StepPanelProps {
  problem: Problem;
  step: StepCode;
  /** The problem may be changed (open, and the user holds edit). */
  editable: boolean;
  people: readonly Person[];
  onChanged: (problem: Problem) => void;
  /** Panels other parts of the product add to a step (D4, D7A: the FMEA change proposals). */
  extra?: ReactNode;
  /** D8's own content (closed loop, closing, recognition, lessons learned). */
  closing?: ReactNode;
}

/**
 * One step of the 8D: its owner, due date and account (what was done, found, decided), the step's own
 * editor (team, is / is-not, root cause, actions), one Save for all of it, and the moves: start, finish,
 * reopen. A step that waits for an earlier one says which, and its moves stay off until then ("unfinished
 * earlier steps block an operation"); the server applies the same rule and its refusal is shown as it says it.
 */
export function StepPanel({ problem, step, editable, people, onChanged, extra, closing }: StepPanelProps) {
  const { t } = useLingui();
  const title = useStepTitle();
  const stateLabel = useStepStateLabel();
  const s = problem.steps.find((x) => x.step === step)!;
  const states = Object.fromEntries(problem.steps.map((x) => [x.step, x.state])) as Record<StepCode, StepState>;
  const blocker = s.state === 'done' ? null : blockerOf(states, step);
  const [draft, setDraft] = useState<Draft>(() => draftOf(problem, step));
  const [saved, setSaved] = useState(draft);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reset = (p: Problem) => {
    const next = draftOf(p, step);
    setDraft(next);
    setSaved(next);
  };
  // a new problem or step starts from what is stored; the panel's own saves reset it themselves (below), so a
  // change elsewhere on the page (the closing panel) does not throw away what is being typed here
  useEffect(() => {
    reset(problem);
    setError(null);
  }, [problem.id, step]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  useDirty(dirty);
  const readOnly = !editable || s.state !== 'inProgress';
  const kind = STEP_ACTIONS[step];
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  /** A write (or several in a row); a failure part-way still keeps what was written (its new version) and what is typed. */
  const run = async (work: (written: (p: Problem) => void) => Promise<Problem>, done: string) => {
    setBusy(true);
    let last: Problem | null = null;
    try {
      const next = await work((p) => (last = p));
      setError(null);
      notify('success', done);
      reset(next);
      onChanged(next);
    } catch (e) {
      setError(readServerError(e).message);
      if (last) onChanged(last);
    } finally {
      setBusy(false);
    }
  };
  const code = step;
  // one Save for the panel: the step's fields, then its list; each write answers the problem with its next version
  const save = () =>
    run(async (written) => {
      let next = problem;
      const post = async (call: (version: number) => Promise<Problem>) => {
        next = await call(next.version);
        written(next);
      };
      if (draft.ownerId !== saved.ownerId || draft.dueAt !== saved.dueAt || draft.content !== saved.content)
        await post((version) => api.post('/api/problem/step/save', { id: problem.id, version, step, ownerId: draft.ownerId || null, dueAt: draft.dueAt || null, content: draft.content.trim() || null }));
      if (step === 'D1') await post((version) => api.post('/api/problem/team', { id: problem.id, version, members: membersToSave(draft.members) }));
      if (step === 'D2') await post((version) => api.post('/api/problem/isNot', { id: problem.id, version, rows: isNotToSave(draft.isNot) }));
      if (step === 'D4') {
        await post((version) => api.post('/api/problem/causes', { id: problem.id, version, causes: causesToSave(draft.rca, problem.causes) }));
        await post((version) => api.post('/api/problem/whys', { id: problem.id, version, chains: chainsToSave(draft.rca, next.causes) }));
      }
      if (kind) await post((version) => api.post('/api/problem/actions', { id: problem.id, version, kind, actions: actionsToSave(draft.actions) }));
      return next;
    }, t`${code} saved`);
  const move = (event: 'start' | 'finish' | 'reopen') =>
    run(
      () => api.post('/api/problem/step/move', { id: problem.id, version: problem.version, step, event }),
      event === 'start' ? t`${code} started` : event === 'finish' ? t`${code} done` : t`${code} reopened`,
    );

  return (
    <section className="step-panel" data-testid="step-panel" data-step={step} aria-labelledby="step-panel-title">
      <div className="step-panel-head">
        <h2 id="step-panel-title">
          {step} {title(step)} <span className={`problem-state step-state-tag`}>{stateLabel(s.state)}</span>
        </h2>
        {editable ? (
          <div className="step-panel-tools">
            {s.state === 'inProgress' ? (
              <Button kind="primary" data-testid="step-save" disabled={busy || !dirty} onClick={() => void save()}>
                <Trans>Save</Trans>
              </Button>
            ) : null}
            {s.state === 'notStarted' ? (
              <Button kind="primary" data-testid="step-start" disabled={busy || Boolean(blocker)} onClick={() => void move('start')}>
                <Trans>Start {code}</Trans>
              </Button>
            ) : null}
            {s.state === 'inProgress' && step !== 'D8' ? (
              <Button data-testid="step-finish" disabled={busy || Boolean(blocker) || dirty} title={dirty ? t`Save the step first` : undefined} onClick={() => void move('finish')}>
                <Trans>Finish {code}</Trans>
              </Button>
            ) : null}
            {s.state === 'done' ? (
              <Button data-testid="step-reopen" disabled={busy} onClick={() => void move('reopen')}>
                <Trans>Reopen {code}</Trans>
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {blocker ? (
        <div className="problem-banner problem-banner-warning" role="note" data-testid="step-blocked">
          <Trans>
            {code} cannot start or finish yet: {blocker} is not done. Unfinished earlier steps block an operation.
          </Trans>
        </div>
      ) : null}
      {editable && s.state === 'notStarted' && !blocker ? (
        <p className="muted">
          <Trans>Start the step to work on it.</Trans>
        </p>
      ) : null}
      <FormError message={error} />
      {readOnly ? (
        <dl className="step-panel-facts" data-testid="step-facts">
          <div>
            <dt>
              <Trans>Owner</Trans>
            </dt>
            <dd data-user-content>{s.ownerName ?? '—'}</dd>
          </div>
          <div>
            <dt>
              <Trans>Due</Trans>
            </dt>
            <dd>{formatDate(s.dueAt) || '—'}</dd>
          </div>
          {s.finishedAt ? (
            <div>
              <dt>
                <Trans>Done on</Trans>
              </dt>
              <dd>
                {formatDate(s.finishedAt)} <span data-user-content>{s.finishedByName ?? ''}</span>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <div className="step-panel-owner">
          <Field label={<Trans>Owner</Trans>}>
            {(id) => <Select id={id} data-testid="step-owner" value={draft.ownerId} onChange={(e) => set('ownerId', e.target.value)} options={[{ value: '', label: t`Choose…` }, ...people.map(personOption)]} />}
          </Field>
          <Field label={<Trans>Due</Trans>}>
            {(id) => <TextInput id={id} type="date" value={draft.dueAt} onChange={(e) => set('dueAt', e.target.value)} />}
          </Field>
        </div>
      )}
      {step === 'D1' ? <TeamEditor members={draft.members} people={people} readOnly={readOnly} newKey={newKey} onChange={(m) => set('members', m)} /> : null}
      {step === 'D2' ? <IsNotEditor rows={draft.isNot} readOnly={readOnly} onChange={(r) => set('isNot', r)} /> : null}
      {step === 'D4' ? <RootCauseEditor effect={problem.brief} draft={draft.rca} readOnly={readOnly} newId={newKey} onChange={(r) => set('rca', r)} below={extra} /> : null}
      {kind ? (
        <>
          <h3>{step === 'D6' ? <Trans>Verification</Trans> : <Trans>Actions</Trans>}</h3>
          <ActionList
            actions={draft.actions}
            readOnly={readOnly}
            people={people}
            newKey={newKey}
            testId={`actions-${step}`}
            resultLabel={step === 'D3' ? t`Effectiveness` : step === 'D6' ? t`Result` : t`Evidence`}
            causes={step === 'D5' || step === 'D7A' ? problem.causes.filter((c) => c.rootCause).map((c) => ({ id: c.id, text: c.description })) : undefined}
            onChange={(a) => set('actions', a)}
          />
        </>
      ) : null}
      {step === 'D7A' ? extra : null}
      {step === 'D8' ? closing : null}
      <Field label={step === 'D8' ? <Trans>Recognition of the team</Trans> : step === 'D2' ? <Trans>Problem statement</Trans> : <Trans>Account of the step</Trans>}>
        {(id) =>
          readOnly ? (
            <p id={id} className="step-content-text" data-testid="step-content" data-user-content>
              {draft.content || '—'}
            </p>
          ) : (
            <TextArea id={id} data-testid="step-content" rows={3} maxLength={4000} value={draft.content} onChange={(e) => set('content', e.target.value)} />
          )
        }
      </Field>
    </section>
  );
}
