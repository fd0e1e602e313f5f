import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { projectLink } from '@fmea/core/domain';
import { api, Button, confirm, DataGrid, EmptyState, notifyError, useGridLabels, useGuardedNavigate, useUser, type DataGridColumn } from '@fmea/sdk';
import type { StepProps } from '@fmea/fmea-ui';
import { ActionDialog, ChangeDialog, ConcernDialog, MeetingDialog, PartDialog } from './dialogs.tsx';
import { SendConcernDialog } from './SendConcernDialog.tsx';
import { useDrbfmLabels, type Action, type Concern, type Drbfm, type Part } from './model.ts';

type Dialog = { kind: 'change' | 'part' | 'concern' | 'meeting' } | { kind: 'action'; concernId?: string } | { kind: 'send'; concern: Concern };
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The DRBFM worksheet (issue 25): the change under review, the changed parts with their functions, the concerns
 * raised on them (the DRBFM sheet's columns, edited in the DataGrid, each committed cell saved at the row's version),
 * the design and evaluation actions with responsible and due date, and the review meetings. A concern goes to a
 * DFMEA as a change proposal; the DFMEA rows it went to show beside it, each opening the DFMEA.
 */
export default function WorksheetStep({ projectId, readOnly, remoteRevision }: StepProps) {
  const { t } = useLingui();
  const grid = useGridLabels();
  const labels = useDrbfmLabels();
  const navigate = useGuardedNavigate();
  const me = useUser()?.userId ?? null;
  const [view, setView] = useState<Drbfm | null>(null);
  const [failed, setFailed] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  useEffect(() => {
    api
      .get('/api/drbfm/worksheet', { projectId })
      .then(setView)
      .catch((error) => {
        setFailed(true);
        notifyError(error);
      });
  }, [projectId, remoteRevision]);

  const saved = useCallback((next: Drbfm) => {
    setDialog(null);
    setView(next);
  }, []);
  const run = (call: () => Promise<Drbfm>) =>
    call()
      .then(setView)
      .catch(async (error) => {
        notifyError(error);
        setView(await api.get('/api/drbfm/worksheet', { projectId }));
      });
  const remove = async (kind: 'part' | 'concern' | 'action' | 'meeting', row: { id: string; version: number }, what: string) => {
    if (!(await confirm({ title: t`Remove`, message: t`Remove “${what}”?`, danger: true }))) return;
    await run(() => api.post('/api/drbfm/removeRow', { projectId, kind, id: row.id, version: row.version }));
  };

  if (failed) return <EmptyState title={<Trans>The DRBFM worksheet could not be opened</Trans>} />;
  if (!view) return <div className="page-loading" aria-busy="true" />;
  const c = view.change;
  const partName = (id: string) => {
    const p = view.parts.find((x) => x.id === id);
    return p ? (p.code ? `${p.code} ${p.name}` : p.name) : '';
  };
  const removeCell = (kind: 'part' | 'concern' | 'action' | 'meeting', what: (r: { id: string; version: number } & Record<string, unknown>) => string) => ({
    id: 'remove',
    header: t`Actions`,
    width: 80,
    hideable: false,
    cell: (r: { id: string; version: number } & Record<string, unknown>) => (
      <Button kind="link" data-testid={`drbfm-remove-${kind}`} onClick={() => void remove(kind, r, what(r))}>
        <Trans>Remove</Trans>
      </Button>
    ),
  });
  const text = (max: number) => ({ type: 'text' as const, validate: (v: string) => (Array.from(v).length > max ? t`At most ${max} characters.` : null) });
  const required = (max: number) => ({ type: 'text' as const, validate: (v: string) => (!v.trim() ? t`Enter a text.` : Array.from(v).length > max ? t`At most ${max} characters.` : null) });

  const partColumns: DataGridColumn<Part>[] = [
    { id: 'name', header: t`Part`, accessor: (p) => (p.code ? `${p.code} ${p.name}` : p.name), width: 200, ...(readOnly ? {} : { editable: required(200) }) },
    { id: 'partKind', header: t`From`, accessor: (p) => labels.partKind[p.partKind], width: 110 },
    { id: 'functions', header: t`Functions`, accessor: (p) => p.functions ?? '', width: 240, editable: text(200) },
    { id: 'changeNote', header: t`What changes on it`, accessor: (p) => p.changeNote ?? '', width: 240, editable: text(200) },
    ...(readOnly ? [] : [removeCell('part', (r) => String(r.name)) as DataGridColumn<Part>]),
  ];
  const concernColumns: DataGridColumn<Concern>[] = [
    { id: 'part', header: t`Change point`, accessor: (r) => partName(r.partId), width: 130 },
    { id: 'partFunction', header: t`Function`, accessor: (r) => r.partFunction ?? '', width: 110, editable: text(200) },
    { id: 'concern', header: t`Concern`, accessor: 'concern', width: 190, editable: required(200) },
    { id: 'raisedBy', header: t`Raised by`, accessor: (r) => r.raisedByName ?? '', width: 80 },
    { id: 'influence', header: t`Influence on other parts`, accessor: (r) => r.influence ?? '', width: 140, editable: text(200) },
    { id: 'cause', header: t`Cause / failure mode`, accessor: (r) => r.cause ?? '', width: 140, editable: text(200) },
    {
      id: 'importance',
      header: t`Importance`,
      accessor: (r) => (r.importance ? labels.importance[r.importance] : ''),
      // wide enough for the English header on one line
      width: 110,
      editable: { type: 'select', options: [{ value: '', label: '—' }, ...Object.entries(labels.importance).map(([value, label]) => ({ value, label }))] },
    },
    {
      id: 'sentTo',
      header: t`Sent to DFMEA`,
      width: 210,
      cell: (r) => (
        <span className="drbfm-trace">
          {r.sentTo.map((s) => (
            <Button key={s.id} kind="link" className={`btn btn-link drbfm-trace-link drbfm-trace-${s.status}`} data-testid={`drbfm-trace-${r.id}`} title={`${s.serialNum} ${s.projectName}: ${s.targetText} — ${s.description}`} onClick={() => void navigate(`${projectLink(s.projectType, s.projectId)}&proposals=1`)}>
              {labels.proposalStatus[s.status] ?? s.status} · {s.serialNum} {s.targetText}
            </Button>
          ))}
        </span>
      ),
    },
    ...(readOnly
      ? []
      : [
          {
            id: 'act',
            header: t`Actions`,
            width: 190,
            hideable: false,
            cell: (r: Concern) => (
              <span className="drbfm-row-actions">
                <Button kind="link" data-testid={`drbfm-send-${r.id}`} onClick={() => setDialog({ kind: 'send', concern: r })}>
                  <Trans>Send to DFMEA</Trans>
                </Button>
                <Button kind="link" data-testid="drbfm-remove-concern" onClick={() => void remove('concern', r, r.concern)}>
                  <Trans>Remove</Trans>
                </Button>
              </span>
            ),
          } satisfies DataGridColumn<Concern>,
        ]),
  ];
  const concernOf = (id: string) => view.concerns.find((x) => x.id === id)?.concern ?? '';
  const actionColumns: DataGridColumn<Action>[] = [
    { id: 'concern', header: t`Concern`, accessor: (a) => concernOf(a.concernId), width: 200 },
    { id: 'kind', header: t`Kind`, accessor: (a) => labels.actionKind[a.kind], width: 120 },
    { id: 'description', header: t`Action`, accessor: 'description', width: 230, editable: required(200) },
    { id: 'responsible', header: t`Responsible`, accessor: (a) => a.responsibleName ?? '', width: 100 },
    { id: 'targetDate', header: t`Due`, accessor: (a) => a.targetDate ?? '', width: 110, editable: { type: 'text', validate: (v) => (v.trim() && !/^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? t`Enter a date as YYYY-MM-DD.` : null) } },
    { id: 'status', header: t`Status`, accessor: (a) => labels.actionStatus[a.status], width: 90, editable: { type: 'select', options: Object.entries(labels.actionStatus).map(([value, label]) => ({ value, label })) } },
    { id: 'result', header: t`Result`, accessor: (a) => a.result ?? '', width: 200, editable: text(200) },
    ...(readOnly ? [] : [removeCell('action', (r) => String(r.description)) as DataGridColumn<Action>]),
  ];

  const savePart = (row: Part, column: string, value: string) =>
    run(() => api.post('/api/drbfm/savePart', { projectId, id: row.id, version: row.version, ...(column === 'name' ? { name: value.trim() } : { [column]: orNull(value) }) }));
  const saveConcern = (row: Concern, column: string, value: string) =>
    run(() => api.post('/api/drbfm/saveConcern', { projectId, id: row.id, version: row.version, ...(column === 'concern' ? { concern: value.trim() } : column === 'importance' ? { importance: (value || null) as Concern['importance'] } : { [column]: orNull(value) }) }));
  const saveAction = (row: Action, column: string, value: string) =>
    run(() => api.post('/api/drbfm/saveAction', { projectId, id: row.id, version: row.version, ...(column === 'description' ? { description: value.trim() } : column === 'status' ? { status: value as Action['status'] } : { [column]: orNull(value) }) }));

  return (
    <div className="drbfm-worksheet" data-testid="drbfm-worksheet">
      <section className="drbfm-section drbfm-change" aria-labelledby="drbfm-change-title">
        <header>
          <h3 id="drbfm-change-title">
            <Trans>Change under review</Trans>
          </h3>
          {c.ewoNum ? <span className="dfmea-badge" data-testid="drbfm-ewo">{t`From EWO ${c.ewoNum}`}</span> : null}
          {readOnly ? null : (
            <Button data-testid="drbfm-edit-change" onClick={() => setDialog({ kind: 'change' })}>
              <Trans>Edit</Trans>
            </Button>
          )}
        </header>
        <dl className="drbfm-change-fields">
          <dt>{t`Change point`}</dt>
          <dd data-testid="drbfm-change-point-view" data-user-content>{c.changePoint}</dd>
          <dt>{t`Reason for the change`}</dt>
          <dd data-user-content>{c.changeReason ?? '—'}</dd>
          <dt>{t`Before`}</dt>
          <dd data-user-content>{c.beforeChange ?? '—'}</dd>
          <dt>{t`After`}</dt>
          <dd data-user-content>{c.afterChange ?? '—'}</dd>
        </dl>
      </section>
      <Section title={t`Changed parts and their functions`} add={readOnly ? null : { label: t`Add part`, testId: 'drbfm-add-part', onClick: () => setDialog({ kind: 'part' }) }}>
        <DataGrid<Part> aria-label={t`Changed parts`} gridId="drbfm-parts" columns={partColumns} rowKey={(r) => r.id} rows={view.parts} pageLocalRows pageSize={20} canEditRow={() => !readOnly} onCellChange={readOnly ? undefined : savePart} emptyText={t`No changed part yet.`} labels={grid} />
      </Section>
      <Section title={t`Concerns`} add={readOnly || view.parts.length === 0 ? null : { label: t`Add concern`, testId: 'drbfm-add-concern', onClick: () => setDialog({ kind: 'concern' }) }}>
        <DataGrid<Concern> aria-label={t`Concerns`} gridId="drbfm-concerns" columns={concernColumns} rowKey={(r) => r.id} rows={view.concerns} pageLocalRows pageSize={50} canEditRow={() => !readOnly} onCellChange={readOnly ? undefined : saveConcern} emptyText={view.parts.length ? t`No concern raised yet.` : t`Add a changed part first: concerns are raised on a part.`} labels={grid} />
      </Section>
      <Section title={t`Design and evaluation actions`} add={readOnly || view.concerns.length === 0 ? null : { label: t`Add action`, testId: 'drbfm-add-action', onClick: () => setDialog({ kind: 'action' }) }}>
        <DataGrid<Action> aria-label={t`Actions`} gridId="drbfm-actions" columns={actionColumns} rowKey={(r) => r.id} rows={view.actions} pageLocalRows pageSize={50} canEditRow={() => !readOnly} onCellChange={readOnly ? undefined : saveAction} emptyText={t`No action yet.`} labels={grid} />
      </Section>
      <Section title={t`Review meetings`} add={readOnly ? null : { label: t`Record a meeting`, testId: 'drbfm-add-meeting', onClick: () => setDialog({ kind: 'meeting' }) }}>
        {view.meetings.length === 0 ? (
          <p className="muted">
            <Trans>No review meeting recorded yet.</Trans>
          </p>
        ) : (
          <ol className="drbfm-meetings" data-testid="drbfm-meetings">
            {view.meetings.map((m) => (
              <li key={m.id}>
                <strong>{m.meetingDate}</strong> · <span data-user-content>{m.participants}</span>
                {m.minutes ? <p data-user-content>{m.minutes}</p> : null}
                {m.decisions ? (
                  <p>
                    <em>{t`Decisions`}:</em> <span data-user-content>{m.decisions}</span>
                  </p>
                ) : null}
                {readOnly ? null : (
                  <Button kind="link" onClick={() => void remove('meeting', m, m.meetingDate)}>
                    <Trans>Remove</Trans>
                  </Button>
                )}
              </li>
            ))}
          </ol>
        )}
      </Section>
      {dialog?.kind === 'change' ? <ChangeDialog view={view} onClose={() => setDialog(null)} onSaved={saved} /> : null}
      {dialog?.kind === 'part' ? <PartDialog view={view} onClose={() => setDialog(null)} onSaved={saved} /> : null}
      {dialog?.kind === 'concern' ? <ConcernDialog view={view} me={me} onClose={() => setDialog(null)} onSaved={saved} /> : null}
      {dialog?.kind === 'action' ? <ActionDialog view={view} concernId={dialog.concernId} onClose={() => setDialog(null)} onSaved={saved} /> : null}
      {dialog?.kind === 'meeting' ? <MeetingDialog view={view} onClose={() => setDialog(null)} onSaved={saved} /> : null}
      {dialog?.kind === 'send' ? <SendConcernDialog view={view} concern={dialog.concern} onClose={() => setDialog(null)} onSaved={saved} /> : null}
    </div>
  );
}

function Section({ title, add, children }: { title: string; add: { label: string; testId: string; onClick: () => void } | null; children: React.ReactNode }) {
  return (
    <section className="drbfm-section" aria-label={title}>
      <header>
        <h3>{title}</h3>
        {add ? (
          <Button data-testid={add.testId} onClick={add.onClick}>
            {add.label}
          </Button>
        ) : null}
      </header>
      {children}
    </section>
  );
}
