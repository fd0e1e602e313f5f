import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { actionMachine, CONTROL_KINDS, isMsrControlKind, MSR_CONTROL_KINDS, type ActionEvent, type AnyControlKind } from '@fmea/core/domain';
import { api, Autocomplete, Button, confirm, DataGrid, RowMarker, Field, FormDialog, notify, notifyError, NO_ERRORS, Select, TextArea, TextInput, useForm, useGridLabels, type DataGridColumn, type FormErrors } from '@fmea/sdk';
import type { StepProps } from '../types.ts';
import { suggestionsFor } from '../analysis/suggestions.ts';
import { failureOption, failurePlace } from '../analysis/model.ts';
import { LoopMarker } from '../loop/ProjectProposals.tsx';
import { SpcBadge, useSpcCapability } from '../loop/SpcBadge.tsx';
import { RerateMarker } from '../dvp/ProjectDvp.tsx';
import {
  apColor,
  isConflict,
  parseRating,
  rate,
  useApLookup,
  type ActionRow,
  type ActionStatus,
  type Analysis,
  type AnalysisFailure,
  type UserOption,
} from '../risk/risk-api.ts';

/** The events allowed from a status, in the engine's order: its action state machine (core/src/domain/fmea/actions.ts). */
const eventsFrom = (status: ActionStatus): ActionEvent[] => actionMachine.events(status);

interface Draft {
  causeId: string;
  kind: AnyControlKind;
  description: string;
  responsibleUserId: string;
  targetDate: string;
  actionTaken: string;
  evidence: string;
  completionDate: string;
  raseverity: string;
  raoccurrence: string;
  radet: string;
}

const today = () => new Date().toISOString().slice(0, 10);
const text = (value: string | null | undefined) => value ?? '';
const nullable = (value: string) => (value.trim() === '' ? null : value.trim());

/** The current MSR ratings of a cause (GET /api/fmea/msr), which an MSR action's re-rating falls back to. */
type MsrCurrent = { severity: number | null; frequency: number | null; monitoring: number | null };

/**
 * Step 6: optimisation actions per failure cause, their status and the
 * re-rating. With `msr` the FMEA-MSR optimisation: monitoring and response
 * actions, re-rated S after the system response, F and M (in the S, O and D
 * places), their AP from the MSR rules with the original S.
 */
