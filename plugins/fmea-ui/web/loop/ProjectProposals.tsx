import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Drawer, Field, FormDialog, formatDateTime, notifyError, TextArea, useForm, useGuardedNavigate, useUser } from '@fmea/sdk';
import { useProjectRead } from '../shared/project-read.ts';
import { useLoopLabels, type Proposal } from './labels.ts';
import { AcceptCauseDialog } from './AcceptCauseDialog.tsx';
import { ProposalItem } from './ProposalItem.tsx';
import './loop.css';

/**
 * The FMEA side of closing the loop (docs/domain/closed-loop.md): the
 * project's change proposals from problems and EWOs, read once per project
 * and again after writes; the responsible person's inbox to accept (it
 * becomes an optimisation action) or reject them; and the markers that show,
 * on a row, the problem or EWO that changed it.
 */
export interface ProjectProposals {
  readonly items: readonly Proposal[];
  /** The first read answered (until then the inbox says nothing rather than "none"). */
  readonly loaded: boolean;
  /** By failure (the row proposed on, and the cause an accepted one's action is on) and by action. */
  readonly byFailure: ReadonlyMap<string, readonly Proposal[]>;
  readonly byAction: ReadonlyMap<string, Proposal>;
  readonly reload: () => void;
}

const EMPTY: ProjectProposals = { items: [], loaded: false, byFailure: new Map(), byAction: new Map(), reload: () => undefined };
const Context = createContext<ProjectProposals>(EMPTY);

export function useProjectProposals(projectId: string | null): ProjectProposals {
  const { value: items, reload } = useProjectRead(projectId, (id) => api.get('/api/fmea/proposals', { projectId: id }), ['/api/fmea/']);
  return useMemo(() => {
    const byFailure = new Map<string, Proposal[]>();
    const add = (id: string | null, p: Proposal) => {
      if (id) byFailure.set(id, [...(byFailure.get(id) ?? []).filter((q) => q.id !== p.id), p]);
    };
    const byAction = new Map<string, Proposal>();
    for (const p of items ?? []) {
      if (p.status === 'rejected') continue;
      add(p.targetRowId, p);
      add(p.actionCauseId, p);
      if (p.actionId) byAction.set(p.actionId, p);
    }
    return { items: items ?? [], loaded: items !== null, byFailure, byAction, reload };
  }, [items, reload]);
}

export function ProposalsScope({ proposals, children }: { proposals: ProjectProposals; children: ReactNode }) {
  return <Context.Provider value={proposals}>{children}</Context.Provider>;
}

/** A row's marker: the problems and EWOs that changed it (accepted) or ask to (open); each opens its source. */
export function LoopMarker({ failureId, actionId }: { failureId?: string | null; actionId?: string | null }) {
  const { t } = useLingui();
  const labels = useLoopLabels();
  const navigate = useGuardedNavigate();
  const { byFailure, byAction } = useContext(Context);
  const mine = actionId ? (byAction.get(actionId) ? [byAction.get(actionId)!] : []) : failureId ? (byFailure.get(failureId) ?? []) : [];
  if (mine.length === 0) return null;
  return (
    <>
      {mine.map((p) => {
        const source = labels.source(p);
        const title = p.status === 'accepted' ? t`Changed by ${source}: ${p.description}` : t`${source} proposes: ${p.description}`;
        return (
          <button
            key={p.id}
            type="button"
            className={`loop-marker loop-marker-${p.status}`}
            data-testid={`loop-marker-${actionId ?? failureId}`}
            title={title}
            aria-label={title}
            onClick={(e) => {
              e.stopPropagation();
              if (p.sourceLink) void navigate(p.sourceLink);
            }}
          >
            {p.sourceNumber}
          </button>
        );
      })}
    </>
  );
}

/** The header's button: the open proposals waiting for the responsible person (nothing when there are none at all). */
export function ProposalsButton({ proposals, onOpen }: { proposals: ProjectProposals; onOpen: () => void }) {
  const open = proposals.items.filter((p) => p.status === 'open').length;
  if (proposals.items.length === 0) return null;
  const text = open > 0 ? plural(open, { one: '# change proposal', other: '# change proposals' }) : plural(proposals.items.length, { one: 'Change proposals (#)', other: 'Change proposals (#)' });
  return (
    <button type="button" className={open > 0 ? 'dfmea-badge loop-badge loop-badge-open' : 'dfmea-badge loop-badge'} data-testid="loop-proposals-open" onClick={onOpen}>
      {text}
    </button>
  );
}