export default function OptimizationStep({ projectId, readOnly, apTable, remoteRevision, focusItemId, msr = false }: StepProps & { msr?: boolean }) {
  const { t } = useLingui();
  const labels = useGridLabels();
  const lookup = useApLookup(msr ? 'msr' : apTable);
  const spc = useSpcCapability(projectId);
  const kinds: readonly AnyControlKind[] = msr ? MSR_CONTROL_KINDS : CONTROL_KINDS;
  const [msrCurrent, setMsrCurrent] = useState<Map<string, MsrCurrent>>(new Map());
  const [actions, setActions] = useState<ActionRow[] | null>(null);
  const [causes, setCauses] = useState<AnalysisFailure[]>([]);
  /** The structure the causes sit in: where each one is, told beside its text. */
  const [places, setPlaces] = useState<Pick<Analysis, 'nodes' | 'functions'>>({ nodes: [], functions: [] });
  const [severityOf, setSeverityOf] = useState<Map<string, number>>(new Map());
  const [users, setUsers] = useState<UserOption[]>([]);
  /** Who may be made responsible: the people who can read the project (the server refuses anyone else). */
  const [readers, setReaders] = useState<UserOption[]>([]);
  const [editing, setEditing] = useState<{ action: ActionRow | null; draft: Draft } | null>(null);
  const [moving, setMoving] = useState<{ action: ActionRow; draft: StatusDraft } | null>(null);

  const load = useCallback(async () => {
    try {
      const [list, analysis, form] = await Promise.all([
        api.get('/api/fmea/actions', { projectId }),
        api.get('/api/fmea/analysis', { projectId }),
        msr ? api.get('/api/fmea/msr', { projectId }) : Promise.resolve(null),
      ]);
      // the DFMEA's actions here, the MSR's in the MSR optimisation: they share the list
      setActions(list.filter((a) => isMsrControlKind(a.kind) === msr));
      if (form) setMsrCurrent(new Map(form.rows.map((r) => [r.causeId, { severity: r.severity, frequency: r.frequency, monitoring: r.monitoring }])));
      setCauses(analysis.failures.filter((f) => f.kind === 'FC'));
      setPlaces({ nodes: analysis.nodes, functions: analysis.functions });
      setSeverityOf(causeSeverities(analysis));
    } catch (e) {
      notifyError(e);
      setActions([]);
    }
  }, [projectId, msr]);

  useEffect(() => {
    void load();
  }, [load, remoteRevision]);
  useEffect(() => {
    api
      .get('/api/user/list', { limit: 500 })
      .then(setUsers)
      .catch(() => setUsers([]));
    api
      .get('/api/user/list', { limit: 500, projectId })
      .then(setReaders)
      .catch(() => setReaders([]));
  }, [projectId]);

  const causeById = useMemo(() => new Map(causes.map((c) => [c.id, c])), [causes]);
  const userName = (id: string | null) => (id ? (users.find((u) => u.id === id)?.realName ?? id) : '');

  const statusLabel: Record<ActionStatus, string> = {
    open: t({ message: 'Open', context: 'action status' }),
    decisionPending: t`Decision pending`,
    implementationPending: t`Implementation pending`,
    completed: t`Completed`,
    notImplemented: t`Not implemented`,
  };
  const eventLabel: Record<ActionEvent, string> = {
    propose: t`Submit for decision`,
    decide: t`Decide (implementation pending)`,
    complete: t`Complete`,
    reject: t`Not implemented`,
    withdraw: t`Withdraw (back to open)`,
    reconsider: t`Reconsider (decision pending)`,
    reopen: t`Reopen`,
  };
  const kindLabel: Record<AnyControlKind, string> = { prevention: t`Prevention`, detection: t`Detection`, monitoring: t`Diagnostic monitoring`, response: t`System response` };
  // the re-rating's names: S, O, D; in the MSR optimisation S after the system response, F and M
  const rerated = msr
    ? { raseverity: t`S after system response (re-rated)`, raoccurrence: t`F (re-rated)`, radet: t`M (re-rated)`, raAp: t`MSR AP (re-rated)` }
    : { raseverity: t`S (re-rated)`, raoccurrence: t`O (re-rated)`, radet: t`D (re-rated)`, raAp: t`AP (re-rated)` };

  /** AP of the re-rating: the re-rated values over the current ones (S: the highest of the effects the cause leads to). */
  const reRisk = (a: Pick<ActionRow, 'causeId' | 'raseverity' | 'raoccurrence' | 'radet'>) => {
    const cause = causeById.get(a.causeId);
    if (a.raseverity === null && a.raoccurrence === null && a.radet === null) return { ap: null, rpn: null };
    if (msr) {
      // the MSR AP reads the original effect's S with F and M: the severity after the system response is told, not rated
      const now = msrCurrent.get(a.causeId);
      return { ap: rate(lookup, now?.severity ?? null, a.raoccurrence ?? now?.frequency ?? null, a.radet ?? now?.monitoring ?? null).ap, rpn: null };
    }
    return rate(lookup, a.raseverity ?? severityOf.get(a.causeId) ?? null, a.raoccurrence ?? cause?.occurrence ?? null, a.radet ?? cause?.det ?? null);
  };

  /** A dialog saved: say so, close it and read the list again. */
  const done = (message: string) => {
    notify('success', message);
    setEditing(null);
    setMoving(null);
    void load();
  };

  /** Someone else changed the action meanwhile: say so, close the dialog and read the list again. */
  const conflicted = (e: unknown) => {
    if (!isConflict(e)) return undefined;
    notify('error', e.message || t`Someone else changed this action. The list was reloaded.`, 5000);
    setEditing(null);
    setMoving(null);
    void load();
    return NO_ERRORS;
  };

  const openNew = (causeId?: string) => {
    setEditing({
      action: null,
      draft: { causeId: causeId ?? causes[0]?.id ?? '', kind: kinds[0]!, description: '', responsibleUserId: '', targetDate: '', actionTaken: '', evidence: '', completionDate: '', raseverity: '', raoccurrence: '', radet: '' },
    });
  };
  const openEdit = (a: ActionRow) => {
    setEditing({
      action: a,
      draft: {
        causeId: a.causeId,
        kind: a.kind,
        description: a.description,
        responsibleUserId: text(a.responsibleUserId),
        targetDate: text(a.targetDate),
        actionTaken: text(a.actionTaken),
        evidence: text(a.evidence),
        completionDate: text(a.completionDate),
        raseverity: a.raseverity === null ? '' : String(a.raseverity),
        raoccurrence: a.raoccurrence === null ? '' : String(a.raoccurrence),
        radet: a.radet === null ? '' : String(a.radet),
      },
    });
  };

  const save = async (d: Draft) => {
    const common = {
      kind: d.kind,
      description: d.description.trim(),
      responsibleUserId: nullable(d.responsibleUserId),
      targetDate: nullable(d.targetDate),
      raseverity: parseRating(d.raseverity) ?? null,
      raoccurrence: parseRating(d.raoccurrence) ?? null,
      radet: parseRating(d.radet) ?? null,
    };
    const action = editing?.action;
    if (action) {
      await api.post('/api/fmea/updateAction', {
        id: action.id,
        version: action.version,
        ...common,
        actionTaken: nullable(d.actionTaken),
        evidence: nullable(d.evidence),
        completionDate: nullable(d.completionDate),
      });
    } else {
      await api.post('/api/fmea/addAction', { causeId: d.causeId, ...common });
    }
  };

  const move = async (d: StatusDraft) => {
    if (!moving) return;
    const completing = d.event === 'complete';
    await api.post('/api/fmea/changeActionStatus', {
      id: moving.action.id,
      version: moving.action.version,
      event: d.event,
      ...(completing && { actionTaken: d.actionTaken.trim(), evidence: nullable(d.evidence), completionDate: d.completionDate.trim() }),
    });
  };

  const remove = async (a: ActionRow) => {
    const description = a.description;
    if (!(await confirm({ title: t`Delete action`, message: t`Delete the action "${description}"?`, danger: true }))) return;
    try {
      await api.post('/api/fmea/deleteAction', { id: a.id, version: a.version });
      notify('success', t`Action deleted.`);
    } catch (e) {
      if (isConflict(e)) notify('error', e.message, 5000);
      else notifyError(e);
    }
    await load();
  };

  const columns: DataGridColumn<ActionRow>[] = [
    { id: 'discussion', header: t`Discussion`, width: 100, cell: (a) => <RowMarker kind="action" id={a.id} label={a.description} /> },
    {
      id: 'cause',
      header: t`Failure cause (FC)`,
      width: 180,
      accessor: (a) => causeById.get(a.causeId)?.description ?? '',
      // a failed DVP test asks for the chain to be re-rated (docs/domain/dvp.md); the measured capability of the characteristic the cause is on, when an SPC study measures it
      cell: (a) => (
        <>
          <RerateMarker causeId={a.causeId} />
          {causeById.get(a.causeId)?.description ?? ''}
          <SpcBadge entries={spc.get(a.causeId)} occurrence={causeById.get(a.causeId)?.occurrence} />
        </>
      ),
    },
    // where the cause sits: two causes of the same wording on two elements are told apart
    {
      id: 'causePlace',
      header: t`Element and function`,
      width: 200,
      accessor: (a) => {
        const cause = causeById.get(a.causeId);
        return cause ? failurePlace(places, cause.functionId) : '';
      },
    },
    { id: 'kind', header: t`Type`, width: 100, accessor: (a) => kindLabel[a.kind] },
    // an action an accepted change proposal became: the problem or EWO it came from (docs/domain/closed-loop.md)
    {
      id: 'description',
      header: t`Action`,
      width: 220,
      accessor: 'description',
      cell: (a) => (
        <>
          <LoopMarker actionId={a.id} />
          <span data-user-content>{a.description}</span>
        </>
      ),
    },
    { id: 'responsible', header: t`Responsible`, width: 120, accessor: (a) => userName(a.responsibleUserId) },
    { id: 'targetDate', header: t`Target date`, width: 100, accessor: (a) => text(a.targetDate) },
    { id: 'status', header: t`Status`, width: 150, accessor: (a) => statusLabel[a.status] },
    { id: 'actionTaken', header: t`Action taken`, width: 180, accessor: (a) => text(a.actionTaken) },
    { id: 'evidence', header: t`Evidence`, width: 140, accessor: (a) => text(a.evidence), hidden: true },
    { id: 'completionDate', header: t`Completion date`, width: 110, accessor: (a) => text(a.completionDate) },
    { id: 'raseverity', header: rerated.raseverity, width: 70, accessor: (a) => a.raseverity ?? '' },
    { id: 'raoccurrence', header: rerated.raoccurrence, width: 70, accessor: (a) => a.raoccurrence ?? '' },
    { id: 'radet', header: rerated.radet, width: 70, accessor: (a) => a.radet ?? '' },
    { id: 'raAp', header: rerated.raAp, width: 80, accessor: (a) => reRisk(a).ap ?? '', cell: (a) => <Ap level={reRisk(a).ap} /> },
    ...(msr ? [] : [{ id: 'rarpn', header: t`RPN (re-rated)`, width: 80, accessor: (a: ActionRow) => reRisk(a).rpn ?? '', hidden: true }]),
    ...(readOnly
      ? []
      : [
          {
            id: 'operations',
            header: t`Operations`,
            width: 220,
            hideable: false,
            cell: (a: ActionRow) => (
              <span style={{ display: 'flex', gap: 4 }}>
                <Button kind="link" onClick={() => openEdit(a)}>{t`Edit`}</Button>
                <Button
                  kind="link"
                  onClick={() => setMoving({ action: a, draft: { event: eventsFrom(a.status)[0] ?? 'reopen', actionTaken: text(a.actionTaken), evidence: text(a.evidence), completionDate: text(a.completionDate) || today() } })}
                >{t`Change status`}</Button>
                <Button kind="link" onClick={() => void remove(a)}>{t`Delete`}</Button>
              </span>
            ),
          } satisfies DataGridColumn<ActionRow>,
        ]),
  ];

  const userOptions = [{ value: '', label: t`(nobody)` }, ...readers.map((u) => ({ value: u.id, label: u.realName ? `${u.realName} (${u.userName})` : u.userName }))];

  // a check finding on a failure cause (an AP H row without action) opens here: the grid lists actions, so the cause gets its own row above it
  const focusCause = focusItemId ? causeById.get(focusItemId) : undefined;
  const focusActions = focusCause ? (actions ?? []).filter((a) => a.causeId === focusCause.id).length : 0;
  // a finding on an action (no target date, overdue, completed without re-rating): its row, on whichever page it is
  const reveal = useMemo(() => (focusItemId ? { match: (a: ActionRow) => a.id === focusItemId } : null), [focusItemId]);

  return (
    <>
      {focusCause ? (
        <div className="alert alert-info dfmea-focus-cause" data-item-id={focusCause.id} data-testid="optimization-focus-cause">
          <span data-user-content>{focusCause.description}</span>
          {' · '}
          {focusActions === 0 ? t`No action planned for this failure cause yet.` : t`${focusActions} actions planned for this failure cause.`}{' '}
          {readOnly ? null : (
            <Button kind="link" data-testid="optimization-plan-for-cause" onClick={() => openNew(focusCause.id)}>
              {t`Plan an action for this cause`}
            </Button>
          )}
        </div>
      ) : null}
      <DataGrid<ActionRow>
        aria-label={t`Optimisation actions`}
        columns={columns}
        rowKey={(a) => a.id}
        rows={actions ?? []}
        reveal={reveal}
        pageLocalRows
        pageSize={50}
        pageSizeOptions={[20, 50, 100, 500]}
        emptyText={actions === null ? labels.loading : t`No actions planned yet.`}
        labels={labels}
        toolbar={
          readOnly ? undefined : (
            <Button kind="primary" disabled={causes.length === 0} onClick={() => openNew()}>
              {t`Add action`}
            </Button>
          )
        }
      />

      {editing ? (
        <ActionDialog
          action={editing.action}
          kinds={kinds}
          rerated={rerated}
          suggest={!msr}
          initial={editing.draft}
          causes={causes.map((c) => failureOption(places, c))}
          userOptions={userOptions}
          kindLabel={kindLabel}
          reRisk={reRisk}
          save={save}
          onFailed={conflicted}
          onClose={() => setEditing(null)}
          onSaved={() => done(t`Action saved.`)}
        />
      ) : null}

      {moving ? (
        <StatusDialog
          action={moving.action}
          initial={moving.draft}
          statusLabel={statusLabel}
          eventLabel={eventLabel}
          save={move}
          onFailed={conflicted}
          onClose={() => setMoving(null)}
          onSaved={() => done(t`Status changed.`)}
        />
      ) : null}
    </>
  );
}

interface StatusDraft {
  event: ActionEvent;
  actionTaken: string;
  evidence: string;
  completionDate: string;
}

interface DialogProps<D> {
  initial: D;
  save: (draft: D) => Promise<void>;
  /** A conflict is said and the dialog closed; other problems show in the form. */
  onFailed: (error: unknown) => FormErrors | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** Plan an action for a failure cause, or edit one: what, who, until when, what was done, and the re-rating with its AP. */
function ActionDialog({
  action,
  causes,
  userOptions,
  kindLabel,
  kinds,
  rerated,
  suggest,
  reRisk,
  initial,
  save,
  onFailed,
  onClose,
  onSaved,
}: DialogProps<Draft> & {
  action: ActionRow | null;
  /** The causes as the picker offers them: each with its element and function. */
  causes: { value: string; label: string }[];
  userOptions: { value: string; label: string }[];
  kindLabel: Record<AnyControlKind, string>;
  /** The kinds an action may be (prevention and detection; monitoring and response in the MSR optimisation). */
  kinds: readonly AnyControlKind[];
  /** The re-rating's labels. */
  rerated: { raseverity: string; raoccurrence: string; radet: string; raAp: string };
  /** Whether the action's text offers suggestions (prevention and detection wording). */
  suggest: boolean;
  reRisk: (a: Pick<ActionRow, 'causeId' | 'raseverity' | 'raoccurrence' | 'radet'>) => ReturnType<typeof rate>;
}) {
  const { t } = useLingui();
  const ratingError = (value: string) => (parseRating(value) === undefined ? t`A rating is a whole number from 1 to 10.` : null);
  const form = useForm({
    initial,
    save,
    onSaved,
    onFailed,
    validate: (d) => ({
      fields: {
        causeId: !d.causeId && t`Choose a failure cause.`,
        description: d.description.trim() === '' && t`Describe the action.`,
        raseverity: ratingError(d.raseverity),
        raoccurrence: ratingError(d.raoccurrence),
        radet: ratingError(d.radet),
      },
    }),
    serverFields: { raSeverity: 'raseverity', raOccurrence: 'raoccurrence', raDetection: 'radet' },
  });
  const { draft, set, error } = form;
  const preview = reRisk({ causeId: draft.causeId, raseverity: parseRating(draft.raseverity) ?? null, raoccurrence: parseRating(draft.raoccurrence) ?? null, radet: parseRating(draft.radet) ?? null });
  const rating = (key: 'raseverity' | 'raoccurrence' | 'radet', label: string) => (
    <Field label={label} error={error(key) ?? ratingError(draft[key])}>
      {(id) => <TextInput id={id} inputMode="numeric" size={3} value={draft[key]} onChange={(e) => set(key, e.target.value)} />}
    </Field>
  );
  return (
    <FormDialog form={form} title={action ? t`Edit action` : t`Add action`} width={600} onClose={onClose}>
      <div style={{ display: 'grid', gap: 8 }}>
        <Field label={t`Failure cause (FC)`} required error={error('causeId')}>
          {(id) => <Select id={id} value={draft.causeId} disabled={action !== null} onChange={(e) => set('causeId', e.target.value)} options={causes} />}
        </Field>
        <Field label={t`Type`} required error={error('kind')}>
          {(id) => (
            <Select id={id} value={draft.kind} onChange={(e) => set('kind', e.target.value as AnyControlKind)} options={kinds.map((k) => ({ value: k, label: kindLabel[k] }))} />
          )}
        </Field>
        <Field label={t`Action`} required error={error('description')}>
          {(id) =>
            suggest && !isMsrControlKind(draft.kind) ? (
              <Autocomplete id={id} maxLength={200} value={draft.description} onChange={(e) => set('description', e.target.value)} fetchSuggestions={suggestionsFor(draft.kind)} />
            ) : (
              <TextInput id={id} maxLength={200} value={draft.description} onChange={(e) => set('description', e.target.value)} />
            )
          }
        </Field>
        <Field label={t`Responsible`} error={error('responsibleUserId')}>
          {(id) => <Select id={id} value={draft.responsibleUserId} onChange={(e) => set('responsibleUserId', e.target.value)} options={userOptions} />}
        </Field>
        <Field label={t`Target date`} error={error('targetDate')}>
          {(id) => <TextInput id={id} type="date" value={draft.targetDate} onChange={(e) => set('targetDate', e.target.value)} />}
        </Field>
        {action && (
          <>
            <Field label={t`Action taken`} error={error('actionTaken')}>
              {(id) => <TextArea id={id} maxLength={200} value={draft.actionTaken} onChange={(e) => set('actionTaken', e.target.value)} />}
            </Field>
            <Field label={t`Evidence`} error={error('evidence')}>
              {(id) => <TextInput id={id} maxLength={200} value={draft.evidence} onChange={(e) => set('evidence', e.target.value)} />}
            </Field>
            <Field label={t`Completion date`} error={error('completionDate')}>
              {(id) => <TextInput id={id} type="date" value={draft.completionDate} onChange={(e) => set('completionDate', e.target.value)} />}
            </Field>
          </>
        )}
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
          {rating('raseverity', rerated.raseverity)}
          {rating('raoccurrence', rerated.raoccurrence)}
          {rating('radet', rerated.radet)}
          <span aria-live="polite">
            {rerated.raAp}: <Ap level={preview.ap} /> {preview.rpn !== null ? `RPN ${preview.rpn}` : ''}
          </span>
        </div>
      </div>
    </FormDialog>
  );
}

/** Moves an action along its state machine; completing it needs the action taken and a completion date (the server says so under those fields). */
function StatusDialog({
  action,
  statusLabel,
  eventLabel,
  initial,
  save,
  onFailed,
  onClose,
  onSaved,
}: DialogProps<StatusDraft> & { action: ActionRow; statusLabel: Record<ActionStatus, string>; eventLabel: Record<ActionEvent, string> }) {
  const { t } = useLingui();
  const form = useForm({ initial, save, onSaved, onFailed });
  const { draft, set, error } = form;
  return (
    <FormDialog form={form} title={t`Change status`} submitLabel={t`Apply`} onClose={onClose}>
      <div style={{ display: 'grid', gap: 8 }}>
        <p>
          {t`Current status`}: {statusLabel[action.status]}
        </p>
        <Field label={t`Change`} error={error('event')}>
          {(id) => (
            <Select id={id} value={draft.event} onChange={(e) => set('event', e.target.value as ActionEvent)} options={eventsFrom(action.status).map((ev) => ({ value: ev, label: eventLabel[ev] }))} />
          )}
        </Field>
        {draft.event === 'complete' && (
          <>
            <Field label={t`Action taken`} required error={error('actionTaken')}>
              {(id) => <TextArea id={id} maxLength={200} value={draft.actionTaken} onChange={(e) => set('actionTaken', e.target.value)} />}
            </Field>
            <Field label={t`Evidence`} error={error('evidence')}>
              {(id) => <TextInput id={id} maxLength={200} value={draft.evidence} onChange={(e) => set('evidence', e.target.value)} />}
            </Field>
            <Field label={t`Completion date`} required error={error('completionDate')}>
              {(id) => <TextInput id={id} type="date" value={draft.completionDate} onChange={(e) => set('completionDate', e.target.value)} />}
            </Field>
          </>
        )}
      </div>
    </FormDialog>
  );
}

/** The highest severity of the failure effects each cause leads to through the failure net (FE → FM → FC). */
function causeSeverities(analysis: Analysis): Map<string, number> {
  const byId = new Map(analysis.failures.map((f) => [f.id, f]));
  const higher = new Map<string, string[]>();
  for (const link of analysis.failureLinks ?? []) higher.set(link.lowerFailureId, [...(higher.get(link.lowerFailureId) ?? []), link.higherFailureId]);
  const out = new Map<string, number>();
  for (const f of analysis.failures) {
    if (f.kind !== 'FC') continue;
    let best = 0;
    for (const modeId of higher.get(f.id) ?? []) for (const effectId of higher.get(modeId) ?? []) best = Math.max(best, byId.get(effectId)?.severity ?? 0);
    if (best > 0) out.set(f.id, best);
  }
  return out;
}

function Ap({ level }: { level: 'H' | 'M' | 'L' | null }) {
  if (!level) return null;
  return <span style={{ display: 'inline-block', minWidth: 22, textAlign: 'center', borderRadius: 3, padding: '0 4px', color: '#fff', fontWeight: 600, background: apColor[level] }}>{level}</span>;
}