/**
 * The project's proposals: the open ones first. The responsible person
 * accepts one (it becomes an optimisation action on its row, carried out by
 * them unless they name someone else later in the optimisation step) or
 * rejects it with a reason; others read them.
 */
export function ProposalsInbox({ project, proposals, onClose, onChanged, side }: { project: { id: string; responsibleUserId: string | null }; proposals: ProjectProposals; onClose: () => void; onChanged: () => void; side?: 'left' | 'right' }) {
  const { t, i18n } = useLingui();
  const labels = useLoopLabels();
  const navigate = useGuardedNavigate();
  const me = useUser()?.userId ?? null;
  const decides = me !== null && me === project.responsibleUserId;
  const [rejecting, setRejecting] = useState<Proposal | null>(null);
  // a missing cause asks where it goes; the other kinds are accepted at once
  const [placing, setPlacing] = useState<Proposal | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const accept = async (p: Proposal) => {
    setBusy(p.id);
    try {
      await api.post('/api/fmea/proposals/accept', { id: p.id, version: p.version });
      proposals.reload();
      onChanged();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Drawer title={t`Change proposals from problems, engineering changes and DRBFMs`} width={640} testId="loop-inbox" side={side} onClose={onClose}>
      {proposals.loaded && proposals.items.length === 0 ? (
        <p className="muted">
          <Trans>No change proposals.</Trans>
        </p>
      ) : null}
      {!decides ? (
        <p className="muted" data-testid="loop-inbox-readonly">
          <Trans>Only the FMEA's responsible person accepts or rejects proposals.</Trans>
        </p>
      ) : null}
      <ol className="loop-list">
        {proposals.items.map((p) => (
          <ProposalItem
            key={p.id}
            proposal={p}
            testId={`loop-proposal-${p.id}`}
            head={
              <Button kind="link" data-testid="loop-source-link" disabled={!p.sourceLink} onClick={() => p.sourceLink && void navigate(p.sourceLink)}>
                {labels.source(p)}
              </Button>
            }
            trailing={
              <>
                {p.status === 'accepted' ? (
                  <div className="muted" data-testid="loop-became-action">
                    <Trans>Became an optimisation action.</Trans>
                  </div>
                ) : null}
                {decides && p.status === 'open' ? (
                  <div className="loop-item-actions">
                    <Button kind="primary" data-testid="loop-accept" disabled={busy !== null} onClick={() => (p.causeFunctions?.length ? setPlacing(p) : void accept(p))}>
                      <Trans>Accept as optimisation action</Trans>
                    </Button>
                    <Button data-testid="loop-reject" disabled={busy !== null} onClick={() => setRejecting(p)}>
                      <Trans>Reject</Trans>
                    </Button>
                  </div>
                ) : null}
              </>
            }
          >
            <div className="loop-item-why">
              <Trans>Rationale</Trans>: <span data-user-content>{p.rationale}</span>
            </div>
            <div className="muted">
              {p.proposedByName ?? '—'} · {formatDateTime(p.proposedAt, i18n.locale)}
              {p.decidedAt ? ` · ${labels.status[p.status]} ${p.decidedByName ?? ''} ${formatDateTime(p.decidedAt, i18n.locale)}` : ''}
            </div>
          </ProposalItem>
        ))}
      </ol>
      {placing ? (
        <AcceptCauseDialog
          proposal={placing}
          onClose={() => setPlacing(null)}
          onSaved={() => {
            setPlacing(null);
            proposals.reload();
            onChanged();
          }}
        />
      ) : null}
      {rejecting ? (
        <RejectDialog
          proposal={rejecting}
          onClose={() => setRejecting(null)}
          onSaved={() => {
            setRejecting(null);
            proposals.reload();
          }}
        />
      ) : null}
    </Drawer>
  );
}

function RejectDialog({ proposal, onClose, onSaved }: { proposal: Proposal; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const form = useForm({
    initial: { reason: '' },
    validate: ({ reason }) => ({ fields: { reason: reason.trim() ? undefined : t`Say why the proposal is rejected.` } }),
    save: ({ reason }) => api.post('/api/fmea/proposals/reject', { id: proposal.id, version: proposal.version, reason }),
    onSaved,
  });
  return (
    <FormDialog form={form} title={t`Reject the proposal`} submitLabel={t`Reject`} saveTestId="loop-reject-save" onClose={onClose}>
      <Field label={t`Reason`} required error={form.error('reason')}>
        {(id) => <TextArea id={id} data-testid="loop-reject-reason" maxLength={2000} value={form.draft.reason} onChange={(e) => form.set('reason', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
